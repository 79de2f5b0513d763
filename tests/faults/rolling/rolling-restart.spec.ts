// A rolling restart under load: with every app replicated, on a Redis Cluster and reaching PostgreSQL
// through PgBouncer in transaction mode, every app is restarted one replica at a time (SIGTERM, drain,
// start, healthy) while users create expenses, top up and pay by card at an offered rate. No request may
// fail once the SPA's own retry policy has run, no acknowledged money command may be lost or applied
// twice, and the ledger must hold. ROLLING_RATE sets the offered rate (operations per second),
// ROLLING_SEED the operation mix.
import type { Cluster, Redis } from 'ioredis';
import { Pool } from 'pg';
import type Stripe from 'stripe';

import { stackRedis } from '../../support/queues';
import { costBetween, describeCost, sampleCost } from '../harness/cost';
import {
  cardInvariants,
  type Check,
  ledgerInvariants,
  outboxUnrelayed,
  topUpInvariants,
} from '../harness/invariants';
import { chooseSeed, Random } from '../harness/random';
import type { RollingLoad } from '../harness/rolling-load';
import { drain, queueBacklog } from '../harness/settle';
import { FaultStack, type GracefulRestart, supportEnv } from '../harness/stack';
import type { Workload } from '../harness/workload';

/**
 * Operations per second offered. npm test's default leaves half of what two shared cores passed at (10/s,
 * docs/fault-suite.md#rolling-restart) for a busier machine; production-sized rates are asked for with
 * ROLLING_RATE on a machine that has the cores.
 */
const RATE = Number(process.env.ROLLING_RATE ?? 5);
const USERS = 12;
const POT_FUNDS_PENCE = 200_000;
/**
 * Load before the first and after the last restart, so each restart happens under a steady load; the
 * first window also measures what one operation costs the machine.
 */
const QUIET_MS = 10_000;
/** The stack with no load, before it starts: what it costs on its own. */
const IDLE_MS = 5_000;
/** Stripe's pay page and the test helper are not ours; MailDev is not in the registry. */
const NOT_OURS = new Set(['stripe-sandbox']);

jest.setTimeout(1_800_000);

