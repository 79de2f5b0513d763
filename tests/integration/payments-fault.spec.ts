// Fault: the payments service is killed (SIGKILL) while 500 verified Stripe events are queued, then
// restarted; every top-up must be credited exactly once. The process under test is a payments service
// of this file's own (its own Redis, queue prefix and database) so that killing it disturbs nothing else;
// the Stripe side is the run's sandbox, with 500 Checkout Sessions really paid on its pay page.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

import { Queue } from 'bullmq';
import { Client, Pool } from 'pg';

import { sandboxStripe, stripeTestSettings } from '../support/stripe';

const ROOT = path.resolve(__dirname, '../..');
const PAYMENTS_MAIN = path.join(ROOT, 'dist/apps/payments/apps/payments/src/main.js');
// The Node.js the stack's apps run on in npm test (the images' own; infra/dev-stack/lib/app-node.js).
const { appNode } = createRequire(__filename)(path.join(ROOT, 'infra/dev-stack/lib/app-node.js')) as {
  appNode: (mode: 'test', env: NodeJS.ProcessEnv, warn: (text: string) => void) => { binary: string };
};
const NODE = appNode('test', process.env, (text) => console.warn(text)).binary;
const TOP_UPS = 500;
const STRIPE_EVENT_QUEUE = 'payments-stripe-events';
const STRIPE_EVENT_JOB = 'payments.stripe-event.received.v1';

