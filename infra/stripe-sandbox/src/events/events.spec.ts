import Stripe from 'stripe';

import { startTestSandbox, TestSandbox, topUpSessionParams, waitFor } from '../testing/harness';

describe('Events through the stripe SDK', () => {
  let t: TestSandbox;
  let sessionEventId: string;
  let startedAt: number;

  beforeAll(async () => {
    t = await startTestSandbox();
    const session = await t.stripe.checkout.sessions.create(topUpSessionParams());
    await t.stripe.checkout.sessions.expire(session.id);
    const payout = await t.stripe.payouts.create({ amount: 100, currency: 'gbp' });
    await waitFor(async () => (await t.stripe.payouts.retrieve(payout.id)).status === 'paid');
    startedAt = Math.floor(Date.now() / 1000);
    sessionEventId = (await t.stripe.events.list({ type: 'checkout.session.expired' })).data[0].id;
  });
  afterAll(() => t.close());

  it('retrieves an event in Stripe’s shape', async () => {
    const event = await t.stripe.events.retrieve(sessionEventId);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.expired',
      livemode: false,
      api_version: Stripe.API_VERSION,
      pending_webhooks: 0,
      data: { object: { object: 'checkout.session', status: 'expired' } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.request?.id).toMatch(/^req_/);
  });

  it('lists newest first, filtered by type, wildcard, types[] and created', async () => {
    const all = await t.stripe.events.list();
    expect(all.data.map((e) => e.type)).toEqual([
      'payout.paid',
      'payout.updated',
      'payout.created',
      'checkout.session.expired',
    ]);
    expect((await t.stripe.events.list({ type: 'payout.*' })).data.map((e) => e.type)).toEqual([
      'payout.paid',
      'payout.updated',
      'payout.created',
    ]);
    expect(
      (await t.stripe.events.list({ types: ['checkout.session.expired', 'payout.paid'] })).data.map(
        (e) => e.type,
      ),
    ).toEqual(['payout.paid', 'checkout.session.expired']);
    expect((await t.stripe.events.list({ created: { gte: startedAt - 60 } })).data).toHaveLength(4);
    expect((await t.stripe.events.list({ created: { gt: startedAt + 60 } })).data).toHaveLength(0);
  });

  it('pages with limit and ending_before', async () => {
    const all = await t.stripe.events.list();
    const page = await t.stripe.events.list({ limit: 1, ending_before: all.data[2].id });
    expect(page.data.map((e) => e.id)).toEqual([all.data[1].id]);
    expect(page.has_more).toBe(true);
  });
});
