// The fault suite: a seeded workload against a stack of this suite's own while its processes
// are killed and restarted, Redis is restarted and Postgres backends are terminated; afterwards every
// money invariant must hold. The seed is printed; FAULT_SEED=<n> replays that workload mix and fault
// schedule (timings still vary). A seed that once failed goes into REGRESSION_SEEDS below with the bug
// it found, and FAULT_SEED=regressions runs them all.
import IORedis from 'ioredis';
import { Pool } from 'pg';
import type Stripe from 'stripe';

import {
  cardInvariants,
  type Check,
  commandInvariants,
  ledgerInvariants,
  notificationInvariants,
  outboxUnrelayed,
  topUpInvariants,
  withdrawalInvariants,
} from './harness/invariants';
import { chooseSeed, Random } from './harness/random';
import { drain, DRAIN_TIMEOUT_MS, queueBacklog } from './harness/settle';
import { FaultStack, supportEnv } from './harness/stack';
import type { Workload } from './harness/workload';

/** Seeds that once found a bug (seed → what it found); each must stay green. */
const REGRESSION_SEEDS: Record<number, string> = {
  42: 'the gateway crashed on a terminated idle pg connection; services went deaf or crashed after a Redis restart',
  716774902: 'a pots replica crashed on a terminated pg connection that was checked out (no error listener)',
};

const DURATION_MS = Number(process.env.FAULT_DURATION_MS ?? 60_000);
const WORKERS = Number(process.env.FAULT_WORKERS ?? 4);
/** Processes the suite never kills: Stripe's stand-in and the mail catcher are not ours. */
const NOT_OURS = new Set(['stripe-sandbox', 'maildev']);

type Fault = { kind: 'kill'; app: string } | { kind: 'redis' } | { kind: 'postgres' };

const seeds =
  process.env.FAULT_SEED === 'regressions' ? Object.keys(REGRESSION_SEEDS).map(Number) : [chooseSeed()];

jest.setTimeout(DURATION_MS + DRAIN_TIMEOUT_MS + 240_000);

