// Money path benchmark, against a running stack (`npm start`) with the Stripe sandbox:
//  1. webhook intake: signed Stripe events/s the gateway verifies and queues (autocannon, one real event
//     re-delivered: signature check + BullMQ add with jobId = event id);
//  2. end-to-end credit: one at a time, Checkout Session paid on the sandbox's pay page → signed webhook →
//     gateway → BullMQ → payments → ledger (payment → funding row credited); then many paid first and
//     their signed events delivered at once (see creditsAtOnce): credits/s, delivery → credit latency;
//  3. one hot pot: concurrent pot-paid expenses (pots → payments ledger, one row lock) per second.
// Run: `npm run bench:payments` (BENCH_SECONDS, BENCH_TOP_UPS to change the load).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import autocannon from 'autocannon';
import pg from 'pg';

import { cpuPerUnit, cpuSnapshot } from '../infra/perf/cpu.mjs';

import {
  call,
  DATABASE_URL,
  deliverWebhook,
  GATEWAY,
  payByCard,
  percentile,
  pool,
  queuesDrained,
  SANDBOX,
  verifiedUser,
  WEBHOOK_SECRET,
  webhookSignature,
} from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const TOP_UPS = Number(process.env.BENCH_TOP_UPS ?? 300);
/** Top-ups at once go to this many pots: the platform's rate, not one pot's row lock (that is `hot pot`). */
const POTS = Number(process.env.BENCH_POTS ?? 30);

/** Checkout Sessions of £10 into the given pots (one per entry), created through the gateway. */
async function checkoutSessions(token, potIds) {
  const sessions = [];
  await pool(potIds, 8, async (potId) => {
    const created = await call('/api/funding/checkout-sessions', {
      method: 'POST',
      token,
      idempotencyKey: randomUUID(),
      body: { amountPence: 1000, destination: { type: 'pot', potId }, method: 'card' },
    });
    sessions.push(created.sessionId);
  });
  return sessions;
}

/** Waits until every session's funding row is credited (or 2 minutes pass); the credited rows. */
async function creditedRows(db, sessions) {
  const started = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { rows } = await db.query(
      `SELECT session_id, completed_at FROM payments.funding_transactions
        WHERE session_id = ANY($1) AND status = 'succeeded'`,
      [sessions],
    );
    if (rows.length === sessions.length || performance.now() - started > 120_000) return rows;
  }
}

/** One at a time through the sandbox's pay page and its own delivery: the path's latency, payment → ledger. */
async function creditLatency(token, potId, db) {
  const [sessionId] = await checkoutSessions(token, [potId]);
  await payByCard(sessionId);
  const paidAt = Date.now();
  const [row] = await creditedRows(db, [sessionId]);
  return row.completed_at.getTime() - paidAt;
}

const sandboxPost = (path) => fetch(`${SANDBOX}/_sandbox/${path}`, { method: 'POST' });

/** Until the sandbox has sent every delivery it holds, then a few seconds for Kitty to work through them. */
async function sandboxDrained() {
  for (;;) {
    const health = await (await fetch(`${SANDBOX}/_sandbox/health`)).json();
    if (health.pending_jobs === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000));
}

/** The checkout.session.completed events of these sessions, from the sandbox's events API. */
async function completedEvents(sessions) {
  const wanted = new Set(sessions);
  const found = [];
  let startingAfter;
  while (found.length < wanted.size) {
    const query = new URLSearchParams({ type: 'checkout.session.completed', limit: '100' });
    if (startingAfter) query.set('starting_after', startingAfter);
    const page = await (
      await fetch(`${SANDBOX}/v1/events?${query}`, {
        headers: { authorization: 'Bearer sk_test_kitty_sandbox' },
      })
    ).json();
    found.push(...page.data.filter((event) => wanted.has(event.data.object.id)));
    if (!page.has_more) break;
    startingAfter = page.data.at(-1).id;
  }
  return found;
}

/**
 * Many top-ups paid at once, credited end to end. The sessions are paid first with the sandbox's
 * deliveries held (its pay page is far slower than Kitty and would set the rate); then their signed
 * `checkout.session.completed` events are delivered to the gateway together, 32 at a time, as Stripe's
 * fan-out would. From the first delivery to the last credit: verification, queue, payments' worker (which
 * reads the event and the session back from the sandbox's API), the ledger and the funding row.
 */
