// Settling after faults: the stack's work still in flight (outboxes, queues, Stripe's retries, payouts)
// is waited for before the checks, so what is left afterwards is a finding rather than a race.
import { Queue } from 'bullmq';
import IORedis, { Cluster } from 'ioredis';
import type { Pool } from 'pg';

import { stackQueuePrefix } from '../../support/queues';
import { outboxUnrelayed } from './invariants';

/** How long the stack may take to settle once the load stops. */
export const DRAIN_TIMEOUT_MS = 150_000;

/** Jobs not yet done, per queue of this stack (found by their keys, so a new queue is covered too). */
export async function queueBacklog(redis: IORedis | Cluster, prefix: string): Promise<string[]> {
  const names = new Set<string>();
  // A cluster's keys are spread over its masters: each one is scanned.
  const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const server of servers) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 500);
      cursor = next;
      // `<prefix>:<queue>:meta`, or on a cluster `<prefix>:{<queue>}:<queue>:meta`.
      for (const key of keys)
        names.add(
          key
            .slice(prefix.length + 1, -':meta'.length)
            .split(':')
            .at(-1)!,
        );
    } while (cursor !== '0');
  }
  const problems: string[] = [];
  for (const name of names) {
    const queue = new Queue(name, { connection: redis, prefix: stackQueuePrefix(name, prefix, redis) });
    const counts = await queue.getJobCounts(
      'wait',
      'active',
      'delayed',
      'prioritized',
      'waiting-children',
      'failed',
    );
    // A job scheduler's next run (the daily reconciliation) waits as a delayed job: that one is not work.
    if (counts.delayed > 0)
      counts.delayed -= (await queue.getDelayed()).filter((job) => job.repeatJobKey).length;
    await queue.close();
    const left = Object.entries(counts).filter(([, n]) => n > 0);
    if (left.length) problems.push(`${name}: ${left.map(([state, n]) => `${n} ${state}`).join(', ')}`);
  }
  return problems;
}

/**
 * Waits until no outbox row, job (other than failed ones, which stay), paid-but-uncredited top-up or
 * withdrawal is still in flight, or the timeout passes; the checks afterwards say what was left.
 */
export async function drain(pool: Pool, inFlight: () => Promise<string[]>): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const busy = await Promise.all([
      outboxUnrelayed(pool),
      inFlight(),
      pool
        .query(`SELECT 1 FROM payments.withdrawals WHERE status = 'pending' LIMIT 1`)
        .then((r) => (r.rowCount ? ['withdrawals pending'] : [])),
    ]).catch(() => ['not reachable yet']);
    if (busy.flat().length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