describe.each(seeds)('fault suite, seed %i', (seed) => {
  const stack = new FaultStack();
  let pool: Pool;
  let redis: IORedis;
  let prefix: string;

  beforeAll(async () => {
    console.log(`fault suite seed ${seed} (replay: FAULT_SEED=${seed} npm run test:faults)`);
    const settings = await stack.start();
    prefix = settings.queuePrefix;
    // The support helpers read these when first imported (by the workload, below).
    Object.assign(process.env, {
      ...supportEnv(settings),
      // As npm test gives its suites (tests/support/replicas.ts); pids as started.
      KITTY_STACK_REPLICAS: JSON.stringify(stack.replicasByApp()),
    });
    pool = new Pool({ connectionString: settings.databaseUrl, max: 4, application_name: 'kitty-faults' });
    pool.on('error', () => undefined);
    redis = new IORedis(settings.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  }, 600_000);

  afterAll(async () => {
    redis?.disconnect();
    await pool?.end();
    await stack.stop();
  });

  it('loses no money and no job, and leaks no stack trace, whatever fails', async () => {
    const { Workload: WorkloadClass } = await import('./harness/workload.js');
    const { sandboxStripe } = await import('../support/stripe.js');
    const workload: Workload = new WorkloadClass(pool);
    const stripe: Stripe = sandboxStripe();
    const random = new Random(seed);
    const schedule = faultSchedule(
      random,
      stack.appNames.filter((name) => !NOT_OURS.has(name)),
    );
    const injected: string[] = [];

    workload.watchServerErrors();
    const started = Date.now();
    const deadline = started + DURATION_MS;
    const workers = Array.from(
      { length: WORKERS },
      (_, i) => new Random((seed + 0x9e3779b9 * (i + 1)) >>> 0),
    );
    const faults = (async () => {
      for (const { atMs, fault } of schedule) {
        const wait = started + atMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (Date.now() >= deadline) break;
        injected.push(await inject(fault));
      }
    })();
    await Promise.all([workload.run(workers, deadline), faults]);

    // Queues drain, Stripe's retries arrive, payouts settle: then everything must add up.
    await drain(pool, async () => [
      ...(await queueBacklog(redis, prefix)).filter((problem) => !/^\S+: \d+ failed$/.test(problem)),
      ...(await topUpInvariants(pool, stripe, workload.sessions))[0].violations,
    ]);
    workload.stopWatching();

    const queueProblems = await queueBacklog(redis, prefix);
    const checks: Check[] = [
      ...(await ledgerInvariants(pool)),
      ...(await topUpInvariants(pool, stripe, workload.sessions)),
      ...(await withdrawalInvariants(pool, stripe)),
      ...(await cardInvariants(pool, workload.authorizations)),
      ...(await commandInvariants(pool, workload.commands)),
      ...(await notificationInvariants(pool)),
      { name: 'every outbox row was relayed', violations: await outboxUnrelayed(pool) },
      { name: 'no queue holds a waiting, delayed or failed job', violations: queueProblems },
      { name: 'no 5xx answer leaked a stack trace or a source path', violations: workload.leaks },
      { name: 'no process died that the suite did not kill', violations: stack.unexpectedExits },
    ];
    const violations = checks.flatMap((check) => check.violations.map((v) => `${check.name}: ${v}`));
    const { attempted, succeeded, failed } = workload.figures;
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      [
        `fault suite, seed ${seed}: ${Math.round((Date.now() - started) / 1000)} s, ${stack.replicas.length} processes (${stack.replicas.map((r) => r.name).join(', ')})`,
        `  operations attempted: ${total(attempted)} (${Object.entries(attempted)
          .map(
            ([op, n]) =>
              `${op} ${n}: ${succeeded[op as keyof typeof succeeded]} ok, ${failed[op as keyof typeof failed]} failed`,
          )
          .join('; ')})`,
        `  webhooks redelivered by the suite: ${workload.figures.webhookRedeliveries}; 5xx answers: ${workload.figures.serverErrors}; money commands retried with their key: ${workload.figures.commandRetries}`,
        `  top-up sessions created: ${workload.sessions.size}; card authorisations: ${workload.authorizations.length} (${workload.authorizations.filter((a) => a.approved).length} approved)`,
        `  faults injected: ${injected.length} (${injected.join(', ')})`,
        ...Object.entries(workload.errorSamples).map(
          ([op, samples]) => `  ${op} errors, e.g.: ${samples.join(' | ')}`,
        ),
        `  invariants checked: ${checks.length}`,
        `  violations: ${violations.length}`,
        ...violations.map((v) => `    ✖ ${v}`),
      ].join('\n'),
    );
    if (violations.length > 0) console.error(stack.logTails(15));
    expect(violations).toEqual([]);
    expect(injected.length).toBeGreaterThan(0);
    expect(total(succeeded)).toBeGreaterThan(0);
  });

  async function inject(fault: Fault): Promise<string> {
    switch (fault.kind) {
      case 'kill':
        return `kill ${await stack.killAndRestart(fault.app)}`;
      case 'redis':
        await stack.restartRedis();
        return 'restart redis';
      case 'postgres':
        return `terminate ${await stack.terminateBackends(pool)} pg backends`;
    }
  }
});

/** Faults at seeded times across the run: every app killed at least once, Redis and Postgres too. */
function faultSchedule(random: Random, apps: string[]): { atMs: number; fault: Fault }[] {
  const faults: Fault[] = [
    ...apps.map((app): Fault => ({ kind: 'kill', app })),
    { kind: 'redis' },
    { kind: 'postgres' },
    { kind: 'postgres' },
  ];
  const extra = random.int(1, 3);
  for (let i = 0; i < extra; i += 1)
    faults.push(random.next() < 0.5 ? { kind: 'kill', app: random.pick(apps) } : { kind: 'postgres' });
  // Spread over the run, leaving its first and last seconds quiet so work is in flight at each fault.
  const span = DURATION_MS - 8_000;
  return random
    .shuffle(faults)
    .map((fault) => ({ atMs: 4_000 + random.int(0, span), fault }))
    .sort((a, b) => a.atMs - b.atMs);
}
