import Stripe from 'stripe';

import {
  startTestSandbox,
  startWebhookReceiver,
  TestSandbox,
  verifiedAccount,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';

const ADULT: Stripe.AccountUpdateParams.Individual = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+447700900123',
  dob: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
};

const CARDHOLDER: Stripe.Issuing.CardholderCreateParams = {
  name: 'Ada Lovelace',
  type: 'individual',
  email: 'ada@example.com',
  phone_number: '+447700900123',
  billing: { address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' } },
  individual: { first_name: 'Ada', last_name: 'Lovelace', dob: { day: 10, month: 12, year: 1990 } },
};

describe('Issuing cardholders and cards through the stripe SDK', () => {
  let receiver: WebhookReceiver;
  let t: TestSandbox;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A verified connected account, with or without the card_issuing capability. */
  const connectedAccount = async (cardIssuing = true) => {
    const account = await verifiedAccount(t.stripe, {
      business_type: 'individual',
      capabilities: {
        transfers: { requested: true },
        ...(cardIssuing && { card_issuing: { requested: true } }),
      },
      external_account: 'btok_gb',
      individual: ADULT,
    });
    return { stripeAccount: account.id };
  };

  it('issues a virtual card to a cardholder of a connected account, with the events', async () => {
    const on = await connectedAccount();
    const cardholder = await t.stripe.issuing.cardholders.create(CARDHOLDER, on);
    expect(cardholder).toMatchObject({
      object: 'issuing.cardholder',
      status: 'active',
      name: 'Ada Lovelace',
    });
    expect(cardholder.id).toMatch(/^ich_/);

    const card = await t.stripe.issuing.cards.create(
      {
        cardholder: cardholder.id,
        currency: 'gbp',
        type: 'virtual',
        status: 'active',
        metadata: { userId: 'u1' },
      },
      on,
    );
    expect(card).toMatchObject({
      object: 'issuing.card',
      brand: 'Visa',
      currency: 'gbp',
      type: 'virtual',
      status: 'active',
      cardholder: { id: cardholder.id },
      metadata: { userId: 'u1' },
      wallets: { apple_pay: { eligible: true }, google_pay: { eligible: true } },
    });
    expect(card.id).toMatch(/^ic_/);
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(card.exp_year).toBeGreaterThan(new Date().getUTCFullYear());
    expect(card).not.toHaveProperty('number');
    expect(await t.stripe.issuing.cards.retrieve(card.id, {}, on)).toEqual(card);

    const types = await waitFor(() => {
      const seen = receiver
        .events()
        .filter((e) => [card.id, cardholder.id].includes(e.data.object['id'] as string));
      return seen.length >= 2 && seen.map((e) => e.type);
    });
    expect(types).toEqual(['issuing_cardholder.created', 'issuing_card.created']);
  });

  it('creates cards inactive by default, and freezes, unfreezes and cancels them', async () => {
    const on = await connectedAccount();
    const cardholder = await t.stripe.issuing.cardholders.create(CARDHOLDER, on);
    const card = await t.stripe.issuing.cards.create(
      { cardholder: cardholder.id, currency: 'gbp', type: 'virtual' },
      on,
    );
    expect(card.status).toBe('inactive');
    expect((await t.stripe.issuing.cards.update(card.id, { status: 'active' }, on)).status).toBe('active');
    expect((await t.stripe.issuing.cards.update(card.id, { status: 'inactive' }, on)).status).toBe(
      'inactive',
    );
    expect((await t.stripe.issuing.cards.update(card.id, { status: 'canceled' }, on)).status).toBe(
      'canceled',
    );
    const revived = await t.stripe.issuing.cards
      .update(card.id, { status: 'active' }, on)
      .catch((e: unknown) => e);
    expect(revived).toMatchObject({ statusCode: 400, param: 'status' });
  });

  it('refuses an account whose card_issuing capability is missing or not active', async () => {
    const without = await connectedAccount(false);
    const error = await t.stripe.issuing.cardholders.create(CARDHOLDER, without).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, code: 'capability_not_active' });

    const unverified = await t.stripe.accounts.create({
      capabilities: { card_issuing: { requested: true } },
    });
    const pending = await t.stripe.issuing.cardholders
      .create(CARDHOLDER, { stripeAccount: unverified.id })
      .catch((e: unknown) => e);
    expect(pending).toMatchObject({ statusCode: 400, code: 'capability_not_active' });
  });

  it("never shows one account's cards to another", async () => {
    const owner = await connectedAccount();
    const other = await connectedAccount();
    const cardholder = await t.stripe.issuing.cardholders.create(CARDHOLDER, owner);
    const card = await t.stripe.issuing.cards.create(
      { cardholder: cardholder.id, currency: 'gbp', type: 'virtual' },
      owner,
    );

    for (const attempt of [
      t.stripe.issuing.cards.retrieve(card.id, {}, other),
      t.stripe.issuing.cards.retrieve(card.id),
      t.stripe.issuing.cards.update(card.id, { status: 'canceled' }, other),
      t.stripe.issuing.cardholders.retrieve(cardholder.id, {}, other),
      t.stripe.issuing.cards.create({ cardholder: cardholder.id, currency: 'gbp', type: 'virtual' }, other),
    ]) {
      expect(await attempt.catch((e: unknown) => e)).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    }
  });

  it('has no push_provisioning_details endpoint: Stripe offers push provisioning only in its mobile SDKs', async () => {
    const on = await connectedAccount();
    const cardholder = await t.stripe.issuing.cardholders.create(CARDHOLDER, on);
    const card = await t.stripe.issuing.cards.create(
      { cardholder: cardholder.id, currency: 'gbp', type: 'virtual', status: 'active' },
      on,
    );
    const attempt = await t.stripe
      .rawRequest('GET', `/v1/issuing/cards/${card.id}/push_provisioning_details?wallet=apple_pay`, {}, on)
      .catch((e: unknown) => e);
    expect(attempt).toMatchObject({ statusCode: 404, type: 'StripeInvalidRequestError' });
    expect((attempt as Error).message).toMatch(/Unrecognized request URL/);
  });
});
