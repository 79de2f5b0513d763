import Stripe from 'stripe';

import { startTestSandbox, TestSandbox, topUpSessionParams } from '../testing/harness';

describe('Stripe wire protocol', () => {
  let t: TestSandbox;

  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.close());

  const clientWithKey = (key: string) =>
    new Stripe(key, { host: '127.0.0.1', port: t.sandbox.port, protocol: 'http', maxNetworkRetries: 0 });

  describe('authentication', () => {
    it('accepts any sk_test_ key', async () => {
      await expect(clientWithKey('sk_test_another_key').checkout.sessions.list()).resolves.toMatchObject({
        object: 'list',
      });
    });

    it.each([
      ['a live key', 'sk_live_1234567890abcdef'],
      ['a publishable key', 'pk_test_1234567890abcdef'],
      ['a bare prefix', 'sk_test_'],
    ])('refuses %s with 401', async (_case, key) => {
      const error = await clientWithKey(key)
        .checkout.sessions.list()
        .catch((e: unknown) => e as Stripe.errors.StripeError);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
      expect((error as Stripe.errors.StripeError).message).toMatch(/^Invalid API Key provided: /);
    });

    it('masks a refused key in the message', async () => {
      const key = 'sk_live_1234567890abcdef';
      const error = await clientWithKey(key)
        .checkout.sessions.list()
        .catch((e: unknown) => e as Stripe.errors.StripeError);
      expect((error as Stripe.errors.StripeError).message).toContain('sk_live_************cdef');
    });

    it('answers a request without a key with Stripe’s error shape', async () => {
      const response = await fetch(`${t.sandbox.url}/v1/checkout/sessions`);
      expect(response.status).toBe(401);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toMatch(/You did not provide an API key/);
    });

    it('accepts Basic auth with the key as user name (curl -u sk_test_…:)', async () => {
      const response = await fetch(`${t.sandbox.url}/v1/events`, {
        headers: { Authorization: `Basic ${Buffer.from('sk_test_curl:').toString('base64')}` },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('idempotency', () => {
    it('answers the same key and parameters with the stored response', async () => {
      const first = await t.stripe.checkout.sessions.create(topUpSessionParams(), {
        idempotencyKey: 'top-up-1',
      });
      const second = await t.stripe.checkout.sessions.create(topUpSessionParams(), {
        idempotencyKey: 'top-up-1',
      });
      expect(second.id).toBe(first.id);
      expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(second.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
      const all = await t.stripe.checkout.sessions.list({ limit: 100 });
      expect(all.data.filter((s) => s.id === first.id)).toHaveLength(1);
    });

    it('refuses the same key with different parameters', async () => {
      await t.stripe.checkout.sessions.create(topUpSessionParams(), { idempotencyKey: 'top-up-2' });
      const error = await t.stripe.checkout.sessions
        .create(topUpSessionParams({ client_reference_id: 'someone-else' }), { idempotencyKey: 'top-up-2' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    });

    it('refuses the same key on another endpoint', async () => {
      const session = await t.stripe.checkout.sessions.create(topUpSessionParams(), {
        idempotencyKey: 'key-3',
      });
      const error = await t.stripe.checkout.sessions
        .expire(session.id, {}, { idempotencyKey: 'key-3' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });

    it('does not keep a failed request, so it can be corrected under the same key', async () => {
      const bad = await t.stripe.checkout.sessions
        .create({ ...topUpSessionParams(), line_items: [] }, { idempotencyKey: 'key-4' })
        .catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      const good = await t.stripe.checkout.sessions.create(topUpSessionParams(), { idempotencyKey: 'key-4' });
      expect(good.status).toBe('open');
    });

    it('scopes keys to the API key', async () => {
      const mine = await t.stripe.checkout.sessions.create(topUpSessionParams(), {
        idempotencyKey: 'shared',
      });
      const theirs = await clientWithKey('sk_test_other_account').checkout.sessions.create(
        topUpSessionParams(),
        {
          idempotencyKey: 'shared',
        },
      );
      expect(theirs.id).not.toBe(mine.id);
    });
  });

  it('answers unknown URLs with a Stripe 404', async () => {
    const response = await fetch(`${t.sandbox.url}/v1/customers`, {
      headers: { Authorization: 'Bearer sk_test_x' },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(body.error.message).toMatch(/Unrecognized request URL \(GET: \/v1\/customers\)/);
  });

  it('refuses JSON request bodies, as Stripe’s v1 API does', async () => {
    const response = await fetch(`${t.sandbox.url}/v1/payouts`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_x', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'gbp' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers every request with a Request-Id', async () => {
    const response = await fetch(`${t.sandbox.url}/v1/events`, {
      headers: { Authorization: 'Bearer sk_test_x' },
    });
    expect(response.headers.get('request-id')).toMatch(/^req_/);
  });
});