jest.setTimeout(300_000);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe('payments service killed with 500 Stripe events queued', () => {
  const stripe = sandboxStripe();
  const { apiUrl } = stripeTestSettings();
  const databaseName = `kitty_payments_fault_${randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/kitty');
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const queuePrefix = `fault-${randomBytes(4).toString('hex')}`;
  let redis: ChildProcess;
  let redisPort: number;
  let db: Pool;
  let queue: Queue;
  let payments: ChildProcess | undefined;

  const startPayments = async () => {
    const child = spawn(NODE, [PAYMENTS_MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HTTP_PORT: String(await freePort()),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        QUEUE_PREFIX: queuePrefix,
        STRIPE_SECRET_KEY: 'sk_test_kitty_fault',
        STRIPE_API_URL: apiUrl,
        PUBLIC_URL: 'http://127.0.0.1:3000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return child;
  };

  const credited = async () =>
    Number(
      (await db.query(`SELECT count(*) FROM payments.funding_transactions WHERE status = 'succeeded'`))
        .rows[0].count,
    );

  beforeAll(async () => {
    redisPort = await freePort();
    redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    // A database of its own, migrated with the project's migration tool.
    execFileSync(process.execPath, [path.join(ROOT, 'infra/db/migrate.js'), 'deploy', 'payments'], {
      env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
      stdio: 'pipe',
    });
    db = new Pool({ connectionString: databaseUrl.toString(), max: 8 });
    queue = new Queue(STRIPE_EVENT_QUEUE, {
      connection: { host: '127.0.0.1', port: redisPort },
      prefix: queuePrefix,
    });
    await waitFor('the private Redis', async () => (await queue.getJobCounts()) && true);
  });

  afterAll(async () => {
    payments?.kill('SIGKILL');
    await queue?.close();
    await db?.end();
    redis?.kill('SIGKILL');
    const admin = new Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  });

  it('credits every top-up exactly once after a SIGKILL and restart, duplicates included', async () => {
    // 500 top-ups of 100..599p (+2% fee) into 500 wallets, each a paid Checkout Session in the sandbox.
    const topUps = Array.from({ length: TOP_UPS }, (_, i) => ({
      fundingId: randomUUID(),
      userId: randomUUID(),
      amount: 100 + i,
      fee: Math.floor(((100 + i) * 2 + 50) / 100),
      sessionId: '',
      eventId: '',
    }));
    await inParallel(topUps, 16, async (topUp) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: 'gbp', unit_amount: topUp.amount, product_data: { name: 'Top-up' } },
            quantity: 1,
          },
          {
            price_data: {
              currency: 'gbp',
              unit_amount: topUp.fee,
              product_data: { name: 'Platform fee (2%)' },
            },
            quantity: 1,
          },
        ],
        success_url: 'http://127.0.0.1:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://127.0.0.1:3000/funding-cancelled',
        client_reference_id: topUp.fundingId,
        metadata: { fundingId: topUp.fundingId },
      });
      topUp.sessionId = session.id;
      await db.query(
        `INSERT INTO payments.funding_transactions
           (id, user_id, session_id, amount_pence, fee_pence, fee_rate, is_uk_user, method,
            destination_type, destination_name, credit_account_id)
         VALUES ($1, $2, $3, $4, $5, 2, true, 'card', 'wallet', 'Your wallet', $6)`,
        [topUp.fundingId, topUp.userId, session.id, topUp.amount, topUp.fee, `wallet:${topUp.userId}`],
      );
      const paid = await fetch(`${apiUrl}/pay/${session.id}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          card_number: '4242 4242 4242 4242',
          card_expiry: '12 / 34',
          card_cvc: '123',
          cardholder_name: 'Fault Test',
        }),
        redirect: 'manual',
      });
      expect(paid.status).toBeLessThan(400);
    });

    // The sandbox's checkout.session.completed event of each session: what the gateway would have queued.
    const bySession = new Map(topUps.map((topUp) => [topUp.sessionId, topUp]));
    await waitFor('every completed event', async () => {
      for await (const event of stripe.events.list({ type: 'checkout.session.completed', limit: 100 })) {
        const topUp = bySession.get((event.data.object as { id: string }).id);
        if (topUp) topUp.eventId = event.id;
      }
      return topUps.every((topUp) => topUp.eventId) ? true : undefined;
    });
    const job = (eventId: string, sessionId: string) => ({
      name: STRIPE_EVENT_JOB,
      data: {
        eventId,
        type: 'checkout.session.completed',
        account: null,
        objectId: sessionId,
        receivedAt: new Date().toISOString(),
      },
      opts: { jobId: eventId, attempts: 12, backoff: { type: 'exponential', delay: 1000 } },
    });
    await queue.addBulk(topUps.map((topUp) => job(topUp.eventId, topUp.sessionId)));

    payments = await startPayments();
    const beforeKill = await waitFor('the first credits', async () => {
      const count = await credited();
      return count >= 50 ? count : undefined;
    });
    payments.kill('SIGKILL');
    await new Promise((resolve) => payments?.once('exit', resolve));
    const atKill = await credited();

    // Redeliveries while it is down: the same events again, as Stripe retries after BullMQ forgot them.
    await queue.addBulk(topUps.slice(0, 100).map((topUp) => job(topUp.eventId, topUp.sessionId)));
    await queue.addBulk(
      topUps.slice(0, 100).map((topUp) => ({
        ...job(topUp.eventId, topUp.sessionId),
        opts: { jobId: `${topUp.eventId}-again` },
      })),
    );

    payments = await startPayments();
    await waitFor(
      'every top-up credited',
      async () => ((await credited()) === TOP_UPS ? true : undefined),
      180_000,
    );
    await waitFor('the queue drained', async () => {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed');
      return counts.wait + counts.active + counts.delayed === 0 ? true : undefined;
    });

    const ledger = await db.query<{ kind: string; transactions: string }>(
      `SELECT kind, count(*) AS transactions FROM payments.ledger_transactions GROUP BY kind`,
    );
    expect(ledger.rows).toEqual([{ kind: 'top_up', transactions: String(TOP_UPS) }]);
    const wallets = await db.query<{ id: string; balance_pence: string }>(
      `SELECT id, balance_pence FROM payments.ledger_accounts WHERE kind = 'wallet'`,
    );
    const balances = new Map(wallets.rows.map((row) => [row.id, Number(row.balance_pence)]));
    for (const topUp of topUps) expect(balances.get(`wallet:${topUp.userId}`)).toBe(topUp.amount);
    const platform = await db.query<{ id: string; balance_pence: string }>(
      // Each platform account as a whole: the sum of the rows it is spread on.
      `SELECT split_part(id, '/', 1) AS id, SUM(balance_pence)::text AS balance_pence
         FROM payments.ledger_accounts WHERE kind = 'platform' GROUP BY 1 ORDER BY 1`,
    );
    const totalAmount = topUps.reduce((sum, topUp) => sum + topUp.amount, 0);
    const totalFee = topUps.reduce((sum, topUp) => sum + topUp.fee, 0);
    expect(platform.rows).toEqual([
      { id: 'platform:fees', balance_pence: String(totalFee) },
      { id: 'stripe:clearing', balance_pence: String(-(totalAmount + totalFee)) },
    ]);
    const failed = await queue.getJobCounts('failed');
    expect(failed.failed).toBe(0);
    // The kill really happened mid-way: some credits before it, the rest after the restart.
    expect(beforeKill).toBeGreaterThanOrEqual(50);
    expect(atKill).toBeLessThan(TOP_UPS);
    console.log(
      `fault: ${TOP_UPS} queued, ${atKill} credited before SIGKILL, ${TOP_UPS - atKill} after restart, 200 redeliveries, 0 double credits`,
    );
  });
});
