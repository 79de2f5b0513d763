// What one operation costs each tier of the stack, from a window of the idle stack and one under a steady
// load (two samples each): CPU time of every process (by app, and the pooler, Redis and the PostgreSQL
// backends serving the run's database), Redis commands, and PostgreSQL server connections. Per-replica
// capacity and the cores a rate needs follow from these (docs/scaling.md).
import fs from 'node:fs';

import IORedis, { Cluster } from 'ioredis';
import type { Pool } from 'pg';

export interface CostSample {
  at: number;
  operations: number;
  /** CPU milliseconds so far, by tier (an app's name, `redis`, `pgbouncer`, `postgres`, …). */
  cpuMs: Record<string, number>;
  redisCommands: number;
  /** Server connections to the run's database, the suite's own left out. */
  serverConnections: number;
}

interface StackProcesses {
  readonly replicas: { app: string; pid: number }[];
  readonly processes: { name: string; pid: number }[];
}

/** CPU time of a process so far: utime + stime, the 14th and 15th fields after the command's name. */
function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // Linux reports in clock ticks of 10 ms (USER_HZ 100).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** `redis.2` → `redis`, `pots-1.3` → `pots`: a supervised process's tier when it is not an app replica. */
const tierOf = (name: string) => name.replace(/[.-]\d+.*$/, '');

export async function sampleCost(
  stack: StackProcesses,
  pool: Pool,
  redis: IORedis | Cluster,
  operations: number,
): Promise<CostSample> {
  const appOf = new Map(stack.replicas.map(({ app, pid }) => [pid, app]));
  const cpuMs: Record<string, number> = {};
  const add = (tier: string, ms: number) => (cpuMs[tier] = (cpuMs[tier] ?? 0) + ms);
  for (const { name, pid } of stack.processes) add(appOf.get(pid) ?? tierOf(name), cpuMsOf(pid));
  const backends = await pool.query<{ pid: number; app: boolean }>(
    `SELECT pid, application_name IS DISTINCT FROM 'kitty-faults' AS app
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  for (const { pid } of backends.rows) add('postgres', cpuMsOf(pid));
  // On a cluster, the masters' commands: what the clients asked for (replicas only replay them).
  const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
  let redisCommands = 0;
  for (const server of servers)
    redisCommands += Number(/total_commands_processed:(\d+)/.exec(await server.info('stats'))?.[1] ?? 0);
  return {
    at: Date.now(),
    operations,
    cpuMs,
    redisCommands,
    serverConnections: backends.rows.filter((row) => row.app).length,
  };
}

export interface Cost {
  operations: number;
  seconds: number;
  /** CPU milliseconds per operation, by tier, largest first: what the load adds to the idle stack. */
  cpuMsPerOperation: [string, number][];
  totalCpuMsPerOperation: number;
  redisCommandsPerOperation: number;
  /** The idle stack's own work per second (heartbeats, pollers, timers), which the above leaves out. */
  idleCpuMsPerSecond: number;
  idleRedisCommandsPerSecond: number;
  serverConnections: number;
}

type Window = readonly [CostSample, CostSample];
const secondsOf = ([from, to]: Window) => Math.max(0.001, (to.at - from.at) / 1000);
const cpuPerSecond = ([from, to]: Window, tier: string) =>
  ((to.cpuMs[tier] ?? 0) - (from.cpuMs[tier] ?? 0)) / secondsOf([from, to]);
const commandsPerSecond = ([from, to]: Window) =>
  (to.redisCommands - from.redisCommands) / secondsOf([from, to]);

/**
 * What one operation adds, from a window with the stack idle and one under a steady load: the loaded
 * window's rate less the idle one's, per operation. A backend or process that started in between counts
 * from zero, one that ended is left out: both are small in windows without restarts.
 */
export function costBetween(idle: Window, loaded: Window): Cost {
  const seconds = secondsOf(loaded);
  const operations = Math.max(1, loaded[1].operations - loaded[0].operations);
  const perSecond = operations / seconds;
  const perTier = Object.keys(loaded[1].cpuMs)
    .map((tier): [string, number] => [
      tier,
      (cpuPerSecond(loaded, tier) - cpuPerSecond(idle, tier)) / perSecond,
    ])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  const idleTiers = Object.keys(idle[1].cpuMs).map((tier) => cpuPerSecond(idle, tier));
  return {
    operations,
    seconds,
    cpuMsPerOperation: perTier,
    totalCpuMsPerOperation: perTier.reduce((sum, [, ms]) => sum + ms, 0),
    redisCommandsPerOperation: (commandsPerSecond(loaded) - commandsPerSecond(idle)) / perSecond,
    idleCpuMsPerSecond: idleTiers.reduce((sum, ms) => sum + ms, 0),
    idleRedisCommandsPerSecond: commandsPerSecond(idle),
    serverConnections: Math.max(...[...idle, ...loaded].map((sample) => sample.serverConnections)),
  };
}

/** The report's lines: per tier, what one core of each carries, and the idle stack's own work. */
export function describeCost(cost: Cost): string[] {
  return [
    `  cost per operation (${cost.operations} operations in ${cost.seconds.toFixed(1)} s, ${(cost.operations / cost.seconds).toFixed(1)}/s, before the first restart; the idle stack's own work left out): ` +
      `${cost.totalCpuMsPerOperation.toFixed(0)} ms of CPU, ${cost.redisCommandsPerOperation.toFixed(0)} Redis commands; ` +
      `at most ${cost.serverConnections} PostgreSQL server connections`,
    `  CPU per operation by tier: ${cost.cpuMsPerOperation.map(([tier, ms]) => `${tier} ${ms.toFixed(1)} ms`).join(', ')}`,
    `  operations/s one core of each tier carries: ${cost.cpuMsPerOperation.map(([tier, ms]) => `${tier} ${(1000 / ms).toFixed(0)}`).join(', ')}`,
    `  the idle stack: ${(cost.idleCpuMsPerSecond / 1000).toFixed(2)} cores, ${cost.idleRedisCommandsPerSecond.toFixed(0)} Redis commands/s`,
  ];
}
