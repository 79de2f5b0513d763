import Stripe from 'stripe';

import {
  startTestSandbox,
  startWebhookReceiver,
  TestSandbox,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';

describe('Payouts through the stripe SDK', () => {
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

  const webhooksFor = (payoutId: string) =>
    receiver.events().filter((event) => event.data.object['id'] === payoutId);

  it('creates a pending payout that goes in_transit, then paid: payout.created, .updated, .paid', async () => {
    const payout = await t.stripe.payouts.create({
      amount: 1500,
      currency: 'gbp',
      description: 'Kitty withdrawal',
      metadata: { withdrawalId: 'wd_1' },
    });
    expect(payout).toMatchObject({
      object: 'payout',
      amount: 1500,
      currency: 'gbp',
      status: 'pending',
      description: 'Kitty withdrawal',
      metadata: { withdrawalId: 'wd_1' },
      failure_code: null,
      livemode: false,
      method: 'standard',
      type: 'bank_account',
    });
    expect(payout.id).toMatch(/^po_/);
    expect(payout.destination).toMatch(/^ba_/);
    expect(payout.arrival_date).toBeGreaterThan(payout.created);

    const events = await waitFor(() => webhooksFor(payout.id).length >= 3 && webhooksFor(payout.id));
    expect(events.map((e) => [e.type, e.data.object['status']])).toEqual([
      ['payout.created', 'pending'],
      ['payout.updated', 'in_transit'],
      ['payout.paid', 'paid'],
    ]);
    expect(await t.stripe.payouts.retrieve(payout.id)).toMatchObject({ status: 'paid' });
  });

  it.each([
    ['ba_fail', 'account_closed'],
    ['ba_fail_insufficient_funds', 'insufficient_funds'],
    ['ba_fail_no_account', 'no_account'],
  ])('fails a payout to %s with failure_code %s and payout.failed', async (destination, failureCode) => {
    const payout = await t.stripe.payouts.create({ amount: 800, currency: 'gbp', destination });
    const events = await waitFor(() => webhooksFor(payout.id).length >= 3 && webhooksFor(payout.id));
    expect(events.map((e) => [e.type, e.data.object['status']])).toEqual([
      ['payout.created', 'pending'],
      ['payout.updated', 'in_transit'],
      ['payout.failed', 'failed'],
    ]);
    const failed = await t.stripe.payouts.retrieve(payout.id);
    expect(failed).toMatchObject({ status: 'failed', failure_code: failureCode, destination });
    expect(failed.failure_message).toEqual(expect.any(String));
    expect(failed.failure_balance_transaction).toMatch(/^txn_/);
  });

  it('reports a payout the bank returns as paid first, then failed (ba_return)', async () => {
    const payout = await t.stripe.payouts.create({ amount: 1200, currency: 'gbp', destination: 'ba_return' });
    const events = await waitFor(() => webhooksFor(payout.id).length >= 4 && webhooksFor(payout.id));
    expect(events.map((e) => [e.type, e.data.object['status']])).toEqual([
      ['payout.created', 'pending'],
      ['payout.updated', 'in_transit'],
      ['payout.paid', 'paid'],
      ['payout.failed', 'failed'],
    ]);
    expect(await t.stripe.payouts.retrieve(payout.id)).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
      failure_balance_transaction: expect.stringMatching(/^txn_/),
    });
  });

  it('validates amount and currency', async () => {
    const zero = await t.stripe.payouts.create({ amount: 0, currency: 'gbp' }).catch((e: unknown) => e);
    expect(zero).toMatchObject({ statusCode: 400, param: 'amount' });
    const euros = await t.stripe.payouts.create({ amount: 100, currency: 'eur' }).catch((e: unknown) => e);
    expect(euros).toMatchObject({ statusCode: 400, param: 'currency' });
  });

  it('answers resource_missing for an unknown payout', async () => {
    const error = await t.stripe.payouts.retrieve('po_unknown').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('lists payouts by status', async () => {
    const payout = await t.stripe.payouts.create({ amount: 300, currency: 'gbp' });
    const pending = await t.stripe.payouts.list({ status: 'pending' });
    expect(pending.data.map((p) => p.id)).toContain(payout.id);
    await waitFor(async () => (await t.stripe.payouts.retrieve(payout.id)).status === 'paid');
    const paid = await t.stripe.payouts.list({ status: 'paid', limit: 100 });
    expect(paid.data.map((p) => p.id)).toContain(payout.id);
  });
});
