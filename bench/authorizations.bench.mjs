// Card authorisation benchmark (issue 5), against a running stack (`npm start`) with the Stripe sandbox:
// the real-time decision Stripe waits on for at most 2 s. One verified user with an active card and a
// funded active pot; every purchase is small enough to be approved, so each one places a ledger hold.
//  1. webhook in → answer out: signed `issuing_authorization.request` deliveries POSTed to the gateway
//     at BENCH_CONCURRENCY (default 50) at once; latency of each response (signature check, RPC to
//     issuing, active pot from pots, hold in the payments ledger, recorded decision);
//  2. the same through the sandbox's test helper (Stripe's side: authorisation created, webhook asked,
//     answer applied), for comparison.
// Run: `npm run bench:authorizations` (BENCH_REQUESTS, BENCH_CONCURRENCY to change the load).
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import pg from 'pg';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const SANDBOX = process.env.STRIPE_API_URL ?? 'http://127.0.0.1:12111';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/kitty';
// npm start generates the webhook secret it shares with the sandbox into .kitty/secrets.json.
const WEBHOOK_SECRET =
  process.env.STRIPE_WEBHOOK_SECRET ??
  (existsSync('.kitty/secrets.json')
    ? JSON.parse(readFileSync('.kitty/secrets.json', 'utf8')).stripeWebhookSecret
    : undefined);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PURCHASE_PENCE = 1;

async function call(path, { method = 'GET', body, token } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${GATEWAY}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `work` `count` times, `concurrency` at a time; returns each run's latency in ms and its result. */
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
  const session = await call('/api/auth/sign-up', {
    method: 'POST',
    body: {
      fullName: 'Bench Cardholder',
      email: `bench-card-${run}@example.com`,
      password: 'bench-password',
    },
  });
  const token = session.accessToken;
  await call('/api/onboarding/kyc', {
    method: 'POST',
    token,
    body: {
      firstName: 'Bench',
      lastName: 'Cardholder',
      phoneNumber: '+44 7700 900123',
      dateOfBirth: { day: 1, month: 1, year: 1990 },
      address: { line1: '1 Bench Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
  });
  await call('/api/cards', { method: 'POST', token });
  const pot = await call('/api/pots', { method: 'POST', token, body: { name: `Card bench ${run}` } });
  const checkout = await call('/api/funding/checkout-sessions', {
    method: 'POST',
    token,
    body: { amountPence: 100_000, destination: { type: 'pot', potId: pot.id }, method: 'card' },
  });
  const paid = await fetch(`${SANDBOX}/pay/${checkout.sessionId}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 34',
      card_cvc: '123',
      cardholder_name: 'Bench Cardholder',
    }),
    redirect: 'manual',
  });
  if (paid.status >= 400) throw new Error(`pay page → ${paid.status}`);
  for (let waited = 0; ; waited += 200) {
    const read = await call(`/api/pots/${pot.id}`, { token });
    if (read.balancePence >= 100_000) break;
    if (waited > 30_000) throw new Error('the top-up was not credited within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { token, userId: session.user.id, potId: pot.id };
}

function signedRequest(card) {
  const body = JSON.stringify(
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
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return { body, signature: `t=${timestamp},v1=${signature}` };
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

  const direct = await load(REQUESTS, CONCURRENCY, async () => {
    const { body, signature } = signedRequest(card);
    const response = await fetch(`${GATEWAY}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
    });
    return (await response.json()).approved === true;
  });
  const declinedDirect = direct.results.filter((approved) => !approved).length;
  console.log(
    `decision, webhook in → answer out (${REQUESTS} requests, ${CONCURRENCY} at once): ` +
      `p50 ${direct.p50.toFixed(1)} ms, p99 ${direct.p99.toFixed(1)} ms, max ${direct.max.toFixed(1)} ms, ` +
      `${direct.perSecond.toFixed(0)} decisions/s, ${declinedDirect} declined`,
  );

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