describe('rolling restart under load', () => {
  const stack = new FaultStack({ pooler: true, redis: 'cluster' });
  const seed = chooseSeed({ FAULT_SEED: process.env.ROLLING_SEED });
  let pool: Pool;
  let redis: Redis | Cluster;
  let prefix: string;

  beforeAll(async () => {
    console.log(`rolling restart seed ${seed} (ROLLING_SEED=${seed} replays the operation mix)`);
    const settings = await stack.start();
    prefix = settings.queuePrefix;
    // The support helpers read these when first imported (by the workload, below).
    Object.assign(process.env, supportEnv(settings));
    pool = new Pool({ connectionString: settings.databaseUrl, max: 4, application_name: 'kitty-faults' });
    pool.on('error', () => undefined);
    redis = stackRedis(settings.redisUrl);
  }, 600_000);

  afterAll(async () => {
    redis?.disconnect();
    await pool?.end();
    await stack.stop();
  });

  it('fails no user request the SPA would not retry, and loses or doubles no money command', async () => {
    const { Workload: WorkloadClass } = await import('../harness/workload.js');
    const { RollingLoad: LoadClass, accountFor } = await import('../harness/rolling-load.js');
    const { sandboxStripe } = await import('../../support/stripe.js');
    // The idle stack's own work (heartbeats, pollers), so the cost of an operation can leave it out.
    const idleFrom = await sampleCost(stack, pool, redis, 0);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = [idleFrom, await sampleCost(stack, pool, redis, 0)] as const;

    const stripe: Stripe = sandboxStripe();
    const random = new Random(seed);
    const workload: Workload = new WorkloadClass(pool);
    await LoadClass.prepare(workload, random, USERS, POT_FUNDS_PENCE);
    const load: RollingLoad = new LoadClass(workload, new Random((seed ^ 0x5bd1e995) >>> 0));

    const loadStarted = new Date();
    const cpuBefore = process.cpuUsage();
    let restarting = true;
    const running = load.run(RATE, () => !restarting);
    const restarts: GracefulRestart[] = [];
    const steadyFrom = await sampleCost(stack, pool, redis, load.figures.started);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const steadyTo = await sampleCost(stack, pool, redis, load.figures.started);
    const cost = costBetween(idle, [steadyFrom, steadyTo]);
    // One replica of one app at a time: the others serve, and a booting replica's CPU is the only extra.
    for (const app of stack.appNames.filter((name) => !NOT_OURS.has(name))) {
      const done = await stack.rollingRestart(app);
      restarts.push(...done);
      console.log(`rolled ${app}: ${done.map(describeRestart).join('; ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    restarting = false;
    await running;
    const clientCpu = process.cpuUsage(cpuBefore);

    await drain(pool, async () => [
      ...(await queueBacklog(redis, prefix)).filter((problem) => !/^\S+: \d+ failed$/.test(problem)),
      ...(await topUpInvariants(pool, stripe, workload.sessions))[0].violations,
    ]);
    await load.settleCardDeclines(pool);
    const accounting = await accountFor(pool, load, workload, loadStarted);
    const checks: Check[] = [
      ...(await ledgerInvariants(pool)),
      ...(await topUpInvariants(pool, stripe, workload.sessions)),
      ...(await cardInvariants(pool, workload.authorizations)),
      { name: 'every outbox row was relayed', violations: await outboxUnrelayed(pool) },
      {
        name: 'no queue holds a waiting, delayed or failed job',
        violations: await queueBacklog(redis, prefix),
      },
      { name: 'no process died that the suite did not stop', violations: stack.unexpectedExits },
      {
        name: 'every replica drained and exited cleanly on SIGTERM',
        violations: restarts.filter((r) => r.exit !== '0').map((r) => `${r.replica}: ${r.exit}`),
      },
    ];
    const violations = checks.flatMap((check) => check.violations.map((v) => `${check.name}: ${v}`));

    const { figures } = load;
    const seconds = figures.elapsedMs / 1000;
    const kinds = Object.entries(figures.byKind);
    const failed = kinds.reduce((sum, [, k]) => sum + k.failed, 0);
    const answered = kinds.reduce((sum, [, k]) => sum + k.ok + k.retriedOk + k.refused, 0);
    const sorted = [...figures.latenciesMs].sort((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    console.log(
      [
        `rolling restart, seed ${seed}: ${stack.replicas.length} processes, PgBouncer (transaction mode), a Redis Cluster of 3 masters + 3 replicas`,
        `  offered rate: ${RATE}/s; started ${figures.started} operations in ${seconds.toFixed(1)} s (${(figures.started / seconds).toFixed(1)}/s); achieved ${(answered / seconds).toFixed(1)}/s answered; at most ${figures.mostInFlight} in flight; latency p50 ${percentile(0.5)} ms, p95 ${percentile(0.95)} ms, max ${sorted.at(-1) ?? 0} ms`,
        ...kinds.map(
          ([kind, k]) =>
            `  ${kind}: ${k.ok} ok, ${k.retriedOk} retried-ok, ${k.refused} refused (business answer), ${k.failed} failed`,
        ),
        ...describeCost(cost),
        `  load client: ${((clientCpu.user + clientCpu.system) / 1000 / figures.started).toFixed(1)} ms of CPU per operation`,
        `  restarts: ${restarts.length} (${restarts.map(describeRestart).join('; ')})`,
        `  money commands checked: ${accounting.checked}; lost: ${accounting.lost.length}; doubled: ${accounting.doubled.length}`,
        ...[...accounting.lost, ...accounting.doubled].slice(0, 10).map((line) => `    ✖ ${line}`),
        ...figures.errorSamples.map((sample) => `  error, e.g.: ${sample}`),
        `  invariants checked: ${checks.length}; violations: ${violations.length}`,
        ...violations.map((v) => `    ✖ ${v}`),
      ].join('\n'),
    );
    if (violations.length > 0) console.error(stack.logTails(15));
    expect({ failed, lost: accounting.lost, doubled: accounting.doubled, violations }).toEqual({
      failed: 0,
      lost: [],
      doubled: [],
      violations: [],
    });
    expect(restarts.length).toBe(stack.replicas.filter((r) => !NOT_OURS.has(r.app)).length);
    expect(answered).toBeGreaterThan(0);
  });
});

function describeRestart(restart: GracefulRestart): string {
  return `${restart.replica} drain ${restart.drainMs} ms, start ${restart.startMs} ms, exit ${restart.exit}`;
}
