import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ephemeralPort } from './ports';
import { HealthError, Supervisor, waitForHttp } from './supervisor';

const standIn = path.resolve(__dirname, '../test-fixtures/stand-in-app.js');

describe('Supervisor', () => {
  let logDir: string;
  let supervisor: Supervisor;
  const unexpected: string[] = [];

  beforeEach(() => {
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-supervisor-'));
    unexpected.length = 0;
    supervisor = new Supervisor({
      logDir,
      echo: false,
      names: ['auth'],
      onUnexpectedExit: (proc: { name: string }) => unexpected.push(proc.name),
    });
  });
  afterEach(async () => {
    await supervisor.stopAll({ graceMs: 1000 });
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  async function startStandIn(extraEnv: Record<string, string> = {}) {
    const port = await ephemeralPort();
    const env = { ...process.env, HTTP_PORT: String(port), DATABASE_URL: '', REDIS_URL: '', ...extraEnv };
    const proc = supervisor.start('auth', process.execPath, [standIn, 'auth', '/health'], { env });
    return { proc, url: `http://127.0.0.1:${port}/health` };
  }

  it('starts an app, waits for its health check, logs its output and stops it with SIGTERM', async () => {
    const { proc, url } = await startStandIn();
    const body = await waitForHttp(url, { timeoutMs: 10_000, proc });
    expect(JSON.parse(body)).toMatchObject({ status: 'ok', app: 'auth' });

    const exit = await supervisor.stop(proc);
    expect(exit).toEqual({ code: 0, signal: null });
    const log = fs.readFileSync(path.join(logDir, 'auth.log'), 'utf8');
    expect(log).toContain('auth listening on');
    expect(log).toContain('auth: SIGTERM, closing');
    expect(unexpected).toEqual([]);
  });

  it('kills an app that ignores SIGTERM once the grace period is over', async () => {
    const { proc, url } = await startStandIn({ STAND_IN_IGNORE_SIGTERM: 'auth' });
    await waitForHttp(url, { timeoutMs: 10_000, proc });
    const started = Date.now();
    const exit = await supervisor.stop(proc, { graceMs: 300 });
    expect(exit.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails fast, naming the app, when it exits before becoming healthy', async () => {
    const { proc, url } = await startStandIn({ STAND_IN_CRASH: 'auth' });
    const error = await waitForHttp(url, { timeoutMs: 10_000, proc }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HealthError);
    expect(error).toMatchObject({ app: 'auth', message: 'auth exited (code 1) before becoming healthy' });
    expect(supervisor.tail(proc, 5)).toContain('configuration invalid');
    expect(unexpected).toEqual(['auth']);
  });

  it('times out with the last answer when an app never becomes healthy', async () => {
    const { proc, url } = await startStandIn({ STAND_IN_UNHEALTHY: 'auth' });
    const error = await waitForHttp(url, { timeoutMs: 1500, proc, intervalMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HealthError);
    expect((error as Error).message).toMatch(
      /^auth did not become healthy within 1.5 s \(GET .*\/health: HTTP 503/,
    );
  });
});
