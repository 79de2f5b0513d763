// Card authorisation benchmark, against a running stack (`npm start`) with the Stripe sandbox:
// the real-time decision Stripe waits on for at most 2 s. One verified user with an active card and a
// funded active pot; every purchase is small enough to be approved, so each one places a ledger hold.
//  1. webhook in → answer out: signed `issuing_authorization.request` deliveries POSTed to the gateway,
//     one at a time, then BENCH_CONCURRENCY (default 50) at once; latency of each response (signature check,
//     RPC to issuing, the decision and hold in payments, recorded decision);
//  2. open loop: BENCH_RATE (default 150) deliveries a second for BENCH_SECONDS (default 20), each sent on
//     its schedule whether or not the ones before were answered, as Stripe's traffic arrives: latency counted
//     from the scheduled send, so a stall shows in the tail instead of slowing the load down;
//  3. the same through the sandbox's test helper (Stripe's side: authorisation created, webhook asked,
//     answer applied), for comparison.
// Run: `npm run bench:authorizations` (BENCH_REQUESTS, BENCH_CONCURRENCY, BENCH_RATE, BENCH_SECONDS).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

import { cpuPerUnit, cpuSnapshot } from '../infra/perf/cpu.mjs';

import {
  call,
  DATABASE_URL,
  deliverWebhook,
  fundPot,
  percentile,
  queuesDrained,
  SANDBOX,
  verifiedUser,
  WEBHOOK_SECRET,
} from './lib.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PURCHASE_PENCE = 1;

const WINDOW_MS = 500;

async function load(count, concurrency, work) {
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        const result = await work();
        samples.push({ ms: performance.now() - t0, startedMs: t0 - started, result });
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    perSecond: count / elapsedS,
    p10: percentile(sorted, 10),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    results: samples.map((sample) => sample.result),
    samples,
  };
}

/**
 * An offered rate (open loop): `count` calls of `work`, the i-th sent at i / rate seconds after the start
 * whatever the earlier ones are doing. Each latency runs from its scheduled send, so time the load
 * generator itself fell behind counts against the answer too (no coordinated omission).
 */
async function offered(rate, count, work) {
  const samples = [];
  const started = performance.now();
  const calls = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      work().then((result) =>
        samples.push({ ms: performance.now() - due, startedMs: due - started, result }),
      ),
    );
  }
  await Promise.all(calls);
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    perSecond: count / elapsedS,
    p10: percentile(sorted, 10),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    results: samples.map((sample) => sample.result),
    samples,
  };
}

/**
 * When the slowest 1 % started, in 0.5 s windows of the run, and the rate each full window finished at:
 * a tail that clusters (the burst's first requests, a stall) reads differently from one spread evenly.
 */
function tailReport({ samples }) {
  const window = (sample) => Math.floor(sample.startedMs / WINDOW_MS);
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, Math.ceil(samples.length / 100));
  const slowByWindow = new Map();
  for (const sample of slowest) slowByWindow.set(window(sample), (slowByWindow.get(window(sample)) ?? 0) + 1);
  const clusters = [...slowByWindow]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([at, n]) => `${n} at ${((at * WINDOW_MS) / 1000).toFixed(1)} s`);
  const finished = new Map();
  for (const sample of samples) {
    const at = Math.floor((sample.startedMs + sample.ms) / WINDOW_MS);
    finished.set(at, (finished.get(at) ?? 0) + 1);
  }
  // Every window between the first and the last (both partial), a window where nothing finished too.
  const last = Math.max(...finished.keys());
  const full = Array.from(
    { length: Math.max(0, last - 1) },
    (_, i) => (finished.get(i + 1) ?? 0) * (1000 / WINDOW_MS),
  );
  return (
    `  slowest 1 % (${slowest.length}) started: ${clusters.join(', ')}; ` +
    (full.length ? `0.5 s windows finished ${Math.min(...full)}–${Math.max(...full)} decisions/s` : '')
  );
}

