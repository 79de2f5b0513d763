// What every benchmark needs against a running stack (`npm start`): where it is, a JSON call through the
// gateway, bounded concurrency, percentiles, and a verified user whose pot holds money.
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';

import Redis from 'ioredis';

export const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
export const SANDBOX = process.env.STRIPE_API_URL ?? 'http://127.0.0.1:12111';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUEUE_PREFIX = process.env.QUEUE_PREFIX ?? 'kitty';
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/kitty';
// npm start generates the webhook secret it shares with the sandbox into .kitty/secrets.json.
export const WEBHOOK_SECRET =
  process.env.STRIPE_WEBHOOK_SECRET ??
  (existsSync('.kitty/secrets.json')
    ? JSON.parse(readFileSync('.kitty/secrets.json', 'utf8')).stripeWebhookSecret
    : undefined);

// Kept-alive connections for the loads the benches drive: fetch (undici) spent ≈ 1 ms of CPU per request
// here, on the cores the stack under test runs on; node:http ≈ 0.4 ms.
const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** The `stripe-signature` header Stripe sends with `body`: `t=…,v1=…`, an HMAC over the raw body. */
export function webhookSignature(body) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A signed Stripe webhook delivery to the gateway; answers status and body. */
export function deliverWebhook(body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${GATEWAY}/api/webhooks/stripe`,
      {
        method: 'POST',
        agent: loadAgent,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'stripe-signature': webhookSignature(body),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `idempotencyKey`: required by the money commands (Checkout sessions, withdrawals, expenses, settlements). */
export async function call(path, { method = 'GET', body, token, ip, idempotencyKey } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${GATEWAY}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Runs `worker` over `items`, at most `concurrency` at a time. */
export async function pool(items, concurrency, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await worker(items[next++]);
    }),
  );
}

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Submits the sandbox's hosted pay page by card, as the payer's browser would. */
export async function payByCard(sessionId, name = 'Bench Payer') {
  const response = await fetch(`${SANDBOX}/pay/${sessionId}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 34',
      card_cvc: '123',
      cardholder_name: name,
    }),
    redirect: 'manual',
  });
  if (response.status >= 400) throw new Error(`pay page → ${response.status}`);
}

const MAILDEV = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

/**
 * Signs up (202, no session), follows the confirmation link e-mailed to the address (MailDev), which
 * opens no session either, and signs in: the session.
 */