async function creditsAtOnce(token, potIds, db, count) {
  const cpu = {};
  const sessions = await checkoutSessions(
    token,
    Array.from({ length: count }, (_, i) => potIds[i % potIds.length]),
  );
  await sandboxPost('deliveries/pause');
  let credited;
  let started;
  try {
    await pool(sessions, 8, (sessionId) => payByCard(sessionId));
    const events = await completedEvents(sessions);
    if (events.length !== sessions.length)
      throw new Error(`${events.length} completed events for ${sessions.length} paid sessions`);
    started = Date.now();
    cpu.before = cpuSnapshot();
    await pool(events, 32, async (event) => {
      const { status } = await deliverWebhook(JSON.stringify(event, null, 2));
      if (status < 200 || status >= 300) throw new Error(`webhook → ${status}`);
    });
    credited = await creditedRows(db, sessions);
    cpu.credited = cpuSnapshot();
  } finally {
    // The held deliveries go out only now (duplicates, answered as such), not during the measurement, and
    // are let through before the next phase starts.
    await sandboxPost('deliveries/resume');
    await sandboxDrained();
  }
  const latencies = credited.map((row) => row.completed_at.getTime() - started).sort((a, b) => a - b);
  // What each credit set off is part of its cost, counted until it is all done: receipts, notices, e-mails,
  // and the sandbox's own held deliveries (let out in `finally`, answered as duplicates).
  await queuesDrained();
  return {
    cpuUntilCredited: cpuPerUnit(cpu.before, cpu.credited, credited.length),
    cpuUntilDrained: cpuPerUnit(cpu.before, cpuSnapshot(), credited.length),
    credited: credited.length,
    perSecond: credited.length / (latencies.at(-1) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastSessionId: sessions.at(-1),
  };
}

async function webhookIntake(sessionId) {
  const events = await (
    await fetch(`${SANDBOX}/v1/events?type=checkout.session.completed&limit=100`, {
      headers: { authorization: 'Bearer sk_test_kitty_sandbox' },
    })
  ).json();
  const event = events.data.find((e) => e.data.object.id === sessionId);
  const body = JSON.stringify(event, null, 2);
  const result = await autocannon({
    url: `${GATEWAY}/api/webhooks/stripe`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': webhookSignature(body) },
    body,
    connections: 32,
    duration: DURATION_S,
  });
  return result;
}

async function hotPot(token, potId, memberId) {
  let done = 0;
  let refused = 0;
  const latencies = [];
  const deadline = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await call(`/api/pots/${potId}/expenses`, {
            method: 'POST',
            token,
            idempotencyKey: randomUUID(),
            body: {
              description: 'Hot pot',
              amountPence: 1,
              paidFrom: 'pot',
              split: { mode: 'equal', members: [{ memberId }] },
            },
          });
          done += 1;
          latencies.push(performance.now() - t0);
        } catch {
          refused += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: done / DURATION_S,
    refused,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main() {
  if (!WEBHOOK_SECRET)
    throw new Error('Set STRIPE_WEBHOOK_SECRET (the one the stack under test verifies with)');
  const db = new pg.Pool({ connectionString: DATABASE_URL });
  const { token } = await verifiedUser('pay');
  const pots = [];
  for (let i = 0; i < POTS; i += 1)
    pots.push(await call('/api/pots', { method: 'POST', token, body: { name: `Bench ${Date.now()} ${i}` } }));
  const pot = pots[0];

  // One at a time first: the path's own latency, with no backlog in the queue.
  await queuesDrained();
  const idle = [];
  for (let i = 0; i < 10; i += 1) idle.push(await creditLatency(token, pot.id, db));
  idle.sort((a, b) => a - b);
  console.log(
    `end-to-end credit, one at a time: payment→ledger p50 ${percentile(idle, 50)} ms, max ${idle.at(-1)} ms`,
  );

  const credits = await creditsAtOnce(
    token,
    pots.map((p) => p.id),
    db,
    TOP_UPS,
  );
  console.log(
    `end-to-end credit, ${TOP_UPS} paid top-ups into ${POTS} pots delivered at once: ${credits.credited}/${TOP_UPS} credited, ` +
      `${credits.perSecond.toFixed(1)} credits/s, delivery→ledger p50 ${credits.p50} ms, p99 ${credits.p99} ms`,
  );
  console.log(`  CPU per credit until the last was credited: ${credits.cpuUntilCredited}`);
  console.log(`  CPU per credit until everything it set off was done: ${credits.cpuUntilDrained}`);

  // Each phase on a quiet stack: the credits' receipts and notices are still being e-mailed otherwise.
  await queuesDrained();
  const intake = await webhookIntake(credits.lastSessionId);
  console.log(
    `webhook intake: ${intake.requests.average.toFixed(0)} signed events/s accepted ` +
      `(p50 ${intake.latency.p50} ms, p99 ${intake.latency.p99} ms, non-2xx ${intake.non2xx}, 32 connections)`,
  );

  await queuesDrained();
  const hot = await hotPot(token, pot.id, pot.yourMemberId);
  console.log(
    `hot pot: ${hot.perSecond.toFixed(1)} pot-paid expenses/s on one pot (16 concurrent, p50 ${hot.p50.toFixed(0)} ms, ` +
      `p99 ${hot.p99.toFixed(0)} ms, refused ${hot.refused})`,
  );
  await db.end();
}

await main();
