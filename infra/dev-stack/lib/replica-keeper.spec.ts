import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadRegistry } from './registry';
import { ReplicaKeeper } from './replica-keeper';
import { startStack } from './stack';
import { type Proc, Supervisor } from './supervisor';

const ROOT = path.resolve(__dirname, '../../..');
const quiet = { step: () => {}, info: () => {}, ok: () => {}, warn: () => {}, fail: () => {} };

describe('ReplicaKeeper (stand-in apps)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-keeper-'));
  const restarts: (Promise<void> | null)[] = [];
  const failures: string[] = [];
  const supervisor = new Supervisor({
    logDir: path.join(dir, 'logs'),
    echo: false,
    onUnexpectedExit: (proc: Proc) => restarts.push(keeper.exited(proc)),
  });
  // Referenced by the supervisor's callback above, which runs only once processes exit.
  const keeper = new ReplicaKeeper({
    supervisor,
    file: path.join(dir, 'replicas.json'),
    timeoutMs: 20_000,
    onFailure: (message) => failures.push(message),
    maxRestarts: 2,
  });
  let stopStack: (() => Promise<void>) | undefined;

  afterAll(async () => {
    keeper.stop();
    await stopStack?.();
    await supervisor.stopAll({ graceMs: 2000 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const readFile = () =>
    JSON.parse(fs.readFileSync(keeper.file, 'utf8')) as Record<string, { name: string; pid: number }[]>;

  it('starts a killed replica again on its port, rewrites the replicas file, and gives up after its restarts', async () => {
    const registry = loadRegistry(ROOT, 'infra/dev-stack/test-fixtures/stand-in-apps.js');
    const started = await startStack({
      mode: 'test',
      registry,
      supervisor,
      say: quiet,
      userEnv: { ...process.env, STAND_IN_NO_PROBES: '1', KITTY_NODE: 'machine' },
      withMaildev: false,
      replicas: { gateway: 1, auth: 2, residency: 1, notifications: 1 },
      databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
      redisUrl: 'redis://127.0.0.1:1',
      jwtAccessSecret: 'x',
      opsPassword: 'x',
      queuePrefix: 'kitty-test',
      stripeWebhookSecret: 'whsec_x',
      mailDir: path.join(dir, 'mail'),
      stripeSandboxDataDir: path.join(dir, 'sandbox'),
      timeoutMs: 20_000,
    });
    stopStack = started.stop;
    keeper.watch(started.replicas);
    const [first] = readFile().auth.filter((r) => r.name === 'auth-2');
    const auth2 = started.replicas.find((r) => r.name === 'auth-2');
    if (!auth2) throw new Error('no auth-2');

    // Killed from outside (as a suite does), not through the supervisor: an unexpected exit.
    process.kill(-first.pid, 'SIGKILL');
    await waitFor(() => restarts.length === 1);
    await restarts[0];
    const [second] = readFile().auth.filter((r) => r.name === 'auth-2');
    expect(second.pid).not.toBe(first.pid);
    expect(auth2.proc.name).toBe('auth-2.2');
    const health = await fetch(`http://127.0.0.1:${auth2.port}/health`);
    expect(health.status).toBe(200);

    process.kill(-second.pid, 'SIGKILL');
    await waitFor(() => restarts.length === 2);
    await restarts[1];
    expect(auth2.proc.name).toBe('auth-2.3');

    // Its two restarts are used up: the third death is left alone.
    process.kill(-auth2.proc.pid, 'SIGKILL');
    await waitFor(() => restarts.length === 3);
    expect(restarts[2]).toBeNull();
    expect(failures).toEqual([]);
  });

  it('ignores processes that are not replicas, and everything once stopped', () => {
    expect(keeper.exited({ name: 'maildev' } as Proc)).toBeNull();
    keeper.stop();
    const replica = keeper.replicas[0];
    expect(keeper.exited(replica.proc)).toBeNull();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
