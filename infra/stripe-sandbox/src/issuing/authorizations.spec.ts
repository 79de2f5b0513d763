import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';

import { startTestSandbox, TEST_WEBHOOK_SECRET, TestSandbox, verifiedAccount } from '../testing/harness';

/** An endpoint that decides `issuing_authorization.request` with `decide`, and records every event. */
async function startDecider() {
  const received: Stripe.Event[] = [];
  const acceptHeaders: (string | undefined)[] = [];
  // Answers as Stripe's docs require unless a test says otherwise: `headers` replace the default ones,
  // and a string `body` is sent as it is.
  let decide: (event: Stripe.Event) => {
    status: number;
    body: unknown;
    headers?: Record<string, string>;
  } = () => ({ status: 200, body: { approved: true } });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      // Verified as the gateway does: the request is signed like every other webhook.
      const event = Stripe.webhooks.constructEvent(
        payload,
        String(request.headers['stripe-signature']),
        TEST_WEBHOOK_SECRET,
      );
      received.push(event);
      if (event.type === 'issuing_authorization.request') acceptHeaders.push(request.headers.accept);
      const answer =
        event.type === 'issuing_authorization.request'
          ? decide(event)
          : { status: 200, body: { received: true } };
      response.writeHead(
        answer.status,
        answer.headers ?? { 'Content-Type': 'application/json', 'Stripe-Version': Stripe.API_VERSION },
      );
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`,
    received,
    acceptHeaders,
    setDecision: (next: typeof decide) => (decide = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Issuing authorizations (test helper) with the real-time webhook decision', () => {
  let decider: Awaited<ReturnType<typeof startDecider>>;
  let t: TestSandbox;
  let on: { stripeAccount: string };
  let card: Stripe.Issuing.Card;

  beforeAll(async () => {
    decider = await startDecider();
    t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: decider.url });
    const account = await verifiedAccount(t.stripe, {
      business_type: 'individual',
      capabilities: { card_issuing: { requested: true }, transfers: { requested: true } },
      external_account: 'btok_gb',
      individual: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+447700900123',
        dob: { day: 10, month: 12, year: 1990 },
        address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
    on = { stripeAccount: account.id };
    const cardholder = await t.stripe.issuing.cardholders.create(
      {
        name: 'Ada Lovelace',
        type: 'individual',
        billing: {
          address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
        },
      },
      on,
    );
    card = await t.stripe.issuing.cards.create(
      { cardholder: cardholder.id, currency: 'gbp', type: 'virtual', status: 'active' },
      on,
    );
  });
  afterAll(async () => {
    await t.close();
    await decider.close();
  });

  const authorize = (amount: number) =>
    t.stripe.testHelpers.issuing.authorizations.create(
      { card: card.id, amount, currency: 'gbp', merchant_data: { name: 'Corner Cafe' } },
      on,
    );

  it('approves when the endpoint answers {"approved": true}: pending, amount held', async () => {
    decider.setDecision((event) => {
      const request = (event.data.object as Stripe.Issuing.Authorization).pending_request;
      return { status: 200, body: { approved: request?.amount === 1250 } };
    });
    const authorization = await authorize(1250);
    expect(authorization).toMatchObject({
      object: 'issuing.authorization',
      approved: true,
      status: 'pending',
      amount: 1250,
      merchant_amount: 1250,
      currency: 'gbp',
      pending_request: null,
      card: { id: card.id },
      merchant_data: { name: 'Corner Cafe' },
      request_history: [{ approved: true, reason: 'webhook_approved', amount: 1250 }],
    });
    expect(authorization.id).toMatch(/^iauth_/);
    // The synchronous request is in the delivery log, with how long the endpoint took to answer.
    const deliveries = (await (
      await fetch(
        `http://127.0.0.1:${t.stripe.getApiField('port')}/_sandbox/deliveries?event_type=issuing_authorization.request&limit=1`,
      )
    ).json()) as { data: { trigger: string; status: string; duration_ms: number }[] };
    expect(deliveries.data[0]).toMatchObject({ trigger: 'synchronous', status: 'succeeded' });
    expect(deliveries.data[0].duration_ms).toBeLessThan(2000);
    const request = decider.received.find(
      (e) =>
        e.type === 'issuing_authorization.request' &&
        (e.data.object as { id: string }).id === authorization.id,
    );
    expect(request?.data.object).toMatchObject({ status: 'pending', pending_request: { amount: 1250 } });
    expect(await t.stripe.issuing.authorizations.retrieve(authorization.id, {}, on)).toEqual(authorization);
  });

  it.each([
    ['declines', { status: 200, body: { approved: false } }, 'webhook_declined'],
    [
      'treats an answer without a decision as an error',
      { status: 200, body: { received: true } },
      'webhook_error',
    ],
    ['treats a failing endpoint as an error', { status: 500, body: {} }, 'webhook_error'],
  ])('%s: closed, nothing held', async (_case, answer, reason) => {
    decider.setDecision(() => answer);
    const authorization = await authorize(999);
    expect(authorization).toMatchObject({
      approved: false,
      status: 'closed',
      amount: 0,
      request_history: [{ approved: false, reason }],
    });
  });

  it('asks with Accept: application/json, as Stripe does', async () => {
    decider.setDecision(() => ({ status: 200, body: { approved: true } }));
    await authorize(300);
    expect(decider.acceptHeaders.at(-1)).toBe('application/json');
  });

  const withVersion = { 'Content-Type': 'application/json', 'Stripe-Version': Stripe.API_VERSION };
  it.each([
    [
      'without Stripe-Version',
      { status: 200, body: { approved: true }, headers: { 'Content-Type': 'application/json' } },
      'The response has no Stripe-Version header.',
    ],
    [
      'with a Stripe-Version that is no API version',
      { status: 200, body: { approved: true }, headers: { ...withVersion, 'Stripe-Version': 'latest' } },
      "Stripe-Version 'latest' is not an API version.",
    ],
    [
      'in another content type',
      { status: 200, body: 'approved=true', headers: { ...withVersion, 'Content-Type': 'text/plain' } },
      "Content-Type 'text/plain' is not application/json.",
    ],
    [
      'that is not JSON',
      { status: 200, body: 'yes', headers: withVersion },
      'The response body is not JSON.',
    ],
    [
      'with another 2xx status',
      { status: 202, body: { approved: true }, headers: withVersion },
      'The endpoint answered HTTP 202, not 200.',
    ],
    [
      'with a string approved',
      { status: 200, body: { approved: 'true' }, headers: withVersion },
      "The response has no boolean 'approved'.",
    ],
  ])('refuses an approval %s as Stripe does: webhook_error, declined', async (_case, answer, message) => {
    decider.setDecision(() => answer);
    const authorization = await authorize(400);
    expect(authorization).toMatchObject({
      approved: false,
      status: 'closed',
      amount: 0,
      request_history: [{ approved: false, reason: 'webhook_error', reason_message: message }],
    });
    const deliveries = (await (
      await fetch(
        `http://127.0.0.1:${t.stripe.getApiField('port')}/_sandbox/deliveries?event_type=issuing_authorization.request&limit=1`,
      )
    ).json()) as { data: { status: string; error: string | null }[] };
    expect(deliveries.data[0]).toMatchObject({ status: 'failed', error: message });
  });

  it("takes the reply's metadata onto the authorization; a charset on the JSON type is fine", async () => {
    decider.setDecision(() => ({
      status: 200,
      body: { approved: true, metadata: { rule: 'pot-balance' } },
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Version': Stripe.API_VERSION },
    }));
    const authorization = await authorize(450);
    expect(authorization).toMatchObject({
      approved: true,
      metadata: { rule: 'pot-balance' },
      request_history: [{ reason: 'webhook_approved', reason_message: null }],
    });
  });

  it('declines a frozen card without asking', async () => {
    await t.stripe.issuing.cards.update(card.id, { status: 'inactive' }, on);
    const asked = decider.received.filter((e) => e.type === 'issuing_authorization.request').length;
    const authorization = await authorize(500);
    expect(authorization).toMatchObject({ approved: false, request_history: [{ reason: 'card_inactive' }] });
    expect(decider.received.filter((e) => e.type === 'issuing_authorization.request')).toHaveLength(asked);
    await t.stripe.issuing.cards.update(card.id, { status: 'active' }, on);
  });

  it("keeps one account's authorizations from another", async () => {
    decider.setDecision(() => ({ status: 200, body: { approved: true } }));
    const authorization = await authorize(100);
    const error = await t.stripe.issuing.authorizations.retrieve(authorization.id).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const elsewhere = await t.stripe.testHelpers.issuing.authorizations
      .create({ card: card.id, amount: 100 })
      .catch((e: unknown) => e);
    expect(elsewhere).toMatchObject({ statusCode: 404 });
  });

  const eventsAbout = (id: string, type: string) =>
    decider.received.filter(
      (e) =>
        e.type === type &&
        ((e.data.object as { id: string; authorization?: string }).id === id ||
          (e.data.object as { authorization?: string }).authorization === id),
    );
  const delivered = async (id: string, type: string, count = 1) => {
    for (let i = 0; i < 100 && eventsAbout(id, type).length < count; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return eventsAbout(id, type);
  };

  it('captures part of a hold: a negative capture transaction, the authorization closed, both announced', async () => {
    decider.setDecision(() => ({ status: 200, body: { approved: true } }));
    const authorization = await authorize(2000);
    const captured = await t.stripe.testHelpers.issuing.authorizations.capture(
      authorization.id,
      { capture_amount: 1800 },
      on,
    );
    expect(captured).toMatchObject({ status: 'closed', amount: 0 });
    const [created] = await delivered(authorization.id, 'issuing_transaction.created');
    expect(created.data.object).toMatchObject({
      object: 'issuing.transaction',
      type: 'capture',
      amount: -1800,
      authorization: authorization.id,
      card: card.id,
      merchant_data: { name: 'Corner Cafe' },
    });
    const [updated] = await delivered(authorization.id, 'issuing_authorization.updated');
    expect(updated.data.object).toMatchObject({ id: authorization.id, status: 'closed' });
    const again = await t.stripe.testHelpers.issuing.authorizations
      .capture(authorization.id, {}, on)
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, code: 'authorization_not_pending' });
  });

  it('reverses a hold (in part, then the rest) and expires another', async () => {
    decider.setDecision(() => ({ status: 200, body: { approved: true } }));
    const authorization = await authorize(1000);
    await expect(
      t.stripe.testHelpers.issuing.authorizations.reverse(authorization.id, { reverse_amount: 400 }, on),
    ).resolves.toMatchObject({ status: 'pending', amount: 600 });
    await expect(
      t.stripe.testHelpers.issuing.authorizations.reverse(authorization.id, {}, on),
    ).resolves.toMatchObject({ status: 'reversed', amount: 0 });
    const updates = await delivered(authorization.id, 'issuing_authorization.updated', 2);
    expect(updates.map((e) => (e.data.object as Stripe.Issuing.Authorization).status)).toEqual([
      'pending',
      'reversed',
    ]);

    const lapsing = await authorize(700);
    await expect(
      t.stripe.testHelpers.issuing.authorizations.expire(lapsing.id, {}, on),
    ).resolves.toMatchObject({
      status: 'expired',
      amount: 0,
    });
  });
});
