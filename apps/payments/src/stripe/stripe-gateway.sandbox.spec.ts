import { createStripeClient } from '@kitty/nest-common';
// Against the built Stripe sandbox: proves the SDK calls we make are ones Stripe's wire protocol accepts
// (the sandbox refuses unknown parameters, as Stripe does).
import type Stripe from 'stripe';

import {
  describeWithSandbox,
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
    const connected = await stripe.accounts.create({
      type: 'custom',
      country: 'GB',
      business_type: 'individual',
      capabilities: { transfers: { requested: true } },
      external_account: 'btok_gb',
      individual: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+447700900123',
        dob: { day: 10, month: 12, year: 1990 },
        address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
    const bank = await stripe.accounts.createExternalAccount(connected.id, {
      external_account: {
        object: 'bank_account',
        country: 'GB',
        currency: 'gbp',
        routing_number: '200000',
        account_number: '00040002',
      },
      default_for_currency: true,
    });
    const withdrawalId = '7d3c2f4e-0000-4000-8000-000000000004';
    const transfer = await gateway.transferToAccount({
      withdrawalId,
      amountPence: 700,
      account: connected.id,
    });
    await expect(
      gateway.transferToAccount({ withdrawalId, amountPence: 700, account: connected.id }),
    ).resolves.toMatchObject({ id: transfer.id });
    expect(transfer).toMatchObject({ amount: 700, destination: connected.id, metadata: { withdrawalId } });

    const request = { withdrawalId, amountPence: 700, destination: bank.id, account: connected.id };
    const payout = await gateway.createPayout(request);
    await expect(gateway.createPayout(request)).resolves.toMatchObject({ id: payout.id });
    // The bank account ending 0002 refuses payouts: the amount returns to the account, then to us.
    const failed = await sandbox.eventFor('payout.failed', payout.id);
    await expect(gateway.retrieveEvent(failed.id, connected.id)).resolves.toMatchObject({
      account: connected.id,
    });
    await expect(gateway.retrievePayout(payout.id, connected.id)).resolves.toMatchObject({
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
