'use strict';
// Child processes of the stack: each in its own process group (so Ctrl-C reaches only the launcher,
// which then stops them in order), its output prefixed on the terminal and written to its log file.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { forEachLine, prefixer, stripAnsi, tail } = require('./output');

const STOP_GRACE_MS = 10_000;

class Supervisor {
  /**
   * logDir: where <name>.log files go; echo: also print output to the terminal;
   * names: every name that will be started (for aligned prefixes); onUnexpectedExit(proc, code, signal).
   */
  constructor({ logDir, echo = true, names = [], onUnexpectedExit = () => {} }) {
    this.logDir = logDir;
    this.echo = echo;
    this.prefix = prefixer(names);
    this.onUnexpectedExit = onUnexpectedExit;
    this.processes = [];
    fs.mkdirSync(logDir, { recursive: true });
  }

  start(name, command, args, { env = process.env, cwd, uid, gid } = {}) {
    const logFile = path.join(this.logDir, `${name}.log`);
    const log = fs.createWriteStream(logFile, { flags: 'w' });
    const child = spawn(command, args, {
      cwd,
      env,
      uid,
      gid,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = { name, child, pid: child.pid, logFile, stopping: false, exitInfo: null };
    proc.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        log.write(`failed to start ${command}: ${error.message}\n`);
        proc.exitInfo = { code: null, signal: null, error };
        resolve(proc.exitInfo);
      });
      child.once('close', (code, signal) => {
        proc.exitInfo = { code, signal };
        log.end();
        resolve(proc.exitInfo);
      });
    });
    proc.exited.then(({ code, signal }) => {
      if (!proc.stopping) this.onUnexpectedExit(proc, code, signal);
    });
    const onLine = (line) => {
      log.write(`${stripAnsi(line)}\n`);
      if (this.echo) process.stdout.write(`${this.prefix(name)} ${line}\n`);
    };
    forEachLine(child.stdout, onLine);
    forEachLine(child.stderr, onLine);
    this.processes.push(proc);
    return proc;
  }

  /** SIGTERM (or `signal`) to the process group, SIGKILL after `graceMs`. Resolves once it has exited. */
  async stop(proc, { signal = 'SIGTERM', graceMs = STOP_GRACE_MS } = {}) {
    proc.stopping = true;
    if (proc.exitInfo) return proc.exitInfo;
    signalGroup(proc.pid, signal);
    let timer;
    const killed = new Promise((resolve) => {
      timer = setTimeout(() => {
        signalGroup(proc.pid, 'SIGKILL');
        resolve();
      }, graceMs);
    });
    await Promise.race([proc.exited, killed]);
    clearTimeout(timer);
    return proc.exited;
  }

  /** Stops every process still running, all at once, and forgets them. */
  async stopAll(options) {
    const running = this.processes.filter((p) => !p.exitInfo);
    await Promise.all(running.map((p) => this.stop(p, options)));
    this.processes = this.processes.filter((p) => !running.includes(p));
  }

  tail(proc, lines) {
    return tail(proc.logFile, lines);
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Polls `url` until it answers 200. Fails early if `proc` exits, and after `timeoutMs`.
 * Returns the response body text.
 */
async function waitForHttp(url, { timeoutMs, proc, intervalMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc?.exitInfo) {
      const { code, signal, error } = proc.exitInfo;
      const how = error ? `could not start (${error.message})` : `exited (${signal ?? `code ${code}`})`;
      throw new HealthError(proc.name, `${proc.name} ${how} before becoming healthy`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = await response.text();
      if (response.status === 200) return body;
      last = `HTTP ${response.status}: ${body.slice(0, 200)}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new HealthError(proc?.name, `${proc?.name ?? url} did not become healthy within ${timeoutMs / 1000} s (GET ${url}: ${last})`);
}

class HealthError extends Error {
  constructor(app, message) {
    super(message);
    this.app = app;
  }
}

module.exports = { Supervisor, waitForHttp, HealthError, signalGroup, isAlive, STOP_GRACE_MS };
