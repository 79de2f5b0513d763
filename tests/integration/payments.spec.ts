import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually, MAILDEV_URL, signUpUser, uniqueEmail } from '../support/api';
import { type MaildevEmail, mailTo } from '../support/maildev';
import { verifyUser } from '../support/onboarding';
import { payOnSandbox, topUp } from '../support/payments';
import { bearer, type PotDetail, potWithMembers } from '../support/pots';
import {
  checkoutCompletedEvent,
  deliverWebhook,
  forgedDelivery,
  sandboxDeliveries,
  sandboxStripe,
  stripeEventQueue,
  stripeSignature,
  stripeTestSettings,
} from '../support/stripe';

interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

const FORGERIES = 1000;
const CONCURRENCY = 25;

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]);
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('Stripe webhooks at POST /api/webhooks/stripe', () => {
  const { queue, close: closeQueue } = stripeEventQueue();
  const db = new Pool({ connectionString: process.env.DATABASE_URL });

  afterAll(async () => {
    await closeQueue();
    await db.end();
  });

  it(`accepts none of ${FORGERIES} forged or stale signatures, queues nothing and changes no money`, async () => {
    const { webhookSecret } = stripeTestSettings();
    const marker = randomUUID().replaceAll('-', '');
    const attempts = Array.from({ length: FORGERIES }, (_, index) => {
      const eventId = `evt_forged${marker}${index}`;
      const body = checkoutCompletedEvent(eventId, `cs_test_forged${marker}${index}`);
      return { eventId, ...forgedDelivery(index, body, webhookSecret) };
    });

    const responses = await inParallel(attempts, CONCURRENCY, async (attempt) => ({
      kind: attempt.kind,
      response: await deliverWebhook(attempt.body, attempt.signature),
    }));

    const accepted = responses.filter(({ response }) => response.status !== 400);
    expect(accepted.map(({ kind, response }) => `${kind}: ${response.status}`)).toEqual([]);
    for (const { response } of responses) {
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 400, title: 'Invalid webhook' });
    }

    const queued = await inParallel(attempts, CONCURRENCY, (attempt) => queue.getJob(attempt.eventId));
    expect(queued.filter(Boolean)).toHaveLength(0);
    const touched = await db.query<{ table: string; count: string }>(
      `SELECT 'stripe_events' AS table, count(*) FROM payments.stripe_events WHERE id LIKE $1
       UNION ALL SELECT 'funding_transactions', count(*) FROM payments.funding_transactions WHERE session_id LIKE $2
       UNION ALL SELECT 'ledger_transactions', count(*) FROM payments.ledger_transactions
         WHERE idempotency_key LIKE $3 OR metadata::text LIKE $3`,
      [`evt_forged${marker}%`, `cs_test_forged${marker}%`, `%${marker}%`],
    );
    expect(touched.rows).toEqual([
      { table: 'stripe_events', count: '0' },
      { table: 'funding_transactions', count: '0' },
      { table: 'ledger_transactions', count: '0' },
    ]);
  });

  it("accepts the sandbox's genuinely signed deliveries and queues each event once, keyed by its id", async () => {
    const payout = await sandboxStripe().payouts.create({ amount: 100, currency: 'gbp' });
    const event = await eventually(async () => {
      const { data } = await sandboxStripe().events.list({ type: 'payout.created', limit: 100 });
      return data.find((candidate) => (candidate.data.object as { id: string }).id === payout.id);
    });
    const delivered = await eventually(async () =>
      (await sandboxDeliveries(event.id)).find((attempt) => attempt.status === 'succeeded'),
    );
    expect(delivered.response_status).toBe(200);

    const job = await queue.getJob(event.id);
    expect(job?.data).toMatchObject({ eventId: event.id, type: 'payout.created', objectId: payout.id });
    // A redelivery is the same job, not a second one.
    const resend = await fetch(new URL(`/_sandbox/events/${event.id}/resend`, stripeTestSettings().apiUrl), {
      method: 'POST',
    });
    expect(resend.status).toBe(202);
    await eventually(async () => ((await sandboxDeliveries(event.id)).length >= 2 ? true : undefined));
    expect((await sandboxDeliveries(event.id)).every((attempt) => attempt.response_status === 200)).toBe(
      true,
    );
    expect((await queue.getJob(event.id))?.timestamp).toBe(job?.timestamp);
  });

  it('refuses a genuinely signed event rendered with another API version (409, so Stripe retries) and queues nothing', async () => {
    const { webhookSecret } = stripeTestSettings();
    const eventId = `evt_otherversion${randomUUID().replaceAll('-', '')}`;
    const body = checkoutCompletedEvent(eventId, `cs_test_other_version_${randomUUID()}`).replace(
      '"api_version": "2026-10-28.endive"',
      '"api_version": "2024-06-20"',
    );
    const response = await deliverWebhook(body, stripeSignature(webhookSecret, body));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ title: 'Unsupported Stripe API version' });
    expect(await queue.getJob(eventId)).toBeUndefined();
  });

  it("delivers *.updated events with the changed fields' previous values, at the endpoint's API version", async () => {
    const payout = await sandboxStripe().payouts.create({ amount: 100, currency: 'gbp' });
    const updated = await eventually(async () => {
      const { data } = await sandboxStripe().events.list({ type: 'payout.updated', limit: 100 });
      return data.find((candidate) => (candidate.data.object as { id: string }).id === payout.id);
    });
    expect(updated.data.previous_attributes).toEqual({ status: 'pending' });
    const delivered = await eventually(async () =>
      (await sandboxDeliveries(updated.id)).find((attempt) => attempt.status === 'succeeded'),
    );
    expect(delivered.response_status).toBe(200);
  });

  it('is open to Stripe without a session but refuses a body that is not JSON', async () => {
    const response = await api('/api/webhooks/stripe', {
      method: 'POST',
      rawBody: 'type=checkout.session.completed',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 't=1,v1=00' },
    });
    expect(response.status).toBe(415);
  });
});

