// Card authorisation benchmark (issue 5), against a running stack (`npm start`) with the Stripe sandbox:
// the real-time decision Stripe waits on for at most 2 s. One verified user with an active card and a
// funded active pot; every purchase is small enough to be approved, so each one places a ledger hold.
//  1. webhook in → answer out: signed `issuing_authorization.request` deliveries POSTed to the gateway,
//     one at a time and then BENCH_CONCURRENCY (default 50) at once; latency of each response (signature check, RPC to
//     issuing, active pot from pots, hold in the payments ledger, recorded decision);
//  2. the same through the sandbox's test helper (Stripe's side: authorisation created, webhook asked,
//     answer applied), for comparison.
// Run: `npm run bench:authorizations` (BENCH_REQUESTS, BENCH_CONCURRENCY to change the load).
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
const PURCHASE_PENCE = 1;

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
        samples.push({ ms: performance.now() - t0, result });
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    perSecond: count / elapsedS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    results: samples.map((sample) => sample.result),
  };
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
    if (status !== 200) throw new Error(`authorisation request → ${status} ${body}`);
    return JSON.parse(body).approved === true;
  };
  const report = (label, result) =>
    console.log(
      `decision, webhook in → answer out (${label}): p50 ${result.p50.toFixed(1)} ms, ` +
        `p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, ` +
        `${result.perSecond.toFixed(0)} decisions/s, ${result.results.filter((approved) => !approved).length} declined`,
    );

  // One at a time: the path's own latency (issue 15 §2: p50 < 20 ms), with nothing queued behind it.
  await queuesDrained();
  report('one at a time, 200 requests', await load(200, 1, decide));
  await queuesDrained();
  const before = cpuSnapshot();
  report(`${REQUESTS} requests, ${CONCURRENCY} at once`, await load(REQUESTS, CONCURRENCY, decide));
  // With what each decision set off (the hold's balance event in pots, live notices), once it is done.
  await queuesDrained();
  console.log(`  CPU per decision: ${cpuPerUnit(before, cpuSnapshot(), REQUESTS)}`);

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