export async function signUpConfirmed({ fullName, email, password = 'bench-password', ip }) {
  await call('/api/auth/sign-up', { method: 'POST', ip, body: { fullName, email, password } });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const inbox = await (await fetch(`${MAILDEV}/email`)).json();
    const mail = inbox.find(
      (m) => m.to.some((to) => to.address === email) && /verify-email\?token=/.test(m.text),
    );
    const token = mail && /\/verify-email\?token=([\w%.~-]+)/.exec(mail.text)?.[1];
    if (token) {
      await call('/api/auth/verify-email', {
        method: 'POST',
        ip,
        body: { token: decodeURIComponent(token) },
      });
      return call('/api/auth/sign-in', { method: 'POST', ip, body: { email, password } });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation e-mail reached ${email}`);
}

/**
 * A pot of `size` freshly signed-up members (each from its own client address, `${ipPrefix}.<i>.1`, so
 * the per-IP auth limit stays out of the seeding), owned by the first, the others joined by invitation.
 * `users` are their sessions (the password is signUpConfirmed's).
 */
export async function potOfNewMembers({ label, size, ipPrefix }) {
  const run = Date.now().toString(36);
  const users = [];
  for (let i = 0; i < size; i += 1) {
    users.push(
      await signUpConfirmed({
        fullName: `${label} ${i}`,
        email: `${label.toLowerCase()}-${run}-${i}@example.com`,
        ip: `${ipPrefix}.${i}.1`,
      }),
    );
  }
  const owner = users[0];
  const pot = await call('/api/pots', {
    method: 'POST',
    token: owner.accessToken,
    body: { name: `${label} ${run}` },
  });
  for (const user of users.slice(1)) {
    const { inviteUrl } = await call(`/api/pots/${pot.id}/invitations`, {
      method: 'POST',
      token: owner.accessToken,
      body: { name: user.user.fullName, email: user.user.email },
    });
    await call(`/api/invitations/${inviteUrl.split('/invite/')[1]}/accept`, {
      method: 'POST',
      token: user.accessToken,
    });
  }
  const { members } = await call(`/api/pots/${pot.id}`, { token: owner.accessToken });
  return { owner, users, pot, members };
}

/**
 * Records the `i`-th expense of a seeded pot: varied amounts, paid by members in turn, shared by two
 * members in three.
 */
export function recordSeededExpense(pot, owner, members, i) {
  return call(`/api/pots/${pot.id}/expenses`, {
    method: 'POST',
    token: owner.accessToken,
    idempotencyKey: randomUUID(),
    body: {
      description: `Expense ${i}`,
      amountPence: 100 + ((i * 7919) % 20_000),
      paidFrom: 'member',
      payerMemberId: members[i % members.length].id,
      split: {
        mode: 'equal',
        members: members.filter((_, j) => (i + j) % 3 !== 0).map((member) => ({ memberId: member.id })),
      },
    },
  });
}

/**
 * The member-heavy pot the read benchmarks measure: `members` new members, `expenses` expenses, seen by its owner.
 * Returns once every job the seeding queued is done, so the load that follows runs on a quiet stack.
 */
export async function seededMemberHeavyPot({ label, ipPrefix, members: size = 20, expenses = 200 }) {
  const { owner, pot, members } = await potOfNewMembers({ label, size, ipPrefix });
  for (let i = 0; i < expenses; i += 1) await recordSeededExpense(pot, owner, members, i);
  await queuesDrained();
  return { token: owner.accessToken, potId: pot.id };
}

/** Signs up and onboards a user (payment account + KYC): they may add funds, withdraw and get a card. */
export async function verifiedUser(label, fullName = 'Bench Payer') {
  const session = await signUpConfirmed({
    fullName,
    email: `bench-${label}-${Date.now().toString(36)}@example.com`,
  });
  const token = session.accessToken;
  const [firstName, lastName] = fullName.split(' ');
  await call('/api/onboarding/kyc', {
    method: 'POST',
    token,
    body: {
      firstName,
      lastName,
      phoneNumber: '+44 7700 900123',
      dateOfBirth: { day: 1, month: 1, year: 1990 },
      address: { line1: '1 Bench Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      acceptedTerms: true,
    },
  });
  await untilCardIssuingActive(token);
  return { token, userId: session.user.id };
}

/** Waits for Stripe (the sandbox) to verify the details sent and make card issuing active. */
async function untilCardIssuingActive(token) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { account } = await call('/api/onboarding', { token });
    if (account?.kycStatus === 'complete' && account.capabilities.cardIssuing === 'active') return;
    if (Date.now() > deadline) throw new Error('Stripe did not verify the bench user in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Adds `amountPence` to a pot the real way (Checkout, pay page, webhook) and waits until it is credited. */
export async function fundPot(token, potId, amountPence) {
  const checkout = await call('/api/funding/checkout-sessions', {
    method: 'POST',
    token,
    idempotencyKey: randomUUID(),
    body: { amountPence, destination: { type: 'pot', potId }, method: 'card' },
  });
  await payByCard(checkout.sessionId);
  for (let waited = 0; ; waited += 200) {
    const read = await call(`/api/pots/${potId}`, { token });
    if (read.balancePence >= amountPence) return;
    if (waited > 30_000) throw new Error('the top-up was not credited within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until every BullMQ queue of the stack has nothing waiting, delayed or active: seeding a pot sends
 * thousands of notices and e-mails (each expense tells every member), and a benchmark run while they are
 * delivered measures the backlog's work with its own.
 */
export async function queuesDrained({ timeoutMs = 300_000 } = {}) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  await redis.connect();
  const started = Date.now();
  let announced = false;
  try {
    for (;;) {
      const queues = (await redis.keys(`${QUEUE_PREFIX}:*:meta`)).map((key) => key.slice(0, -':meta'.length));
      const counts = await Promise.all(
        queues.map(async (queue) => {
          const [waiting, active, delayed, prioritized] = await Promise.all([
            redis.llen(`${queue}:wait`),
            redis.llen(`${queue}:active`),
            // Repeatable jobs (sweeps, reconciliation) always have a next run delayed: count only what is
            // due within seconds (a retry's backoff, say).
            redis.zcount(`${queue}:delayed`, 0, (Date.now() + 5_000) * 0x1000),
            redis.zcard(`${queue}:prioritized`),
          ]);
          return waiting + active + delayed + prioritized;
        }),
      );
      const pending = counts.reduce((sum, count) => sum + count, 0);
      if (pending === 0) return;
      if (Date.now() - started > timeoutMs) throw new Error(`queues still hold ${pending} jobs`);
      if (!announced) console.log(`waiting for ${pending} queued jobs to finish …`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    redis.disconnect();
  }
}
