import { randomUUID } from 'node:crypto';

import { RPC_RUNNING_LIMIT_MS, RPC_TIMEOUT_MS } from '@kitty/contracts';
import { Client } from 'pg';

import { api } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { bearer, potWithMembers, type User } from '../support/pots';
import { killReplica, type Replica, replicaMetrics, replicasOf } from '../support/replicas';

/**
 * The production shape: every service runs as several replicas (npm test starts 3 of each). Each request
 * must be handled by exactly one of them, load must spread, and a replica killed mid-request must neither
 * run a command twice nor leave its caller waiting past the deadline.
 */
const SERVICES = ['auth', 'pots', 'payments', 'issuing', 'residency', 'notifications'] as const;
/**
 * A caller waits past its deadline only for work a live replica says it is running; the callers of a dead
 * replica are answered by a survivor's sweep within seconds. So no answer may take as long as the running
 * limit: that is what a caller left waiting for work that died with its replica would see. (Work that ran
 * on a starved machine may take longer than the deadline and still be answered honestly, so the deadline
 * itself is no bound.)
 */
const ANSWER_WITHIN_MS = RPC_RUNNING_LIMIT_MS;

jest.setTimeout(180_000);

async function inPool<T>(count: number, concurrency: number, work: (i: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** How many requests of `pattern` each replica has handled (its rpc_server_duration_seconds count). */
async function handledPerReplica(replicas: Replica[], pattern: string): Promise<number[]> {
  return Promise.all(
    replicas.map(async (replica) => {
      const metrics = await replicaMetrics(replica);
      return metrics
        .split('\n')
        .filter(
          (line) =>
            line.startsWith('rpc_server_duration_seconds_count{') && line.includes(`pattern="${pattern}"`),
        )
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    }),
  );
}

async function database<T>(query: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

/** How many rows match, and how many distinct values of `column` they hold (equal when nothing ran twice). */
function rowsAndDistinct(table: string, column: string, where: string, params: unknown[]) {
  return database(async (db) => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT ${column})::int AS distinct_names FROM ${table} WHERE ${where}`,
      params,
    );
    return rows[0] as { n: number; distinct_names: number };
  });
}

describe('three replicas of every service', () => {
  let owner: User;
  let potId: string;
  let memberId: string;
  let splitMembers: { memberId: string }[];

  beforeAll(async () => {
    for (const service of SERVICES) expect(replicasOf(service).length).toBeGreaterThanOrEqual(3);
    const group = await potWithMembers(1, 'Replicas');
    owner = group.owner;
    potId = group.pot.id;
    memberId = group.pot.yourMemberId;
    splitMembers = group.pot.members.map((member) => ({ memberId: member.id }));
    await verifyUser(owner.session.accessToken);
  });

  // restarted() returns once each victim's replacement is healthy, but six processes booting at once keep
  // the two cores of a slow machine busy a while longer (a replica starved of CPU missed its heartbeat and
  // was taken for dead before the sweep also asked for its connections). The next suite must not start
  // inside that: CI on 2026-11-27 failed a sign-up and five expense writes just after this file. Wait until every service answers the
  // platform health check promptly, and every replica is ready, five rounds in a row.
  afterAll(async () => {
    const ready = async ({ name, port }: Replica) => {
      const path = name.startsWith('gateway') ? '/api/health' : '/health';
      const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
      return response?.status === 200;
    };
    const deadline = Date.now() + 90_000;
    for (let prompt = 0; prompt < 5 && Date.now() < deadline;) {
      const started = Date.now();
      const { status } = await api('/api/health');
      const prompted = status === 200 && Date.now() - started < 1000;
      const replicas = await Promise.all(['gateway', ...SERVICES].flatMap(replicasOf).map(ready));
      prompt = prompted && replicas.every(Boolean) ? prompt + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 100_000);

  it.each([
    [
      'creating pots',
      'pots',
      'pots.pot.create.v1',
      (run: string, i: number) =>
        api('/api/pots', {
          method: 'POST',
          body: { name: `${run}-${i}` },
          headers: bearer(owner.session.accessToken),
        }),
      (run: string) => rowsAndDistinct('pots.pots', 'name', 'name LIKE $1', [`${run}-%`]),
    ],
    [
      'recording expenses',
      'pots',
      'pots.expense.create.v1',
      (run: string, i: number) =>
        api(`/api/pots/${potId}/expenses`, {
          method: 'POST',
          body: {
            description: `${run}-${i}`,
            amountPence: 100 + i,
            paidFrom: 'member',
            payerMemberId: memberId,
            split: { mode: 'equal', members: splitMembers },
          },
          headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
        }),
      (run: string) => rowsAndDistinct('pots.expenses', 'description', 'description LIKE $1', [`${run}-%`]),
    ],
    [
      'opening Checkout sessions',
      'payments',
      'payments.checkout-session.create.v1',
      (_run: string, i: number) =>
        api('/api/funding/checkout-sessions', {
          method: 'POST',
          body: { amountPence: 10_000 + i, destination: { type: 'wallet' }, method: 'card' },
          headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
        }),
      (_run: string, since: Date) =>
        rowsAndDistinct(
          'payments.funding_transactions',
          'amount_pence',
          'user_id = $1 AND created_at >= $2',
          [owner.session.user.id, since],
        ),
    ],
  ] as const)(
    '%s: 300 commands through the gateway make exactly 300 effects, spread over the replicas',
    async (label, service, pattern, command, effects) => {
      const run = `rep-${randomUUID().slice(0, 8)}`;
      const since = new Date(Date.now() - 1000);
      const replicas = replicasOf(service);
      const before = await handledPerReplica(replicas, pattern);

      // 10 in flight: enough to spread over the replicas; 20 queued on one pot's lock on a loaded 2-core
      // CI machine came within the 5 s RPC deadline (one 503 in 300, once).
      const answers = await inPool(300, 10, (i) => command(run, i));

      expect(answers.map((answer) => answer.status)).toEqual(Array(300).fill(201));
      // Each command ran once: 300 rows, no two for one request.
      expect(await (effects as (run: string, since: Date) => Promise<unknown>)(run, since)).toEqual({
        n: 300,
        distinct_names: 300,
      });
      const after = await handledPerReplica(replicas, pattern);
      const handled = after.map((count, i) => count - before[i]);
      expect(handled.reduce((sum, n) => sum + n, 0)).toBe(300);
      console.log(`${label}: 300 commands, 300 effects, handled per replica ${handled.join(' / ')}`);
      for (const share of handled.map((n) => n / 300)) {
        expect(share).toBeGreaterThanOrEqual(0.15);
        expect(share).toBeLessThanOrEqual(0.5);
      }
    },
  );

  it('a replica of each service SIGKILLed under load: no command runs twice, every caller is answered in time', async () => {
    const run = `kill-${randomUUID().slice(0, 8)}`;
    const victims = SERVICES.map((service) => replicasOf(service)[0]);
    const load = inPool(300, 20, async (i) => {
      const started = Date.now();
      // Reads and commands that between them reach every service.
      const response =
        i % 3 === 0
          ? await api('/api/pots', {
              method: 'POST',
              body: { name: `${run}-${i}` },
              headers: bearer(owner.session.accessToken),
            })
          : i % 3 === 1
            ? await api('/api/funding/checkout-sessions', {
                method: 'POST',
                body: { amountPence: 20_000 + i, destination: { type: 'wallet' }, method: 'card' },
                headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
              })
            : await api('/api/me', { headers: bearer(owner.session.accessToken) });
      return { status: response.status, ms: Date.now() - started, body: response.body };
    });
    const restarts = victims.map(async (victim, index) => {
      await new Promise((resolve) => setTimeout(resolve, 300 + index * 250));
      return killReplica(victim).restarted();
    });

    const answers = await load;
    await Promise.all(restarts);

    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const late = answers.filter((answer) => answer.ms > RPC_TIMEOUT_MS);
    console.log(
      `SIGKILL under load: ${answers.length} requests, ${answers.filter((a) => a.status === 503).length} answered 503, ` +
        `p50 ${times[Math.floor(times.length / 2)]} ms, p99 ${times[Math.floor(times.length * 0.99)]} ms, ` +
        `slowest ${times[times.length - 1]} ms; past the ${RPC_TIMEOUT_MS} ms deadline: ` +
        `${late.map((answer) => `${answer.status} in ${answer.ms} ms`).join(', ') || 'none'}`,
    );

    // A lost request is a 503 (never re-run); 409 and 429 are the retryable answers a client already
    // handles (a key still in flight, a limit with Retry-After). Anything else — a 500, a 404 from a replica
    // that answered wrongly — fails, and is shown.
    const unexpected = answers.filter(
      ({ status }) => !(status < 300 || status === 409 || status === 429 || status === 503),
    );
    expect(unexpected.map(({ status, body }) => ({ status, body }))).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(ANSWER_WITHIN_MS);
    // Pots created: one per 201 plus at most one per 503 (which may or may not have run), never two.
    const created = answers.filter((answer, i) => i % 3 === 0 && answer.status === 201).length;
    const unavailable = answers.filter((answer, i) => i % 3 === 0 && answer.status === 503).length;
    const rows = await rowsAndDistinct('pots.pots', 'name', 'name LIKE $1', [`${run}-%`]);
    expect(rows.n).toBe(rows.distinct_names);
    expect(rows.n).toBeGreaterThanOrEqual(created);
    expect(rows.n).toBeLessThanOrEqual(created + unavailable);
    console.log(
      `SIGKILL under load: ${rows.n} pots created by ${created} × 201 and ${unavailable} × 503, 0 duplicates`,
    );
  });
});
