import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { holdMachineLock } from './machine-lock';

const lockDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'machine-lock-'));

describe('holdMachineLock', () => {
  it('takes a free lock and writes its pid', () => {
    const dir = lockDir();
    expect(holdMachineLock('deploy test', { waitMs: 0, say: () => undefined, dir })).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'kitty-deploy test.lock'), 'utf8')).toBe(String(process.pid));
  });

  it('waits for a live holder and gives up when it does not let go, saying who holds it', () => {
    const dir = lockDir();
    const holder = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'kitty-deploy.lock'), String(holder.pid));
      const said: string[] = [];
      expect(holdMachineLock('deploy', { waitMs: 100, say: (m) => said.push(m), dir })).toBe(false);
      expect(said).toEqual([expect.stringContaining(`another deploy (pid ${holder.pid}) holds`)]);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose holder died, or that holds no pid', () => {
    const dir = lockDir();
    const file = path.join(dir, 'kitty-deploy.lock');
    const gone = spawn('true');
    const deadPid = gone.pid!;
    return new Promise<void>((resolve) => gone.on('exit', () => resolve())).then(() => {
      fs.writeFileSync(file, String(deadPid));
      expect(holdMachineLock('deploy', { waitMs: 0, say: () => undefined, dir })).toBe(true);
      fs.writeFileSync(file, 'garbage');
      expect(holdMachineLock('deploy', { waitMs: 0, say: () => undefined, dir })).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    });
  });
});
