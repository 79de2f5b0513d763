// @ts-check
'use strict';
// Keeps a test stack's replicas running, as an orchestrator would: a replica that dies (a suite SIGKILLed
// it, or it crashed) is started again on its ports with its environment, and the replicas file that the
// suites read (KITTY_STACK_REPLICAS_FILE) is rewritten with its new pid.
const fs = require('node:fs');
const path = require('node:path');
const { describeReplicas, restartReplica } = require('./stack');

/** A replica that keeps dying is left dead after this many restarts (its failures then show in the suites). */
const MAX_RESTARTS = 5;

/**
 * Writes every app's replicas (name, pid, ports) as JSON, aside then renamed: a suite polling the file
 * never reads half of it.
 * @param {string} file
 * @param {import('./stack').Replica[]} replicas
 */
function writeReplicasFile(file, replicas) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(describeReplicas(replicas), null, 2)}\n`);
  fs.renameSync(partial, file);
}

class ReplicaKeeper {
  /**
   * @param {{
   *   supervisor: import('./supervisor').Supervisor, file: string, timeoutMs: number,
   *   onFailure?: (message: string) => void, maxRestarts?: number
   * }} options
   */
  constructor({ supervisor, file, timeoutMs, onFailure = () => {}, maxRestarts = MAX_RESTARTS }) {
    this.supervisor = supervisor;
    this.file = file;
    this.timeoutMs = timeoutMs;
    this.onFailure = onFailure;
    this.maxRestarts = maxRestarts;
    /** @type {import('./stack').Replica[]} */
    this.replicas = [];
    /** @type {Map<string, number>} restarts so far, per replica name */
    this.restarts = new Map();
    this.stopped = false;
  }

  /**
   * Starts keeping these replicas (and writes the file).
   * @param {import('./stack').Replica[]} replicas
   */
  watch(replicas) {
    this.replicas = replicas;
    writeReplicasFile(this.file, replicas);
  }

  /** No more restarts: the stack is being stopped. */
  stop() {
    this.stopped = true;
  }

  /**
   * Called for a process that exited unasked. Returns the restart under way (resolving once the replica is
   * healthy again and the file rewritten), or null when the process is not a kept replica, the keeper is
   * stopped, or the replica has used up its restarts.
   * @param {import('./supervisor').Proc} proc
   * @returns {Promise<void> | null}
   */
  exited(proc) {
    const replica = this.replicas.find((r) => r.proc === proc);
    if (!replica || this.stopped) return null;
    const restarts = this.restarts.get(replica.name) ?? 0;
    if (restarts >= this.maxRestarts) return null;
    this.restarts.set(replica.name, restarts + 1);
    // Generation 1 was the first process: the first restart is `<replica>.2`.
    return restartReplica({
      supervisor: this.supervisor,
      replica,
      generation: restarts + 2,
      timeoutMs: this.timeoutMs,
    })
      .then(() => writeReplicasFile(this.file, this.replicas))
      .catch((error) => this.onFailure(`${replica.name} did not come back: ${error.message}`));
  }
}

module.exports = { ReplicaKeeper, writeReplicasFile, MAX_RESTARTS };