describe('money routes', () => {
  // Every row has a body slot: with fewer values, jest would take the test's third parameter for `done`.
  const routes: [string, string, unknown][] = [
    ['POST', '/api/funding/checkout-sessions', { amountPence: 2500 }],
    ['GET', '/api/funding/sessions/cs_test_anything', undefined],
    ['GET', '/api/funding/fee-quote?amountPence=2500', undefined],
    ['GET', '/api/funding/transactions', undefined],
    ['POST', `/api/funding/top-ups/${randomUUID()}/cancel`, undefined],
    ['GET', '/api/wallet', undefined],
    ['POST', '/api/withdrawals', { amountPence: 100 }],
    ['GET', '/api/withdrawals', undefined],
    ['POST', '/api/top-up-requests', { amountPence: 1000, recipients: ['a@example.com'] }],
    ['GET', `/api/top-up-requests/${randomUUID()}`, undefined],
  ];

  it.each(routes)('%s %s needs a signed-in user (401)', async (method, path, body) => {
    const response = await api<Problem>(path, { method, body });
    expect(response.status).toBe(401);
    expect(response.body.detail).toBe('Please sign in to continue.');
  });

  it("show a stranger none of another user's funding session, withdrawals or top-up request (404)", async () => {
    const requester = await signUpUser({ fullName: 'Rita Requester' });
    const recipientEmail = uniqueEmail('recipient');
    const created = await api<{ id: string; recipients: number }>('/api/top-up-requests', {
      method: 'POST',
      body: { amountPence: 2500, recipients: [recipientEmail], message: 'For the flat' },
      headers: bearer(requester.session.accessToken),
    });
    expect(created.status).toBe(201);
    const requestPath = `/api/top-up-requests/${created.body.id}`;

    const stranger = await signUpUser({ fullName: 'Sam Stranger' });
    const asStranger = bearer(stranger.session.accessToken);
    const peek = await api<Problem>(requestPath, { headers: asStranger });
    expect(peek.status).toBe(404);
    expect(peek.body.detail).toBe('No such top-up request.');
    // Neither an unknown id nor someone else's: the same answer, so ids cannot be probed.
    const unknown = await api<Problem>(`/api/top-up-requests/${randomUUID()}`, { headers: asStranger });
    expect(unknown.body).toEqual(peek.body);

    const recipient = await signUpUser({ email: recipientEmail });
    const opened = await api<{ requesterName: string; amountPence: number }>(requestPath, {
      headers: bearer(recipient.session.accessToken),
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ requesterName: 'Rita Requester', amountPence: 2500 });
    expect((await api(requestPath, { headers: bearer(requester.session.accessToken) })).status).toBe(200);

    const session = await api<Problem>('/api/funding/sessions/cs_test_not_yours', { headers: asStranger });
    expect(session.status).toBe(404);
    expect(session.body.detail).toBe('No such payment session.');
    expect((await api<unknown[]>('/api/withdrawals', { headers: asStranger })).body).toEqual([]);
    expect((await api<unknown[]>('/api/funding/transactions', { headers: asStranger })).body).toEqual([]);
    expect((await api<{ balancePence: number }>('/api/wallet', { headers: asStranger })).body).toMatchObject({
      balancePence: 0,
    });
  });

  it('refuses checkout to an unverified account with the spec text', async () => {
    const { session } = await signUpUser();
    const response = await api<Problem>('/api/funding/checkout-sessions', {
      method: 'POST',
      body: { amountPence: 2500 },
      headers: { ...bearer(session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(response.status).toBe(403);
    expect(response.body.title).toBe('Account Setup Required');
  });
});

describe("a verified user's top-up and pot, as seen and touched by a verified stranger", () => {
  interface CheckoutSessionCreated {
    sessionId: string;
    url: string;
    amountPence: number;
    feePence: number;
    feeRate: number;
    totalPence: number;
  }

  let owner: Awaited<ReturnType<typeof signUpUser>>;
  let stranger: Awaited<ReturnType<typeof signUpUser>>;
  let checkout: CheckoutSessionCreated;
  let pot: PotDetail;
  const asOwner = () => bearer(owner.session.accessToken);
  const asStranger = () => bearer(stranger.session.accessToken);

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([signUpUser({ fullName: 'Olive Owner' }), signUpUser()]);
    await Promise.all([verifyUser(owner.session.accessToken), verifyUser(stranger.session.accessToken)]);
    const created = await api<CheckoutSessionCreated>('/api/funding/checkout-sessions', {
      method: 'POST',
      body: { amountPence: 2500 },
      headers: { ...asOwner(), 'idempotency-key': randomUUID() },
    });
    expect(created.status).toBe(201);
    checkout = created.body;
    pot = (await api<PotDetail>('/api/pots', { method: 'POST', body: { name: 'Flat' }, headers: asOwner() }))
      .body;
  });

  it('opens a Checkout Session for the amount plus the fee, rounded half up', () => {
    expect([2, 6]).toContain(checkout.feeRate);
    expect(checkout).toMatchObject({
      amountPence: 2500,
      feePence: (2500 * checkout.feeRate) / 100,
      totalPence: 2500 + (2500 * checkout.feeRate) / 100,
    });
    expect(checkout.url).toContain(`/pay/${checkout.sessionId}`);
  });

  it("lets only its payer read the session: a stranger gets the unknown id's 404", async () => {
    const mine = await api<{ status: string; originalAmount: number }>(
      `/api/funding/sessions/${checkout.sessionId}`,
      { headers: asOwner() },
    );
    expect(mine.body).toMatchObject({ status: 'pending', originalAmount: 2500 });
    const theirs = await api<Problem>(`/api/funding/sessions/${checkout.sessionId}`, {
      headers: asStranger(),
    });
    const unknown = await api<Problem>('/api/funding/sessions/cs_test_unknown', { headers: asStranger() });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    const history = await api<{ sessionId: string }[]>('/api/funding/transactions', {
      headers: asStranger(),
    });
    expect(history.body.map((row) => row.sessionId)).not.toContain(checkout.sessionId);
  });

  it('credits nothing for forged or stale completions of the real pending session', async () => {
    const { webhookSecret } = stripeTestSettings();
    const marker = randomUUID().replaceAll('-', '');
    const statuses = await inParallel(
      Array.from({ length: 200 }, (_, index) => index),
      CONCURRENCY,
      async (index) => {
        const body = checkoutCompletedEvent(`evt_forged${marker}${index}`, checkout.sessionId, 2550);
        const forged = forgedDelivery(index, body, webhookSecret);
        return (await deliverWebhook(forged.body, forged.signature)).status;
      },
    );
    expect(statuses.filter((status) => status !== 400)).toEqual([]);
    const session = await api<{ status: string }>(`/api/funding/sessions/${checkout.sessionId}`, {
      headers: asOwner(),
    });
    expect(session.body.status).toBe('pending');
    expect(
      (await api<{ balancePence: number }>('/api/wallet', { headers: asOwner() })).body.balancePence,
    ).toBe(0);
  });

  it("refuses a stranger's withdrawal from the owner's pot as if the pot did not exist", async () => {
    const response = await api<Problem>('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 100, source: { type: 'pot', potId: pot.id } },
      headers: { ...asStranger(), 'idempotency-key': randomUUID() },
    });
    expect(response.status).toBe(404);
    const own = await api<unknown[]>('/api/withdrawals', { headers: asOwner() });
    expect(own.body).toEqual([]);
  });

  it('never lets a withdrawal exceed the balance', async () => {
    const response = await api<Problem>('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 100 },
      headers: { ...asStranger(), 'idempotency-key': randomUUID() },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      title: 'Insufficient Funds',
      detail: 'You cannot withdraw more than your available balance',
    });
    expect((await api<unknown[]>('/api/withdrawals', { headers: asStranger() })).body).toEqual([]);
  });
});