async function cardholder(run) {
  const { token, userId } = await verifiedUser('card', 'Bench Cardholder');
  await call('/api/cards', { method: 'POST', token });
  const pot = await call('/api/pots', { method: 'POST', token, body: { name: `Card bench ${run}` } });
  await fundPot(token, pot.id, 100_000);
  return { token, userId, potId: pot.id };
}

function authorizationRequest(card) {
  return JSON.stringify(
    {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'issuing_authorization.request',
      account: card.stripe_account_id,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: {
          id: `iauth_${randomUUID().replaceAll('-', '')}`,
          object: 'issuing.authorization',
          amount: 0,
          approved: false,
          currency: 'gbp',
          status: 'pending',
          card: { id: card.stripe_card_id, object: 'issuing.card' },
          merchant_data: { name: 'Bench Coffee' },
          pending_request: { amount: PURCHASE_PENCE, currency: 'gbp' },
        },
      },
    },
    null,
    2,
  );
}

async function main() {
  if (!WEBHOOK_SECRET)
    throw new Error('Set STRIPE_WEBHOOK_SECRET (the one the stack under test verifies with)');
  const run = Date.now().toString(36);
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const holder = await cardholder(run);
  const { rows } = await db.query(
    `SELECT stripe_card_id, stripe_account_id FROM issuing.virtual_cards WHERE user_id = $1`,
    [holder.userId],
  );
  const card = rows[0];

  const decide = async () => {
    const { status, body } = await deliverWebhook(authorizationRequest(card));
    if (status < 200 || status >= 300) throw new Error(`authorisation request → ${status} ${body}`);
    return JSON.parse(body).approved === true;
  };
  const report = (label, result) =>
    console.log(
      `decision, webhook in → answer out (${label}): p10 ${result.p10.toFixed(1)} ms, ` +
        `p50 ${result.p50.toFixed(1)} ms, p90 ${result.p90.toFixed(1)} ms, ` +
        `p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, ` +
        `${result.perSecond.toFixed(0)} decisions/s, ${result.results.filter((approved) => !approved).length} declined`,
    );

  // One at a time: the path's own latency (target: p50 < 20 ms), with nothing queued behind it.
  await queuesDrained();
  report('one at a time, 200 requests', await load(200, 1, decide));
  await queuesDrained();
  const before = cpuSnapshot();
  const atOnce = await load(REQUESTS, CONCURRENCY, decide);
  report(`${REQUESTS} requests, ${CONCURRENCY} at once`, atOnce);
  console.log(tailReport(atOnce));
  // With what each decision set off (the hold's balance event in pots, live notices), once it is done.
  await queuesDrained();
  console.log(`  CPU per decision: ${cpuPerUnit(before, cpuSnapshot(), REQUESTS)}`);

  await queuesDrained();
  const openCount = RATE * SECONDS;
  const beforeOpen = cpuSnapshot();
  const open = await offered(RATE, openCount, decide);
  report(`open loop, ${RATE}/s offered for ${SECONDS} s`, open);
  console.log(tailReport(open));
  await queuesDrained();
  console.log(`  CPU per decision: ${cpuPerUnit(beforeOpen, cpuSnapshot(), openCount)}`);

  await queuesDrained();
  const viaSandbox = await load(Math.min(REQUESTS, 500), CONCURRENCY, async () => {
    const response = await fetch(`${SANDBOX}/v1/test_helpers/issuing/authorizations`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_kitty_bench',
        'stripe-account': card.stripe_account_id,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        card: card.stripe_card_id,
        amount: String(PURCHASE_PENCE),
        currency: 'gbp',
      }),
    });
    return (await response.json()).approved === true;
  });
  console.log(
    `purchase through the sandbox (Stripe asks, Kitty answers; ${Math.min(REQUESTS, 500)} purchases, ` +
      `${CONCURRENCY} at once): p50 ${viaSandbox.p50.toFixed(1)} ms, p99 ${viaSandbox.p99.toFixed(1)} ms, ` +
      `${viaSandbox.results.filter((approved) => !approved).length} declined`,
  );
  await db.end();
}

await main();
