import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadRegistry } from './registry';
import { choosePorts, countTests, describeReplicas, restartReplica, startStack } from './stack';
import { Supervisor } from './supervisor';

const registry = {
  apps: [
    { name: 'gateway', port: 3000, public: true },
    { name: 'auth', port: 3101 },
  ],
};
const ROOT = path.resolve(__dirname, '../../..');
const quiet = { step: () => {}, info: () => {}, ok: () => {}, warn: () => {}, fail: () => {} };

describe('stack helpers', () => {
  it("adds up Jest's Tests: lines", () => {
    expect(
      countTests([
        'Tests:       2 passed, 2 total',
        'Tests:       1 failed, 1 skipped, 1 todo, 5 passed, 8 total',
      ]),
    ).toEqual({ passed: 7, failed: 1, skipped: 2 });
  });

  it('uses KITTY_<APP>_PORT and KITTY_MAILDEV_*_PORT in development', async () => {
    const userEnv = { KITTY_GATEWAY_PORT: '0', KITTY_MAILDEV_WEB_PORT: 'x' };
    await expect(choosePorts(registry, { mode: 'development', userEnv })).rejects.toThrow(
      'Invalid port "0" for gateway',
    );
    await expect(
      choosePorts(registry, { mode: 'development', userEnv: { KITTY_MAILDEV_WEB_PORT: 'x' } }),
    ).rejects.toThrow('Invalid port "NaN" for MailDev web inbox');
  });

  it('takes free ports from the operating system in tests, whatever the user set', async () => {
    const { ports } = await choosePorts(registry, { mode: 'test', userEnv: { KITTY_GATEWAY_PORT: '3000' } });
    expect(Object.keys(ports).sort()).toEqual(['auth', 'gateway', 'mailWeb', 'smtp']);
    expect(new Set(Object.values(ports)).size).toBe(4);
    expect(ports.gateway).not.toBe(3000);
  });

  it('gives every replica a port: the gateway keeps its own for the balancer, the others start at their own', async () => {
    const replicas = { gateway: 3, auth: 2 };
    const { ports } = await choosePorts(registry, { mode: 'test', userEnv: {}, replicas });
    const keys = ['gateway', 'gateway-1', 'gateway-2', 'gateway-3', 'auth', 'auth-1', 'auth-2'];
    expect(Object.keys(ports)).toEqual(expect.arrayContaining(keys));
    expect(ports.auth).toBe(ports['auth-1']);
    const distinct = new Set(keys.filter((k) => k !== 'auth').map((k) => ports[k]));
    expect(distinct.size).toBe(6);

    const planned = await choosePorts(registry, {
      mode: 'development',
      userEnv: { KITTY_AUTH_PORT: '43101' },
      replicas,
    });
    // Defaults in development step by 100 (3100, 3200, 3300 behind 3000), unless busy on this machine.
    expect(planned.ports['auth-1']).toBe(43101);
    expect(planned.ports['auth-2']).toBeGreaterThanOrEqual(43201);

    const withOps = { apps: [{ name: 'gateway', port: 3000, public: true, opsPort: 3001 }] };
    const ops = await choosePorts(withOps, { mode: 'test', userEnv: {}, replicas: { gateway: 2 } });
    expect(Object.keys(ops.ports)).toEqual(
      expect.arrayContaining(['gateway', 'gateway-1', 'gateway-2', 'gateway-1:ops', 'gateway-2:ops']),
    );
  });
});

describe('startStack with replicas (stand-in apps)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-replicas-'));
  const supervisor = new Supervisor({ logDir: path.join(dir, 'logs'), echo: false });
  let stopStack: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await stopStack?.();
    await supervisor.stopAll({ graceMs: 2000 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts N processes per app, a balancer on the gateway port, and restarts one replica on its port', async () => {
    const standIns = loadRegistry(ROOT, 'infra/dev-stack/test-fixtures/stand-in-apps.js');
    // The gateway's operator surface: one more port per replica, in OPS_HTTP_PORT.
    standIns.apps = standIns.apps.map((app) => (app.public ? { ...app, opsPort: 3001 } : app));
    const started = await startStack({
      mode: 'test',
      registry: standIns,
      supervisor,
      say: quiet,
      userEnv: { ...process.env, STAND_IN_NO_PROBES: '1', KITTY_NODE: 'machine' },
      withMaildev: false,
      replicas: { gateway: 3, auth: 2, residency: 1, notifications: 1 },
      databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
      redisUrl: 'redis://127.0.0.1:1',
      jwtAccessSecret: 'x',
      opsPassword: 'x',
      emailLinkSecret: 'x',
      queuePrefix: 'kitty-test',
      stripeWebhookSecret: 'whsec_x',
      mailDir: path.join(dir, 'mail'),
      stripeSandboxDataDir: path.join(dir, 'sandbox'),
      timeoutMs: 20_000,
    });
    stopStack = started.stop;

    const described = describeReplicas(started.replicas);
    expect(
      Object.fromEntries(Object.entries(described).map(([app, list]) => [app, list.map((r) => r.name)])),
    ).toEqual({
      gateway: ['gateway-1', 'gateway-2', 'gateway-3'],
      auth: ['auth-1', 'auth-2'],
      residency: ['residency'],
      notifications: ['notifications'],
    });
    expect(fs.existsSync(path.join(dir, 'logs', 'gateway-2.log'))).toBe(true);
    const gatewayPorts = described.gateway.map((r) => String(r.port));

    // Round robin: three fresh connections reach the three replicas (each reports its own HTTP_PORT).
    const portBehind = async () => {
      const response = await fetch(`${started.gatewayUrl}/env`, { headers: { connection: 'close' } });
      return ((await response.json()) as { HTTP_PORT: string }).HTTP_PORT;
    };
    const seen = [await portBehind(), await portBehind(), await portBehind()];
    expect(seen.sort()).toEqual([...gatewayPorts].sort());
    const opsPorts = described.gateway.map((r) => r.opsPort);
    expect(new Set(opsPorts).size).toBe(3);
    expect(opsPorts).not.toContainEqual(undefined);
    expect(started.replicas[0].env.OPS_HTTP_PORT).toBe(String(opsPorts[0]));
    expect(described.auth[0].opsPort).toBeUndefined();

    // One gateway replica SIGKILLed: the public address keeps answering; restarted, it is back on its port.
    const victim = started.replicas.find((r) => r.name === 'gateway-2');
    if (!victim) throw new Error('no gateway-2');
    const oldPid = victim.proc.pid;
    await supervisor.stop(victim.proc, { signal: 'SIGKILL' });
    for (let i = 0; i < 4; i += 1) expect(gatewayPorts).toContain(await portBehind());
    await restartReplica({
      supervisor,
      replica: victim,
      generation: 2,
      timeoutMs: 20_000,
    });
    expect(victim.proc.pid).not.toBe(oldPid);
    expect(victim.proc.name).toBe('gateway-2.2');
    expect(describeReplicas(started.replicas).gateway[1]).toEqual({
      name: 'gateway-2',
      pid: victim.proc.pid,
      port: victim.port,
      opsPort: victim.opsPort,
    });
    const env = (await (await fetch(`http://127.0.0.1:${victim.port}/env`)).json()) as NodeJS.ProcessEnv;
    expect(env.OPS_HTTP_PORT).toBe(String(victim.opsPort));
  });
});
