import Stripe from 'stripe';

import {
  startTestSandbox,
  startWebhookReceiver,
  TestSandbox,
  verifiedAccount,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';

const CONNECT_SECRET = 'whsec_connect_tests';
const ADULT: Stripe.AccountCreateParams.Individual = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+447700900123',
  dob: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
};
const bankDetails = (accountNumber: string): Stripe.AccountCreateExternalAccountParams.BankAccount => ({
  object: 'bank_account',
  country: 'GB',
  currency: 'gbp',
  routing_number: '200000',
  account_number: accountNumber,
  account_holder_name: 'Ada Lovelace',
});

describe('Connect: external accounts, transfers and payouts on a connected account', () => {
  let platform: WebhookReceiver;
  let connect: WebhookReceiver;
  let t: TestSandbox;

  beforeAll(async () => {
    platform = await startWebhookReceiver();
    connect = await startWebhookReceiver();
    t = await startTestSandbox({
      SANDBOX_WEBHOOK_URLS: platform.url,
      SANDBOX_CONNECT_WEBHOOK_URLS: connect.url,
      SANDBOX_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    });
  });
  afterAll(async () => {
    await t.close();
    await platform.close();
    await connect.close();
  });

  const connectedAccount = () =>
    verifiedAccount(t.stripe, {
      type: 'custom',
      country: 'GB',
      business_type: 'individual',
      capabilities: { transfers: { requested: true } },
      external_account: 'btok_gb',
      individual: ADULT,
    });

  it('adds a bank account as the default, lists it, and refuses to delete the default', async () => {
    const account = await connectedAccount();
    const bank = await t.stripe.accounts.createExternalAccount(account.id, {
      external_account: bankDetails('55779911'),
      default_for_currency: true,
    });
    expect(bank).toMatchObject({
      object: 'bank_account',
      account: account.id,
      routing_number: '200000',
      last4: '9911',
      country: 'GB',
      currency: 'gbp',
      default_for_currency: true,
      account_holder_name: 'Ada Lovelace',
    });
    expect(bank.id).toMatch(/^ba_/);
    expect(JSON.stringify(bank)).not.toContain('55779911');
    const again = await t.stripe.accounts.createExternalAccount(account.id, {
      external_account: bankDetails('55779911'),
    });
    expect(again.fingerprint).toBe((bank as Stripe.BankAccount).fingerprint);

    const list = await t.stripe.accounts.listExternalAccounts(account.id, { object: 'bank_account' });
    expect(list.data.map((b) => [b.id, (b as Stripe.BankAccount).default_for_currency])).toEqual([
      [again.id, false],
      [bank.id, true],
      [expect.stringMatching(/^ba_/), false],
    ]);
    const refused = await t.stripe.accounts
      .deleteExternalAccount(account.id, bank.id)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(await t.stripe.accounts.deleteExternalAccount(account.id, again.id)).toMatchObject({
      id: again.id,
      deleted: true,
    });
    const events = await waitFor(() => {
      const created = connect.events().filter((e) => e.type === 'account.external_account.created');
      return created.length >= 2 && created;
    });
    expect(events[0]).toMatchObject({ account: account.id });
  });

  it('transfers to the account, pays out to its default bank account, and signs its events with the Connect secret', async () => {
    const account = await connectedAccount();
    const bank = await t.stripe.accounts.createExternalAccount(account.id, {
      external_account: bankDetails('55779911'),
      default_for_currency: true,
    });
    const transfer = await t.stripe.transfers.create(
      { amount: 1500, currency: 'gbp', destination: account.id, metadata: { withdrawalId: 'w1' } },
      { idempotencyKey: 'transfer-w1' },
    );
    expect(transfer).toMatchObject({ object: 'transfer', amount: 1500, destination: account.id });
    const replay = await t.stripe.transfers.create(
      { amount: 1500, currency: 'gbp', destination: account.id, metadata: { withdrawalId: 'w1' } },
      { idempotencyKey: 'transfer-w1' },
    );
    expect(replay.id).toBe(transfer.id);
    const balance = await t.stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available[0]?.amount).toBe(1500);

    const payout = await t.stripe.payouts.create(
      { amount: 1500, currency: 'gbp', metadata: { withdrawalId: 'w1' } },
      { stripeAccount: account.id, idempotencyKey: 'w1' },
    );
    expect(payout).toMatchObject({ status: 'pending', destination: bank.id });
    // Not the platform's payout: unknown without the header.
    expect(await t.stripe.payouts.retrieve(payout.id).catch((e: unknown) => e)).toMatchObject({
      statusCode: 404,
    });

    const paid = await waitFor(() =>
      connect.received.find((r) => JSON.parse(r.body).type === 'payout.paid' && r.body.includes(payout.id)),
    );
    const event = Stripe.webhooks.constructEvent(
      paid.body,
      String(paid.headers['stripe-signature']),
      CONNECT_SECRET,
    );
    expect(event).toMatchObject({ account: account.id, type: 'payout.paid' });
    expect(platform.events().some((e) => e.id === event.id)).toBe(false);
    expect(
      platform.events().some((e) => e.type === 'transfer.created' && e.data.object['id'] === transfer.id),
    ).toBe(true);
    expect(await t.stripe.events.retrieve(event.id, {}, { stripeAccount: account.id })).toMatchObject({
      id: event.id,
    });
    expect(await t.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).toMatchObject({
      status: 'paid',
    });
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0]?.amount).toBe(0);
  });

  it('refuses a payout beyond the balance and to an account without a transfers capability', async () => {
    const account = await connectedAccount();
    const tooMuch = await t.stripe.payouts
      .create({ amount: 100, currency: 'gbp' }, { stripeAccount: account.id })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    const unverified = await t.stripe.accounts.create({
      type: 'custom',
      capabilities: { transfers: { requested: true } },
    });
    const refused = await t.stripe.transfers
      .create({ amount: 100, currency: 'gbp', destination: unverified.id })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400, param: 'destination' });
  });

  it('fails a payout to an account number ending 0002, returns the money to the balance, and reverses the transfer', async () => {
    const account = await connectedAccount();
    await t.stripe.accounts.createExternalAccount(account.id, {
      external_account: bankDetails('00040002'),
      default_for_currency: true,
    });
    const transfer = await t.stripe.transfers.create({
      amount: 700,
      currency: 'gbp',
      destination: account.id,
    });
    const payout = await t.stripe.payouts.create(
      { amount: 700, currency: 'gbp' },
      { stripeAccount: account.id },
    );
    await waitFor(async () => {
      const now = await t.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id });
      return now.status === 'failed' && now;
    });
    const failed = await t.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id });
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'no_account' });
    expect(
      connect.events().some((e) => e.type === 'payout.failed' && e.data.object['id'] === payout.id),
    ).toBe(true);
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0]?.amount).toBe(
      700,
    );

    const reversal = await t.stripe.transfers.createReversal(
      transfer.id,
      {},
      { idempotencyKey: `rev-${transfer.id}` },
    );
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 700, transfer: transfer.id });
    expect(await t.stripe.transfers.retrieve(transfer.id)).toMatchObject({
      reversed: true,
      amount_reversed: 700,
    });
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0]?.amount).toBe(0);
  });

  it('pays a payout to an account number ending 0003, then fails it when the bank returns it: the money is back in the balance', async () => {
    const account = await connectedAccount();
    await t.stripe.accounts.createExternalAccount(account.id, {
      external_account: bankDetails('00040003'),
      default_for_currency: true,
    });
    await t.stripe.transfers.create({ amount: 900, currency: 'gbp', destination: account.id });
    const payout = await t.stripe.payouts.create(
      { amount: 900, currency: 'gbp' },
      { stripeAccount: account.id },
    );
    const about = () =>
      connect
        .events()
        .filter((e) => e.data.object['id'] === payout.id)
        .map((e) => [e.type, e.data.object['status'], e.account]);
    await waitFor(() => about().length >= 4);
    expect(about()).toEqual([
      ['payout.created', 'pending', account.id],
      ['payout.updated', 'in_transit', account.id],
      ['payout.paid', 'paid', account.id],
      ['payout.failed', 'failed', account.id],
    ]);
    expect(await t.stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
    });
    expect((await t.stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0]?.amount).toBe(
      900,
    );
  });
});
