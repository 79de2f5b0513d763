// @ts-check
'use strict';
// Child processes of the stack: each in its own process group (so Ctrl-C reaches only the launcher,
// which then stops them in order), its output prefixed on the terminal and written to its log file.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { forEachLine, formatLogLine, prefixer, stripAnsi, tail } = require('./output');

const STOP_GRACE_MS = 10_000;

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} ExitInfo
 * @typedef {{
 *   name: string, child: import('node:child_process').ChildProcess, pid: number, logFile: string,
 *   stopping: boolean, exitInfo: ExitInfo | null, exited: Promise<ExitInfo>
 * }} Proc
 * @typedef {(proc: Proc, code: number | null, signal: NodeJS.Signals | null) => void} ExitListener
 * @typedef {{ url: string, source: string, stop: () => Promise<unknown>, proc?: Proc }} Service
 *   a PostgreSQL or Redis server in use; stop() shuts it down only if we started it
 * @typedef {import('./output').Say} Say
 */

class Supervisor {
  /**
   * @param {{ logDir: string, echo?: boolean, names?: string[], onStart?: () => void, onUnexpectedExit?: ExitListener }} options
   *   logDir: where <name>.log files go; echo: also print output to the terminal; names: every name that
   *   will be started (for aligned prefixes); onStart: called after each start; onUnexpectedExit: called
   *   when a process exits unasked.
   */
  constructor({ logDir, echo = true, names = [], onStart = () => {}, onUnexpectedExit = () => {} }) {
    this.logDir = logDir;
    this.echo = echo;
    this.prefix = prefixer(names);
    this.onStart = onStart;
    this.onUnexpectedExit = onUnexpectedExit;
    /** @type {Proc[]} */
    this.processes = [];
    fs.mkdirSync(logDir, { recursive: true });
  }

  /**
   * @param {string} name
   * @param {string} command
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, uid?: number, gid?: number }} [options]
   * @returns {Proc}
   */
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
    /** @type {Proc} */
    const proc = {
      name,
      child,
      pid: child.pid ?? 0,
      logFile,
      stopping: false,
      exitInfo: null,
      exited: Promise.resolve({ code: null, signal: null }),
    };
    proc.exited = new Promise((resolve) => {
      /** @param {ExitInfo} info */
      const settle = (info) => {
        if (proc.exitInfo) return;
        proc.exitInfo = info;
        // Resolve once the log file holds everything the process wrote.
        log.end(() => resolve(info));
      };
      child.on('error', (error) => {
        log.write(`${error.message}\n`);
        // Only a failure to spawn (no pid) ends the process; others (e.g. a failed kill) do not.
        if (child.pid === undefined) settle({ code: null, signal: null, error });
      });
      child.once('close', (code, signal) => settle({ code, signal }));
    });
    proc.exited.then(({ code, signal }) => {
      if (!proc.stopping) this.onUnexpectedExit(proc, code, signal);
    });
    /** @param {string} line */
    const onLine = (line) => {
      log.write(`${stripAnsi(line)}\n`);
      if (this.echo) process.stdout.write(`${this.prefix(name)} ${formatLogLine(line)}\n`);
    };
    if (child.stdout) forEachLine(child.stdout, onLine);
    if (child.stderr) forEachLine(child.stderr, onLine);
    this.processes.push(proc);
    this.onStart();
    return proc;
  }

  /**
   * SIGTERM (or `signal`) to the process group, SIGKILL after `graceMs`. Resolves once it has exited.
   * @param {Proc} proc
   * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
   * @returns {Promise<ExitInfo>}
   */
  async stop(proc, { signal = 'SIGTERM', graceMs = STOP_GRACE_MS } = {}) {
    proc.stopping = true;
    if (proc.exitInfo) return proc.exitInfo;
    signalGroup(proc.pid, signal);
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @type {Promise<void>} */
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

  /**
   * Stops every process still running, all at once, and forgets them.
   * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
   */
  async stopAll(options) {
    const running = this.processes.filter((p) => !p.exitInfo);
    await Promise.all(running.map((p) => this.stop(p, options)));
    this.processes = this.processes.filter((p) => !running.includes(p));
  }

  /**
   * @param {Proc} proc
   * @param {number} [lines]
   */
  tail(proc, lines) {
    return tail(proc.logFile, lines);
  }
}

/**
 * @param {number} pid the group leader (every supervised process leads its own group)
 * @param {NodeJS.Signals} signal
 */
function signalGroup(pid, signal) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * Polls `url` until it answers 200. Fails early if `proc` exits, and after `timeoutMs`.
 * @param {string} url
 * @param {{ timeoutMs: number, proc?: Proc, intervalMs?: number }} options
 * @returns {Promise<string>} the response body
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
      const failure = /** @type {Error & { cause?: { code?: string } }} */ (error);
      last = failure.cause?.code ?? failure.message;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new HealthError(
    proc?.name,
    `${proc?.name ?? url} did not become healthy within ${timeoutMs / 1000} s (GET ${url}: ${last})`,
  );
}

/** An app that did not become healthy; `app` names it so its log can be shown. */
class HealthError extends Error {
  /**
   * @param {string | undefined} app
   * @param {string} message
   */
  constructor(app, message) {
    super(message);
    this.app = app;
  }
}

module.exports = { Supervisor, waitForHttp, HealthError, signalGroup, isAlive, STOP_GRACE_MS };
