// @ts-check
'use strict';
// A local Redis Cluster for a test stack: three masters and one replica each, from Debian's redis-server,
// on free ports, with the cluster bus on ports of its own. A node that dies is started again on its ports
// and with its nodes.conf, so it rejoins as a replica of the master that took over (as a StatefulSet pod would).
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { ephemeralPort } = require('./ports');
const { probe } = require('./redis');

/** @typedef {import('./supervisor').Supervisor} Supervisor */
/** @typedef {import('./supervisor').Proc} Proc */

const MASTERS = 3;
const REPLICAS_PER_MASTER = 1;
/**
 * How long a master may be silent before its replica takes over. Production's default is 15 s; a test
 * cluster on a busy machine needs some slack too, so not less than this.
 */
const NODE_TIMEOUT_MS = 3000;

/** @param {string} command @param {string[]} args @returns {Promise<{ code: number | null, out: string }>} */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** @param {number} port @param {...string} args */
const cli = (port, ...args) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);

/** The names the cluster's processes get in the supervisor (and its logs). */
function clusterNodeNames(count = MASTERS * (1 + REPLICAS_PER_MASTER)) {
  return Array.from({ length: count }, (_, i) => `redis-${i + 1}`);
}

/**
 * Starts the nodes, joins them into a cluster and waits until every node sees it whole.
 * @param {{ supervisor: Supervisor, dataDir: string, timeoutMs?: number }} options
 */
async function startRedisCluster({ supervisor, dataDir, timeoutMs = 60_000 }) {
  const names = clusterNodeNames();
  /** @type {{ name: string, port: number, busPort: number, proc: Proc, args: string[] }[]} */
  const nodes = [];
  for (const name of names) {
    const port = await ephemeralPort();
    const busPort = await ephemeralPort();
    const dir = path.join(dataDir, name);
    fs.mkdirSync(dir, { recursive: true });
    // prettier-ignore
    const args = [
      '--port', String(port), '--cluster-port', String(busPort), '--bind', '127.0.0.1',
      '--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, 'nodes.conf'),
      '--cluster-node-timeout', String(NODE_TIMEOUT_MS), '--dir', dir,
      // As in production: BullMQ needs noeviction; AOF so a restarted node keeps what it had.
      '--maxmemory-policy', 'noeviction', '--appendonly', 'yes', '--save', '', '--daemonize', 'no',
    ];
    nodes.push({ name, port, busPort, args, proc: supervisor.start(name, 'redis-server', args) });
  }
  const deadline = Date.now() + timeoutMs;
  for (const node of nodes)
    while ((await probe(`redis://127.0.0.1:${node.port}`)) !== 'ok') {
      if (node.proc.exitInfo || Date.now() > deadline)
        throw new Error(
          `redis-server did not start on port ${node.port}:\n${supervisor.tail(node.proc, 20)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  const created = await run('redis-cli', [
    '--cluster',
    'create',
    ...nodes.map((node) => `127.0.0.1:${node.port}`),
    '--cluster-replicas',
    String(REPLICAS_PER_MASTER),
    '--cluster-yes',
  ]);
  if (created.code !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.out}`);
  await waitUntilWhole(nodes, deadline);

  /**
   * Restarts a node that died, on its ports and with its nodes.conf, once the cluster has moved on without
   * it (its replica serves its slots), as a crashed machine comes back: started at once, it would be master
   * again before anyone noticed it gone.
   * @param {Proc} proc
   */
  const restart = (proc) => {
    const node = nodes.find((candidate) => candidate.proc === proc);
    if (!node) return false;
    void (async () => {
      const deadline = Date.now() + 10 * NODE_TIMEOUT_MS;
      while (Date.now() < deadline && (await slotRangesOf(node, nodes)) > 0)
        await new Promise((resolve) => setTimeout(resolve, 250));
      node.proc = supervisor.start(node.name, 'redis-server', node.args);
    })();
    return true;
  };
  const seeds = nodes.slice(0, MASTERS).map((node) => `127.0.0.1:${node.port}`);
  return {
    url: `redis+cluster://${seeds.join(',')}`,
    source: `Redis Cluster of ${MASTERS} masters + ${MASTERS * REPLICAS_PER_MASTER} replicas on 127.0.0.1:${nodes.map((node) => node.port).join(',')}`,
    /** Every node's port and pid now (a restarted node has a new pid). */
    nodes: () => nodes.map(({ name, port, proc }) => ({ name, port, pid: proc.pid })),
    restart,
    /** Commands the masters have processed so far (INFO stats), for a rate over a stretch of the run. */
    commandsProcessed: async () => {
      let total = 0;
      for (const node of nodes) {
        const { out } = await cli(node.port, 'INFO', 'stats');
        total += Number(/total_commands_processed:(\d+)/.exec(out)?.[1] ?? 0);
      }
      return total;
    },
    stop: async () => void (await Promise.all(nodes.map((node) => supervisor.stop(node.proc)))),
  };
}

/**
 * How many slot ranges `node` serves as the other nodes see it (0 once its replica has taken over).
 * @param {{ port: number }} node @param {{ port: number }[]} nodes
 */
async function slotRangesOf(node, nodes) {
  for (const other of nodes.filter((candidate) => candidate !== node)) {
    const { code, out } = await cli(other.port, 'CLUSTER', 'NODES');
    if (code !== 0) continue;
    const line = out.split('\n').find((entry) => entry.split(' ')[1]?.startsWith(`127.0.0.1:${node.port}@`));
    if (line) return Math.max(0, line.trim().split(' ').length - 8);
  }
  return 0;
}

/**
 * Until every node reports the cluster ok, knows all its nodes and every master has its replica.
 * @param {{ port: number }[]} nodes @param {number} deadline
 */
async function waitUntilWhole(nodes, deadline) {
  for (;;) {
    const infos = await Promise.all(nodes.map((node) => cli(node.port, 'CLUSTER', 'INFO')));
    const whole = infos.every(
      ({ out }) => out.includes('cluster_state:ok') && out.includes(`cluster_known_nodes:${nodes.length}`),
    );
    if (whole) {
      const { out } = await cli(nodes[0].port, 'CLUSTER', 'NODES');
      const replicas = out
        .split('\n')
        .filter((line) => /[ ,]slave[ ,]/.test(line) && / connected/.test(line));
      if (replicas.length === MASTERS * REPLICAS_PER_MASTER) return;
    }
    if (Date.now() > deadline)
      throw new Error(`The Redis Cluster did not become whole:\n${infos.map(({ out }) => out).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

module.exports = { startRedisCluster, clusterNodeNames };
