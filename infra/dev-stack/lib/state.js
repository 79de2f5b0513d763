// @ts-check
'use strict';
// .kitty/stack.json records the running development stack: a second `npm start` refuses to run beside
// it, and processes left behind by a launcher that was killed outright are stopped on the next start.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { isAlive, signalGroup } = require('./supervisor');

/**
 * @typedef {{ name: string, pid: number, command: string }} Child
 * @typedef {{ pid: number, startedAt?: string, publicUrl?: string, appNode?: string, children?: Child[] }} State
 */

/**
 * The command line of a running process ('' if none): /proc on Linux, `ps` elsewhere (macOS).
 * @param {number} pid
 */
function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout.trim() : '';
  }
}

// What must still appear in a recorded process's command line before we signal it (pids get reused):
// the script of a Node process (the machine's or the shipped one), else the program's name (redis-server
// rewrites the rest of its title).
/** @param {import('node:child_process').ChildProcess} child */
function marker(child) {
  const program = path.basename(child.spawnfile);
  return program === 'node' || child.spawnfile === process.execPath ? child.spawnargs[1] : program;
}

class StackState {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
  }

  /** @returns {State | null} */
  read() {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return null;
    }
  }

  /**
   * Claims the stack for this process. Throws if another launcher is running; stops the leftovers of
   * one that died without cleaning up (only processes whose command line still matches what we started).
   * Returns the names of the leftovers it stopped.
   */
  async claim() {
    const previous = this.read();
    const stopped = [];
    if (previous) {
      if (
        previous.pid !== process.pid &&
        isAlive(previous.pid) &&
        commandLine(previous.pid).includes('dev-stack')
      ) {
        const where = previous.publicUrl ? ` at ${previous.publicUrl}` : '';
        throw new Error(
          `Kitty is already running${where} (launcher pid ${previous.pid}). Stop it with Ctrl-C in its terminal, or: kill ${previous.pid}`,
        );
      }
      for (const child of previous.children ?? []) {
        if (isAlive(child.pid) && child.command && commandLine(child.pid).includes(child.command)) {
          signalGroup(child.pid, 'SIGTERM');
          stopped.push({ ...child });
        }
      }
      const deadline = Date.now() + 10_000;
      while (stopped.some((c) => isAlive(c.pid)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      stopped.filter((c) => isAlive(c.pid)).forEach((c) => signalGroup(c.pid, 'SIGKILL'));
    }
    this.write({ pid: process.pid, startedAt: new Date().toISOString(), children: [] });
    return stopped.map((c) => c.name);
  }

  /** @param {State} state */
  write(state) {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, `${JSON.stringify(state, null, 2)}\n`);
  }

  /**
   * Records the supervised processes (and, once known, the URL and the Node binary the apps run on).
   * @param {import('./supervisor').Proc[]} processes
   * @param {{ publicUrl?: string, appNode?: string }} [extra]
   */
  update(processes, extra = {}) {
    const current = this.read() ?? { pid: process.pid };
    if (current.pid !== process.pid) return;
    const children = processes
      .filter((p) => !p.exitInfo)
      .map((p) => ({ name: p.name, pid: p.pid, command: marker(p.child) }));
    this.write({ ...current, ...extra, children });
  }

  release() {
    const current = this.read();
    if (current?.pid === process.pid) fs.rmSync(this.file, { force: true });
  }
}

module.exports = { StackState };
