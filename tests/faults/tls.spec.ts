// TLS to Redis and PostgreSQL, with a CA made here (openssl): a service starts on `rediss://` and
// `sslmode=verify-full` when it trusts the servers' CA, and refuses to start, saying which server and why,
// when it does not (another CA, a certificate for another name).
// Runs the built residency service (dist/, as npm test builds it): the start-up path every service shares.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SERVICE = path.join(ROOT, 'dist/apps/residency/apps/residency/src/main.js');
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

jest.setTimeout(180_000);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

function run(command: string, args: string[], options: { uid?: number; gid?: number; cwd?: string } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

/** A CA and a server certificate it signed for `names` (DNS and IP SANs). */
function makeCertificates(dir: string, ca: string, server: string, names: string[]) {
  const file = (name: string) => path.join(dir, name);
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${ca}`,
    '-keyout',
    file(`${ca}.key`),
    '-out',
    file(`${ca}.pem`),
  ]);
  run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${server}`,
    '-keyout',
    file(`${server}.key`),
    '-out',
    file(`${server}.csr`),
  ]);
  const san = names.map((name) => (net.isIP(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  fs.writeFileSync(file(`${server}.ext`), `subjectAltName=${san}\n`);
  run('openssl', [
    'x509',
    '-req',
    '-in',
    file(`${server}.csr`),
    '-CA',
    file(`${ca}.pem`),
    '-CAkey',
    file(`${ca}.key`),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file(`${server}.ext`),
    '-out',
    file(`${server}.pem`),
  ]);
}

/** PostgreSQL refuses to run as root: the machine's `postgres` account runs the test's cluster. */
function postgresAccount() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startService(env: NodeJS.ProcessEnv, httpPort: number): Started {
  let output = '';
  const child = spawn(process.execPath, [SERVICE], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HTTP_PORT: String(httpPort),
      QUEUE_PREFIX: `tls-${process.pid}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const healthy = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
  } catch {
    return false;
  }
};

describe('TLS to Redis and PostgreSQL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-tls-'));
  const servers: ChildProcess[] = [];
  let redisTlsPort: number;
  let redisPlainPort: number;
  let postgresPort: number;

  beforeAll(async () => {
    if (!fs.existsSync(SERVICE)) throw new Error(`${SERVICE} is missing: npx nx run residency:build`);
    // 'kitty' certificates name localhost only; the test reaches 127.0.0.1 to see a name that does not match.
    makeCertificates(dir, 'kitty-ca', 'kitty-server', ['localhost']);
    makeCertificates(dir, 'rogue-ca', 'rogue-server', ['localhost', '127.0.0.1']);
    const account = postgresAccount();
    fs.chmodSync(dir, 0o755);
    for (const name of ['kitty-server.key', 'kitty-server.pem', 'kitty-ca.pem'])
      if (account.uid !== undefined) fs.chownSync(path.join(dir, name), account.uid, account.gid!);
    fs.chmodSync(path.join(dir, 'kitty-server.key'), 0o600);

    [redisTlsPort, redisPlainPort, postgresPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const redis = spawn(
      'redis-server',
      [
        '--port',
        String(redisPlainPort),
        '--tls-port',
        String(redisTlsPort),
        '--bind',
        '127.0.0.1',
        '--tls-cert-file',
        path.join(dir, 'kitty-server.pem'),
        '--tls-key-file',
        path.join(dir, 'kitty-server.key'),
        '--tls-ca-cert-file',
        path.join(dir, 'kitty-ca.pem'),
        '--tls-auth-clients',
        'no',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore', ...account },
    );
    servers.push(redis);

    const data = path.join(dir, 'pgdata');
    fs.mkdirSync(data, { mode: 0o700 });
    if (account.uid !== undefined) fs.chownSync(data, account.uid, account.gid!);
    run(
      path.join(POSTGRES_BIN, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-instructions'],
      {
        ...account,
        cwd: dir,
      },
    );
    const postgres = spawn(
      path.join(POSTGRES_BIN, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(postgresPort),
        '-h',
        '127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'ssl=on',
        '-c',
        `ssl_cert_file=${path.join(dir, 'kitty-server.pem')}`,
        '-c',
        `ssl_key_file=${path.join(dir, 'kitty-server.key')}`,
      ],
      { stdio: 'ignore', cwd: dir, ...account },
    );
    servers.push(postgres);
    await waitFor(
      () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(postgresPort)]).status === 0,
      'PostgreSQL accepting connections',
    );
  });

  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const postgresUrl = (host: string, ca: string) =>
    `postgresql://postgres@${host}:${postgresPort}/postgres?sslmode=verify-full&sslrootcert=${path.join(dir, ca)}`;

  /** How the service ends when it should refuse to start; one still running after a minute is stopped. */
  async function refusal(env: NodeJS.ProcessEnv) {
    const service = startService(env, await freePort());
    const stillRunning = setTimeout(() => service.child.kill('SIGKILL'), 60_000);
    const code = await service.exited;
    clearTimeout(stillRunning);
    return { code, output: service.output() };
  }

  it('starts on rediss:// and sslmode=verify-full when it trusts the CA that signed both', async () => {
    const port = await freePort();
    const service = startService(
      {
        REDIS_URL: `rediss://localhost:${redisTlsPort}`,
        DATABASE_URL: postgresUrl('localhost', 'kitty-ca.pem'),
        NODE_EXTRA_CA_CERTS: path.join(dir, 'kitty-ca.pem'),
      },
      port,
    );
    try {
      await waitFor(() => healthy(port), 'residency healthy over TLS', 90_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${service.output()}`);
      });
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  });

  it('refuses to start when Redis presents a certificate from a CA it does not trust', async () => {
    const { code, output } = await refusal({
      REDIS_URL: `rediss://localhost:${redisTlsPort}`,
      DATABASE_URL: postgresUrl('localhost', 'kitty-ca.pem'),
      NODE_EXTRA_CA_CERTS: path.join(dir, 'rogue-ca.pem'),
    });
    expect(code).toBe(1);
    expect(output).toContain("Refusing to start: a server's certificate is not trusted.");
    expect(output).toMatch(/Redis at rediss:\/\/localhost:\d+: .*\(SELF_SIGNED_CERT_IN_CHAIN\)/);
    expect(output).toContain('NODE_EXTRA_CA_CERTS');
    expect(output).not.toContain('PostgreSQL at');
  });

  it('refuses to start when PostgreSQL is verified against another CA, or under a name its certificate lacks', async () => {
    const otherCa = await refusal({
      REDIS_URL: `redis://127.0.0.1:${redisPlainPort}`,
      DATABASE_URL: postgresUrl('localhost', 'rogue-ca.pem'),
    });
    expect(otherCa.code).toBe(1);
    expect(otherCa.output).toMatch(
      /PostgreSQL at postgresql:\/\/localhost:\d+\/postgres\?sslmode=verify-full.*: .*\(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
    );
    expect(otherCa.output).toContain('sslrootcert=<CA file> in DATABASE_URL');

    const otherName = await refusal({
      REDIS_URL: `redis://127.0.0.1:${redisPlainPort}`,
      DATABASE_URL: postgresUrl('127.0.0.1', 'kitty-ca.pem'),
    });
    expect(otherName.code).toBe(1);
    expect(otherName.output).toMatch(/PostgreSQL at .*\(ERR_TLS_CERT_ALTNAME_INVALID\)/);
  });
});
