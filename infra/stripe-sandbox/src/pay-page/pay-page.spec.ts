import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Stripe from 'stripe';

import {
  CARD_DECLINED,
  CARD_SUCCESS,
  postForm,
  startTestSandbox,
  startWebhookReceiver,
  TEST_WEBHOOK_SECRET,
  TestSandbox,
  topUpSessionParams,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';

describe('hosted pay page', () => {
  let t: TestSandbox;
  let receiver: WebhookReceiver;
  let dataDir: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-pay-'));
    t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url, SANDBOX_DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    t.stripe.checkout.sessions.create(
      topUpSessionParams({ allowed_payment_method_types: ['card', 'bacs_debit'], ...overrides }),
    );
  const pay = (sessionId: string, method: 'card' | 'wallet' | 'bank', fields: Record<string, string>) =>
    postForm(`${t.sandbox.url}/pay/${sessionId}/${method}`, fields);
  const eventsFor = (sessionId: string) =>
    receiver.events().filter((event) => event.data.object['id'] === sessionId);

  it('shows the amount in pounds, the line items and accessible card and bank forms', async () => {
    const session = await createSession({
      line_items: [
        {
          price_data: { currency: 'gbp', unit_amount: 123_456, product_data: { name: 'Top-up <Pot>' } },
          quantity: 1,
        },
        { price_data: { currency: 'gbp', unit_amount: 2469, product_data: { name: 'Fee' } }, quantity: 1 },
      ],
    });
    const response = await fetch(session.url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://localhost:3000",
    );
    const html = await response.text();
    expect(html).toContain('£1,259.25');
    expect(html).toContain('£1,234.56');
    expect(html).toContain('Top-up &lt;Pot&gt;');
    expect(html).not.toContain('<Pot>');
    for (const label of [
      'Card number',
      'Expiry (MM / YY)',
      'CVC',
      'Name on card',
      'Sort code',
      'Account number',
    ]) {
      expect(html).toContain(`${label}\n<input id=`);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain('Pay with Apple Pay');
    expect(html).toContain('Pay with Google Pay');
    expect(html).toContain('Pay by bank (Bacs Direct Debit)');
    expect(html).toContain('href="http://localhost:3000/funding-cancelled">Cancel and return</a>');
    expect(html).not.toMatch(/<script|<link|src="http/);
  });

  it('pays by card 4242…: 303 to success_url with the session id, session paid, signed webhook', async () => {
    const session = await createSession({ metadata: { potId: 'pot_1' } });
    const response = await pay(session.id, 'card', CARD_SUCCESS);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://localhost:3000/funding-success?session_id=${session.id}`,
    );

    const paid = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { name: 'Ada Lovelace' },
    });
    expect((paid.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');

    const [webhook] = await waitFor(() => {
      const matching = receiver.received.filter((w) => w.body.includes(session.id));
      return matching.length > 0 && matching;
    });
    const event = t.stripe.webhooks.constructEvent(
      webhook.body,
      webhook.headers['stripe-signature'] as string,
      TEST_WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.completed');
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      metadata: { potId: 'pot_1' },
      amount_total: 2500,
    });
    expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(webhook.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('declines card 4000 0000 0000 0002: message and cancel link on the page, session open, no event', async () => {
    const session = await createSession();
    const response = await pay(session.id, 'card', CARD_DECLINED);
    expect(response.status).toBe(402);
    const html = await response.text();
    expect(html).toContain('role="alert">Your card was declined.');
    expect(html).toContain('<a href="http://localhost:3000/funding-cancelled">Cancel and return</a>');
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toMatch(/name="card_number"[^>]*value=""/);
    expect(html).toMatch(/name="card_cvc"[^>]*value=""/);

    const current = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(current).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect((current.payment_intent as Stripe.PaymentIntent).last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const events = await t.stripe.events.list({ limit: 100 });
    expect(events.data.filter((e) => (e.data.object as { id: string }).id === session.id)).toEqual([]);

    const retry = await pay(session.id, 'card', CARD_SUCCESS);
    expect(retry.status).toBe(303);
  });

  it('points at the wrong field without making a payment attempt', async () => {
    const session = await createSession();
    const response = await pay(session.id, 'card', { ...CARD_SUCCESS, card_number: '4242 4242 4242 4241' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('aria-invalid="true" aria-describedby="card-card_number-error"');
    expect(html).toContain('Your card number is invalid.');
    expect((await t.stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });

  it.each(['apple_pay', 'google_pay'])('pays with %s like a successful card', async (wallet) => {
    const session = await createSession();
    const response = await pay(session.id, 'wallet', { wallet });
    expect(response.status).toBe(303);
    const paid = await t.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.payment_method'],
    });
    expect(paid.payment_status).toBe('paid');
    const method = (paid.payment_intent as Stripe.PaymentIntent).payment_method as Stripe.PaymentMethod;
    expect(method.card?.wallet?.type).toBe(wallet);
  });

  it('pays by Bacs: completed unpaid now, async_payment_succeeded (paid) after the delay', async () => {
    const session = await createSession();
    const response = await pay(session.id, 'bank', {
      account_holder_name: 'Ada Lovelace',
      email: 'ada@example.com',
      sort_code: '10-88-00',
      account_number: '00012345',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain(session.id);
    const completed = await t.stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });

    const events = await waitFor(() => eventsFor(session.id).length >= 2 && eventsFor(session.id));
    expect(events.map((e) => [e.type, e.data.object['payment_status']])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
    ]);
    const paid = await t.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.payment_method'],
    });
    expect(paid.payment_status).toBe('paid');
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('succeeded');
    expect((intent.payment_method as Stripe.PaymentMethod).bacs_debit).toEqual({
      fingerprint: expect.stringMatching(/^[\w-]{16}$/),
      last4: '2345',
      sort_code: '10-88-00',
    });
  });

  it('fails a Bacs debit from account 33333335 with async_payment_failed', async () => {
    const session = await createSession();
    await pay(session.id, 'bank', {
      account_holder_name: 'Ada Lovelace',
      email: 'ada@example.com',
      sort_code: '108800',
      account_number: '33333335',
    });
    const events = await waitFor(() => eventsFor(session.id).length >= 2 && eventsFor(session.id));
    expect(events.map((e) => [e.type, e.data.object['payment_status']])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_failed', 'unpaid'],
    ]);
    const failed = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(failed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect((failed.payment_intent as Stripe.PaymentIntent).status).toBe('requires_payment_method');
  });

  it('offers Bacs only when the session accepts bacs_debit', async () => {
    const session = await createSession({ allowed_payment_method_types: ['card'] });
    expect(await (await fetch(session.url as string)).text()).not.toContain('Bacs');
    const response = await pay(session.id, 'bank', {
      account_holder_name: 'A',
      email: 'a@b.co',
      sort_code: '108800',
      account_number: '00012345',
    });
    expect(response.status).toBe(400);
  });

  it('shows completed and expired sessions instead of the forms', async () => {
    const paid = await createSession();
    await pay(paid.id, 'card', CARD_SUCCESS);
    const again = await pay(paid.id, 'card', CARD_SUCCESS);
    expect(again.status).toBe(409);
    const completePage = await (await fetch(`${t.sandbox.url}/pay/${paid.id}`)).text();
    expect(completePage).toContain('Your payment is complete.');

    const expired = await createSession();
    await t.stripe.checkout.sessions.expire(expired.id);
    const expiredPage = await (await fetch(`${t.sandbox.url}/pay/${expired.id}`)).text();
    expect(expiredPage).toContain('This checkout session has expired');
    expect(expiredPage).not.toContain('Card number');
  });

  it('answers an unknown session with a 404 page', async () => {
    const response = await fetch(`${t.sandbox.url}/pay/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Checkout session not found');
  });

  it('keeps no full card number or CVC anywhere in its state', async () => {
    const session = await createSession();
    await pay(session.id, 'card', { ...CARD_DECLINED, card_cvc: '987' });
    await pay(session.id, 'card', { ...CARD_SUCCESS, card_cvc: '987' });
    t.sandbox.store.flush();
    const state = readFileSync(join(dataDir, 'state.json'), 'utf8');
    expect(state).toContain(session.id);
    expect(state).not.toMatch(/4242\s?4242\s?4242\s?4242|4000\s?0000\s?0000\s?0002/);
    expect(state).not.toContain('"987"');
    const deliveries = await (await fetch(`${t.sandbox.url}/_sandbox/deliveries?limit=5000`)).text();
    expect(deliveries).not.toMatch(/4242424242424242|4000000000000002/);
  });
});
