import { createStripeClient } from '@kitty/nest-common';
// Against the built Stripe sandbox: proves the SDK calls we make are ones Stripe's wire protocol accepts
// (the sandbox refuses unknown parameters, as Stripe does).
import type Stripe from 'stripe';

import {
  connectedAccountWithBank,
  describeWithSandbox,
  REFUSING_ACCOUNT_NUMBER,
  type RunningSandbox,
  SANDBOX_SECRET_KEY,
  startStripeSandbox,
} from '../testing/stripe-sandbox';
import { StripeGateway } from './stripe-gateway';

describeWithSandbox('StripeGateway (Stripe sandbox)', () => {
  let sandbox: RunningSandbox;
  let gateway: StripeGateway;

  beforeAll(async () => {
    sandbox = await startStripeSandbox();
    gateway = new StripeGateway(
      createStripeClient({ STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url }),
    );
  }, 20_000);

  afterAll(() => sandbox?.stop());

  const params = (fundingId: string, methodTypes: ('card' | 'bacs_debit')[] = ['card']) => ({
    fundingId,
    amountPence: 2500,
    feePence: 50,
    ratePercent: 2,
    methodTypes,
    destinationName: 'Lisbon trip',
    customerEmail: 'alice@example.com',
    successUrl: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/funding-cancelled',
    expiresAt: inAnHour,
  });
  // Whole seconds: Stripe's expires_at is a Unix time.
  const inAnHour = new Date(Math.floor(Date.now() / 1000 + 3600) * 1000);

  it('creates a Checkout Session for the amount and a separate fee line, once per funding id', async () => {
    const fundingId = '7d3c2f4e-0000-4000-8000-000000000001';
    const session = await gateway.createTopUpSession(params(fundingId));
    expect(session.expires_at).toBe(inAnHour.getTime() / 1000);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_total: 2550,
      status: 'open',
      payment_status: 'unpaid',
      payment_method_types: ['card'],
      client_reference_id: fundingId,
      metadata: { fundingId },
      success_url: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/funding-cancelled',
    });
    expect(session.url).toContain(`/pay/${session.id}`);
    const items = await sandbox.get<{ data: Stripe.LineItem[] }>(
      `checkout/sessions/${session.id}/line_items`,
    );
    expect(items.data.map((item) => [item.description, item.amount_total])).toEqual([
      ['Add funds to Lisbon trip', 2500],
      ['Platform fee (2%)', 50],
    ]);

    const again = await gateway.createTopUpSession(params(fundingId));
    expect(again.id).toBe(session.id);
    await expect(gateway.retrieveSession(session.id, null)).resolves.toMatchObject({ id: session.id });
  });

  it('offers Bacs Direct Debit for a bank transfer', async () => {
    const session = await gateway.createTopUpSession(
      params('7d3c2f4e-0000-4000-8000-000000000002', ['bacs_debit']),
    );
    expect(session.payment_method_types).toEqual(['bacs_debit']);
  });

  it('creates one payout per withdrawal and reads its failure back through the events API', async () => {
    const withdrawalId = '7d3c2f4e-0000-4000-8000-000000000003';
    const request = { withdrawalId, amountPence: 1000, destination: 'ba_fail_account_closed', account: null };
    const payout = await gateway.createPayout(request);
    await expect(gateway.createPayout(request)).resolves.toMatchObject({ id: payout.id });
    expect(payout).toMatchObject({
      amount: 1000,
      currency: 'gbp',
      status: 'pending',
      metadata: { withdrawalId },
    });

    const failed = await sandbox.eventFor('payout.failed', payout.id);
    await expect(gateway.retrieveEvent(failed.id, null)).resolves.toMatchObject({ type: 'payout.failed' });
    await expect(gateway.retrievePayout(payout.id, null)).resolves.toMatchObject({
      status: 'failed',
      metadata: { withdrawalId },
    });
  });

  it('pays a withdrawal out through Connect: one transfer to the account, one payout there, events read with the account', async () => {
    const stripe = createStripeClient({ STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url });
    // The bank account ending 0002 refuses payouts (see below).
    const connected = await connectedAccountWithBank(stripe, REFUSING_ACCOUNT_NUMBER);
    const withdrawalId = '7d3c2f4e-0000-4000-8000-000000000004';
    const transfer = await gateway.transferToAccount({
      withdrawalId,
      amountPence: 700,
      account: connected.accountId,
    });
    await expect(
      gateway.transferToAccount({ withdrawalId, amountPence: 700, account: connected.accountId }),
    ).resolves.toMatchObject({ id: transfer.id });
    expect(transfer).toMatchObject({
      amount: 700,
      destination: connected.accountId,
      metadata: { withdrawalId },
    });

    const request = {
      withdrawalId,
      amountPence: 700,
      destination: connected.payoutDestination,
      account: connected.accountId,
    };
    const payout = await gateway.createPayout(request);
    await expect(gateway.createPayout(request)).resolves.toMatchObject({ id: payout.id });
    // The bank account ending 0002 refuses payouts: the amount returns to the account, then to us.
    const failed = await sandbox.eventFor('payout.failed', payout.id);
    await expect(gateway.retrieveEvent(failed.id, connected.accountId)).resolves.toMatchObject({
      account: connected.accountId,
    });
    await expect(gateway.retrievePayout(payout.id, connected.accountId)).resolves.toMatchObject({
      status: 'failed',
    });
    await expect(gateway.retrievePayout(payout.id, null)).rejects.toMatchObject({ statusCode: 404 });
    const reversal = await gateway.reverseTransfer(transfer.id, withdrawalId);
    await expect(gateway.reverseTransfer(transfer.id, withdrawalId)).resolves.toMatchObject({
      id: reversal.id,
    });
    expect(reversal).toMatchObject({ amount: 700, transfer: transfer.id });
  });
});