describe('a withdrawal from a shared pot', () => {
  it('is e-mailed to every other member once (a pot_withdrawal notification), naming who withdrew how much', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Shared ${Date.now()}`);
    await verifyUser(owner.session.accessToken);
    await topUp(owner.session.accessToken, 2_000, { type: 'pot', potId: pot.id });
    const withdrawal = await api('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 700, source: { type: 'pot', potId: pot.id } },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(withdrawal.status).toBe(201);

    for (const member of others) {
      const mail = await mailTo(member.credentials.email, (email) =>
        email.subject.includes('withdrew £7.00'),
      );
      expect(mail.subject).toBe('Olive Owner withdrew £7.00 to their bank');
      expect(mail.text).toContain(`In ${pot.name}`);
      expect(mail.text).toContain(`/pot/${pot.id}`);
    }
    const inbox = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as MaildevEmail[];
    const announcements = (address: string) =>
      inbox.filter(
        (email) =>
          email.to.some((to) => to.address === address) &&
          email.subject === 'Olive Owner withdrew £7.00 to their bank',
      );
    expect(announcements(owner.credentials.email)).toEqual([]);
    for (const member of others) expect(announcements(member.credentials.email)).toHaveLength(1);
  });
});

describe("a top-up cancelled on Stripe's page", () => {
  interface HistoryRow {
    id: string;
    sessionId: string;
    status: string;
  }

  it('ends as cancelled at once (the page expired at Stripe), and one paid meanwhile is refused (409)', async () => {
    const user = await signUpUser();
    await verifyUser(user.session.accessToken);
    const start = async () => {
      const created = await api<{ sessionId: string }>('/api/funding/checkout-sessions', {
        method: 'POST',
        body: { amountPence: 1500, destination: { type: 'wallet' }, method: 'card' },
        headers: { ...bearer(user.session.accessToken), 'idempotency-key': randomUUID() },
      });
      expect(created.status).toBe(201);
      const history = await api<HistoryRow[]>('/api/funding/transactions', {
        headers: bearer(user.session.accessToken),
      });
      return history.body.find((row) => row.sessionId === created.body.sessionId)!;
    };
    const cancel = (topUpId: string, token = user.session.accessToken) =>
      api<{ status: string } & Problem>(`/api/funding/top-ups/${topUpId}/cancel`, {
        method: 'POST',
        headers: bearer(token),
      });

    const abandoned = await start();
    expect(abandoned.status).toBe('pending');
    const stranger = await signUpUser();
    expect((await cancel(abandoned.id, stranger.session.accessToken)).status).toBe(404);
    const cancelled = await cancel(abandoned.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await cancel(abandoned.id)).body.status).toBe('cancelled');
    // Nobody can pay on the page any more, and the expired event that follows changes nothing.
    expect((await sandboxStripe().checkout.sessions.retrieve(abandoned.sessionId)).status).toBe('expired');
    expect((await payOnSandbox(abandoned.sessionId)).status).toBeGreaterThanOrEqual(400);

    const paid = await start();
    expect((await payOnSandbox(paid.sessionId)).status).toBeLessThan(400);
    const refused = await cancel(paid.id);
    expect(refused.status).toBe(409);
    const wallet = await eventually(async () => {
      const read = await api<{ balancePence: number }>('/api/wallet', {
        headers: bearer(user.session.accessToken),
      });
      return read.body.balancePence === 1500 ? read.body : undefined;
    });
    expect(wallet.balancePence).toBe(1500);
    const history = await api<HistoryRow[]>('/api/funding/transactions', {
      headers: bearer(user.session.accessToken),
    });
    expect(Object.fromEntries(history.body.map((row) => [row.id, row.status]))).toEqual({
      [abandoned.id]: 'cancelled',
      [paid.id]: 'succeeded',
    });
  });
});

describe('validation of amounts and fields', () => {
  let auth: Record<string, string>;
  beforeAll(async () => {
    auth = bearer((await signUpUser()).session.accessToken);
  });

  // A fresh Idempotency-Key per request: the money commands require one before they validate the body.
  const post = (path: string, body: unknown) =>
    api<Problem>(path, { method: 'POST', body, headers: { ...auth, 'idempotency-key': randomUUID() } });

  it.each([
    [99, 'The minimum amount is £1.00.'],
    [500_001, 'The maximum amount is £5,000.00.'],
    [0, 'Invalid Amount: Please enter a valid amount greater than £0.'],
    [-500, 'Invalid Amount: Please enter a valid amount greater than £0.'],
    [12.5, 'Amounts are whole pence.'],
    ['2500', 'Invalid Amount: Please enter a valid amount greater than £0.'],
  ])('a top-up of %p is refused: %s', async (amountPence, message) => {
    const response = await post('/api/funding/checkout-sessions', { amountPence });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field: 'amountPence', message });
  });

  it('accepts exactly £1 and £5,000 as far as validation goes (then asks for verification)', async () => {
    for (const amountPence of [100, 500_000])
      expect((await post('/api/funding/checkout-sessions', { amountPence })).status).toBe(403);
  });

  it('refuses unknown fields, at the top and inside the destination', async () => {
    const top = await post('/api/funding/checkout-sessions', { amountPence: 2500, feePence: 0 });
    expect(top.status).toBe(400);
    expect(top.body.errors).toContainEqual({ field: 'feePence', message: 'Unknown field(s): feePence' });
    const nested = await post('/api/funding/checkout-sessions', {
      amountPence: 2500,
      destination: { type: 'wallet', userId: randomUUID() },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.[0].message).toMatch(/Unknown field\(s\): userId/);
  });

  it('checks the fee-quote amount like a top-up', async () => {
    for (const [query, message] of [
      ['amountPence=99', 'The minimum amount is £1.00.'],
      ['amountPence=500001', 'The maximum amount is £5,000.00.'],
      ['amountPence=abc', 'Invalid Amount: Please enter a valid amount greater than £0.'],
      ['', 'Invalid Amount: Please enter a valid amount greater than £0.'],
    ]) {
      const response = await api<Problem>(`/api/funding/fee-quote?${query}`, { headers: auth });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ field: 'amountPence', message });
    }
    const extra = await api<Problem>('/api/funding/fee-quote?amountPence=2500&rate=0', { headers: auth });
    expect(extra.body.errors).toContainEqual({ field: 'rate', message: 'Unknown field(s): rate' });
  });

  it('checks withdrawals: a positive amount of at most £1,000', async () => {
    for (const [amountPence, message] of [
      [0, 'Please enter a valid amount to withdraw'],
      [100_001, 'You can withdraw at most £1,000.00 at a time.'],
    ] as const) {
      const response = await post('/api/withdrawals', { amountPence });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ field: 'amountPence', message });
    }
  });

  it('checks top-up requests: amount, at least one valid e-mail, no unknown fields', async () => {
    const small = await post('/api/top-up-requests', { amountPence: 99, recipients: ['a@example.com'] });
    expect(small.body.errors).toContainEqual({
      field: 'amountPence',
      message: 'The minimum amount is £1.00.',
    });
    const none = await post('/api/top-up-requests', { amountPence: 1000, recipients: [] });
    expect(none.body.errors).toContainEqual({
      field: 'recipients',
      message: 'Please enter at least one email address.',
    });
    const bad = await post('/api/top-up-requests', { amountPence: 1000, recipients: ['not-an-email'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('recipients.0');
    const extra = await post('/api/top-up-requests', {
      amountPence: 1000,
      recipients: ['a@example.com'],
      requesterId: randomUUID(),
    });
    expect(extra.body.errors).toContainEqual({
      field: 'requesterId',
      message: 'Unknown field(s): requesterId',
    });
  });
});
