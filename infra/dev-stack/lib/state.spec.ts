import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { StackState } from './state';
import { isAlive } from './supervisor';

describe('StackState', () => {
  let dir: string;
  let file: string;
  const spawned: number[] = [];

  // A process whose command line contains `marker`, in its own group like the supervisor's children.
  function sleeper(marker: string) {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], {
      detached: true,
      stdio: 'ignore',
    });
    spawned.push(child.pid as number);
    return child.pid as number;
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-state-'));
    file = path.join(dir, 'stack.json');
  });
  afterEach(() => {
    for (const pid of spawned.splice(0)) if (isAlive(pid)) process.kill(-pid, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('claims a free stack and releases it', async () => {
    const state = new StackState(file);
    expect(await state.claim()).toEqual([]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    state.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses to run beside a live launcher, saying where it runs', async () => {
    const launcher = sleeper('infra/dev-stack/start.mjs');
    fs.writeFileSync(
      file,
      JSON.stringify({ pid: launcher, publicUrl: 'http://localhost:3000', children: [] }),
    );
    await expect(new StackState(file).claim()).rejects.toThrow(
      `Kitty is already running at http://localhost:3000 (launcher pid ${launcher})`,
    );
  });

  it('stops what a dead launcher left running, but not a process that merely reuses a recorded pid', async () => {
    const leftover = sleeper('/repo/dist/apps/auth/apps/auth/src/main.js');
    const stranger = sleeper('something-else.js');
    fs.writeFileSync(
      file,
      JSON.stringify({
        pid: 2 ** 22 + 1, // no such process
        children: [
          { name: 'auth', pid: leftover, command: '/repo/dist/apps/auth/apps/auth/src/main.js' },
          { name: 'gateway', pid: stranger, command: '/repo/dist/apps/gateway/apps/gateway/src/main.js' },
        ],
      }),
    );
    expect(await new StackState(file).claim()).toEqual(['auth']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(leftover)).toBe(false);
    expect(isAlive(stranger)).toBe(true);
  });

  it("records an app started on another Node binary (the images' own) by its script, and the apps' Node", async () => {
    const otherNode = path.join(dir, 'node-24', 'node');
    fs.mkdirSync(path.dirname(otherNode));
    fs.symlinkSync(process.execPath, otherNode);
    const main = path.join(dir, 'main.js');
    fs.writeFileSync(main, 'setInterval(() => {}, 1000);');
    const app = spawn(otherNode, [main], { detached: true, stdio: 'ignore' });
    spawned.push(app.pid as number);
    const state = new StackState(file);
    await state.claim();
    state.update([{ name: 'pots', pid: app.pid as number, child: app, exitInfo: null }] as never, {
      appNode: otherNode,
    });
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(recorded.appNode).toBe(otherNode);
    expect(recorded.children).toEqual([{ name: 'pots', pid: app.pid, command: main }]);
  });
});
