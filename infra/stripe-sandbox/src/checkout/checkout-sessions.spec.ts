import Stripe from 'stripe';

import {
  CARD_SUCCESS,
  postForm,
  startTestSandbox,
  TestClock,
  TestSandbox,
  topUpSessionParams,
  waitFor,
} from '../testing/harness';

describe('Checkout Sessions through the stripe SDK', () => {
  const clock = new TestClock();
  let t: TestSandbox;

  beforeAll(async () => {
    t = await startTestSandbox({}, clock);
  });
  afterAll(() => t.close());

  it('creates an open session in Stripe’s shape with a hosted pay page URL', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await t.stripe.checkout.sessions.create(
      topUpSessionParams({
        client_reference_id: 'user_123',
        customer_email: 'ada@example.com',
        metadata: { destination: 'pot', potId: 'pot_1', feePence: '50' },
        allowed_payment_method_types: ['card', 'bacs_debit'],
      }),
    );
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      amount_subtotal: 2500,
      currency: 'gbp',
      livemode: false,
      client_reference_id: 'user_123',
      customer_email: 'ada@example.com',
      metadata: { destination: 'pot', potId: 'pot_1', feePence: '50' },
      allowed_payment_method_types: ['card', 'bacs_debit'],
      payment_method_types: ['card', 'bacs_debit'],
      payment_intent: null,
      success_url: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/funding-cancelled',
      url: `${t.sandbox.url}/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.created).toBeGreaterThanOrEqual(before);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
    expect(session.lastResponse.requestId).toMatch(/^req_/);
  });

  it('sums line items and quantities', async () => {
    const session = await t.stripe.checkout.sessions.create(
      topUpSessionParams({
        line_items: [
          {
            price_data: { currency: 'gbp', unit_amount: 1000, product_data: { name: 'Top-up' } },
            quantity: 2,
          },
          {
            price_data: { currency: 'gbp', unit_amount: 40, product_data: { name: 'Fee (2%)' } },
            quantity: 1,
          },
        ],
      }),
    );
    expect(session.amount_total).toBe(2040);
    const items = await t.stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ['Top-up', 2, 2000],
      ['Fee (2%)', 1, 40],
    ]);
    expect(items.data[0].price).toMatchObject({ object: 'price', unit_amount: 1000, currency: 'gbp' });
  });

  it('retrieves a session, with line_items and payment_intent expandable', async () => {
    const created = await t.stripe.checkout.sessions.create(topUpSessionParams());
    const plain = await t.stripe.checkout.sessions.retrieve(created.id);
    expect(plain.id).toBe(created.id);
    expect(plain.line_items).toBeUndefined();

    await postForm(`${t.sandbox.url}/pay/${created.id}/card`, CARD_SUCCESS);

    const expanded = await t.stripe.checkout.sessions.retrieve(created.id, {
      expand: ['payment_intent.payment_method', 'line_items'],
    });
    const intent = expanded.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 2500,
      currency: 'gbp',
    });
    expect(intent.id).toMatch(/^pi_/);
    expect((intent.payment_method as Stripe.PaymentMethod).card).toMatchObject({
      brand: 'visa',
      last4: '4242',
    });
    expect(expanded.line_items?.data).toHaveLength(1);

    const direct = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(direct.status).toBe('succeeded');
  });

  it('answers resource_missing for an unknown session', async () => {
    const error = await t.stripe.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'session' });
  });

  it('expires an open session once, with a checkout.session.expired event', async () => {
    const session = await t.stripe.checkout.sessions.create(topUpSessionParams());
    const expired = await t.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', payment_status: 'unpaid', url: null });

    const events = await t.stripe.events.list({ type: 'checkout.session.expired' });
    const event = events.data.find((e) => (e.data.object as Stripe.Checkout.Session).id === session.id);
    expect(event?.request?.id).toBe(expired.lastResponse.requestId);

    const again = await t.stripe.checkout.sessions.expire(session.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('expires sessions past expires_at in the background sweep', async () => {
    const now = Math.floor(clock.now() / 1000);
    const session = await t.stripe.checkout.sessions.create(
      topUpSessionParams({ expires_at: now + 31 * 60 }),
    );
    expect(session.expires_at).toBe(now + 31 * 60);
    clock.advance(32 * 60 * 1000);
    const expired = await waitFor(async () => {
      const current = await t.stripe.checkout.sessions.retrieve(session.id);
      return current.status === 'expired' && current;
    });
    expect(expired.url).toBeNull();
    const events = await t.stripe.events.list({ type: 'checkout.session.expired', limit: 100 });
    const event = events.data.find((e) => (e.data.object as Stripe.Checkout.Session).id === session.id);
    expect(event?.request).toEqual({ id: null, idempotency_key: null });
  });

  it('lists sessions newest first with limit, starting_after, status and auto-pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        (await t.stripe.checkout.sessions.create(topUpSessionParams({ client_reference_id: `list-${i}` })))
          .id,
      );
    }
    const first = await t.stripe.checkout.sessions.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/checkout/sessions' });
    expect(first.data.map((s) => s.id)).toEqual([ids[4], ids[3]]);
    const second = await t.stripe.checkout.sessions.list({ limit: 2, starting_after: ids[3] });
    expect(second.data.map((s) => s.id)).toEqual([ids[2], ids[1]]);

    const all: string[] = [];
    for await (const session of t.stripe.checkout.sessions.list({ limit: 2 })) all.push(session.id);
    expect(all.slice(0, 5)).toEqual([...ids].reverse());
    expect(new Set(all).size).toBe(all.length);

    const open = await t.stripe.checkout.sessions.list({ status: 'open', limit: 100 });
    expect(open.data.every((s) => s.status === 'open')).toBe(true);
  });

  describe('validation, answered as Stripe does', () => {
    const createError = (params: Record<string, unknown>) =>
      t.stripe.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams).then(
        () => {
          throw new Error('expected the request to fail');
        },
        (error: unknown) => error as Stripe.errors.StripeError,
      );

    it('names a missing parameter', async () => {
      const error = await createError({ mode: 'payment', success_url: 'https://kitty.example/ok' });
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
    });

    it('names a missing nested parameter in bracket notation', async () => {
      const error = await createError({
        ...topUpSessionParams(),
        line_items: [{ price_data: { unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }],
      });
      expect(error).toMatchObject({
        code: 'parameter_missing',
        param: 'line_items[0][price_data][currency]',
      });
    });

    it('refuses unknown parameters', async () => {
      const error = await createError({
        ...topUpSessionParams(),
        shipping_options: [{ shipping_rate: 'shr_1' }],
      });
      expect(error).toMatchObject({ code: 'parameter_unknown', param: 'shipping_options' });
    });

    it('refuses a non-integer amount', async () => {
      const error = await createError({
        ...topUpSessionParams(),
        line_items: [
          { price_data: { currency: 'gbp', unit_amount: '12.5', product_data: { name: 'x' } }, quantity: 1 },
        ],
      });
      expect(error).toMatchObject({
        code: 'parameter_invalid_integer',
        param: 'line_items[0][price_data][unit_amount]',
      });
    });

    it('refuses currencies other than gbp, totals under 30p and unsupported modes', async () => {
      expect(
        await createError({
          ...topUpSessionParams(),
          line_items: [
            { price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 },
          ],
        }),
      ).toMatchObject({ param: 'line_items[0][price_data][currency]' });
      expect(
        await createError({
          ...topUpSessionParams(),
          line_items: [
            { price_data: { currency: 'gbp', unit_amount: 29, product_data: { name: 'x' } }, quantity: 1 },
          ],
        }),
      ).toMatchObject({ code: 'amount_too_small', param: 'line_items' });
      expect(await createError({ ...topUpSessionParams(), mode: 'subscription' })).toMatchObject({
        param: 'mode',
      });
    });

    it('keeps expires_at between 30 minutes and 24 hours away', async () => {
      const now = Math.floor(clock.now() / 1000);
      expect(await createError({ ...topUpSessionParams(), expires_at: now + 60 })).toMatchObject({
        param: 'expires_at',
      });
      expect(await createError({ ...topUpSessionParams(), expires_at: now + 25 * 3600 })).toMatchObject({
        param: 'expires_at',
      });
    });

    it('refuses payment methods the sandbox does not offer', async () => {
      const error = await createError({ ...topUpSessionParams(), allowed_payment_method_types: ['ideal'] });
      expect(error).toMatchObject({ param: 'allowed_payment_method_types[0]' });
    });

    it('accepts payment_method_types from earlier API versions, but not together with the new name', async () => {
      const legacy = await t.stripe.checkout.sessions.create({
        ...topUpSessionParams(),
        payment_method_types: ['card', 'bacs_debit'],
      } as Stripe.Checkout.SessionCreateParams);
      expect(legacy).toMatchObject({
        payment_method_types: ['card', 'bacs_debit'],
        allowed_payment_method_types: null,
      });
      const both = await createError({
        ...topUpSessionParams(),
        allowed_payment_method_types: ['card'],
        payment_method_types: ['card'],
      });
      expect(both).toMatchObject({ code: 'parameters_exclusive' });
    });

    it('offers card only when no payment method types are named', async () => {
      const session = await t.stripe.checkout.sessions.create(topUpSessionParams());
      expect(session).toMatchObject({ payment_method_types: ['card'], allowed_payment_method_types: null });
    });
  });
});
