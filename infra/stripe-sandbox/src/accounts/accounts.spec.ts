import Stripe from 'stripe';

import {
  startTestSandbox,
  startWebhookReceiver,
  TestClock,
  TestSandbox,
  waitFor,
  WebhookReceiver,
} from '../testing/harness';
import { Account, VERIFICATION_TEST_ADDRESS } from './accounts.service';

const ADULT: Stripe.AccountUpdateParams.Individual = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+447700900123',
  dob: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
};

const TERMS_DUE = [
  'card_issuing.tos_acceptance.date',
  'card_issuing.tos_acceptance.ip',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** Both acceptances, as Kitty's onboarding sends them. */
const ACCEPTED = { date: 1_795_000_000, ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' };
const TERMS: Stripe.AccountUpdateParams = {
  tos_acceptance: ACCEPTED,
  settings: { card_issuing: { tos_acceptance: ACCEPTED } },
};

const INDIVIDUAL_DUE = [
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
];

describe('Connect accounts through the stripe SDK', () => {
  let receiver: WebhookReceiver;
  let t: TestSandbox;
  // 2026-11-22: someone born on 2008-11-22 turns 18 today.
  const clock = new TestClock();

  beforeAll(async () => {
    clock.advance(Date.UTC(2026, 10, 22, 12) - Date.now());
    receiver = await startWebhookReceiver();
    t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url }, clock);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const newAccount = (overrides: Stripe.AccountCreateParams = {}) =>
    t.stripe.accounts.create({
      type: 'custom',
      country: 'GB',
      business_type: 'individual',
      capabilities: { card_issuing: { requested: true }, transfers: { requested: true } },
      external_account: 'btok_gb',
      ...overrides,
    });

  it('creates an account whose individual details are currently due, with the test bank account', async () => {
    const account = await newAccount({ metadata: { userId: 'u1' } });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: 'account',
      type: 'custom',
      country: 'GB',
      default_currency: 'gbp',
      business_type: 'individual',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: { userId: 'u1' },
      capabilities: { card_issuing: 'inactive', transfers: 'inactive' },
      requirements: {
        currently_due: [...TERMS_DUE.slice(0, 2), ...INDIVIDUAL_DUE, ...TERMS_DUE.slice(2)],
        disabled_reason: 'requirements.past_due',
        errors: [],
      },
    });
    const bank = account.external_accounts?.data[0] as Stripe.BankAccount;
    expect(bank).toMatchObject({
      object: 'bank_account',
      account: account.id,
      country: 'GB',
      currency: 'gbp',
      last4: '2345',
      bank_name: 'STRIPE TEST BANK',
      routing_number: '108800',
    });
    expect(bank.id).toMatch(/^ba_/);
    expect(await t.stripe.accounts.retrieve(account.id)).toEqual(account);
  });

  it('asks for the business type and a bank account when they are missing', async () => {
    const account = await t.stripe.accounts.create({ capabilities: { transfers: { requested: true } } });
    expect(account.requirements?.currently_due).toEqual([
      'business_type',
      'external_account',
      ...INDIVIDUAL_DUE,
      ...TERMS_DUE.slice(2),
    ]);
    expect(account.capabilities).toEqual({ transfers: 'inactive' });
  });

  const accountEvents = (id: string) =>
    receiver.events().filter((e) => e.type === 'account.updated' && e.data.object['id'] === id);

  it('keeps both terms of service due until they are accepted', async () => {
    const account = await newAccount();
    const details = await t.stripe.accounts.update(account.id, { individual: ADULT });
    expect(details.requirements).toMatchObject({
      currently_due: TERMS_DUE,
      pending_verification: [],
      disabled_reason: 'requirements.past_due',
    });
    expect(details.capabilities).toEqual({ card_issuing: 'inactive', transfers: 'inactive' });
    const platformOnly = await t.stripe.accounts.update(account.id, { tos_acceptance: ACCEPTED });
    expect(platformOnly.requirements?.currently_due).toEqual(TERMS_DUE.slice(0, 2));
    const both = await t.stripe.accounts.update(account.id, TERMS);
    expect(both.requirements?.currently_due).toEqual([]);
    expect(both.tos_acceptance).toMatchObject(ACCEPTED);
    expect(both.settings?.card_issuing?.tos_acceptance).toEqual(ACCEPTED);
  });

  it('verifies complete details asynchronously: pending, then active with account.updated', async () => {
    const account = await newAccount();
    const updated = await t.stripe.accounts.update(account.id, { individual: ADULT, ...TERMS });
    expect(updated).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: true,
      capabilities: { card_issuing: 'pending', transfers: 'pending' },
      requirements: {
        currently_due: [],
        errors: [],
        pending_verification: expect.arrayContaining(['individual.dob.day', 'individual.address.line1']),
        disabled_reason: 'requirements.pending_verification',
      },
      individual: {
        object: 'person',
        first_name: 'Ada',
        dob: { day: 10, month: 12, year: 1990 },
        address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
    const verified = await waitFor(() =>
      accountEvents(account.id).find((e) => e.data.object['charges_enabled'] === true),
    );
    expect(verified.account).toBe(account.id);
    expect(verified.data.object).toMatchObject({
      payouts_enabled: true,
      capabilities: { card_issuing: 'active', transfers: 'active' },
      requirements: { pending_verification: [], disabled_reason: null },
    });
    expect(verified.data.previous_attributes).toMatchObject({
      charges_enabled: false,
      capabilities: { card_issuing: 'pending', transfers: 'pending' },
      requirements: { disabled_reason: 'requirements.pending_verification' },
    });
    expect(await t.stripe.accounts.retrieve(account.id)).toMatchObject({
      capabilities: { card_issuing: 'active' },
    });
  });

  it('sends the platform update of a connected account with its account id and previous attributes', async () => {
    const account = await newAccount();
    await t.stripe.accounts.update(account.id, { individual: { first_name: 'Ada' } });
    const event = await waitFor(() => accountEvents(account.id)[0]);
    expect(event.account).toBe(account.id);
    expect(event.data.previous_attributes).toEqual({
      individual: { first_name: null },
      requirements: {
        currently_due: expect.arrayContaining(['individual.first_name']),
        eventually_due: expect.arrayContaining(['individual.first_name']),
        past_due: expect.arrayContaining(['individual.first_name']),
      },
    });
  });

  it(`keeps the capabilities pending while verification does not finish (line1 "${VERIFICATION_TEST_ADDRESS.staysPending}")`, async () => {
    const account = await newAccount();
    const address = { ...ADULT.address, line1: VERIFICATION_TEST_ADDRESS.staysPending };
    await t.stripe.accounts.update(account.id, { individual: { ...ADULT, address }, ...TERMS });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await t.stripe.accounts.retrieve(account.id);
    expect(later.capabilities).toEqual({ card_issuing: 'pending', transfers: 'pending' });
    expect(later.requirements?.pending_verification).not.toEqual([]);
    expect(later.charges_enabled).toBe(false);
  });

  it(`turns the capabilities inactive when verification fails (line1 "${VERIFICATION_TEST_ADDRESS.fails}")`, async () => {
    const account = await newAccount();
    const address = { ...ADULT.address, line1: VERIFICATION_TEST_ADDRESS.fails };
    await t.stripe.accounts.update(account.id, { individual: { ...ADULT, address }, ...TERMS });
    const failed = await waitFor(() =>
      accountEvents(account.id).find(
        (e) =>
          (e.data.object['capabilities'] as Account['capabilities']).card_issuing === 'inactive' &&
          e.data.previous_attributes?.['capabilities'] !== undefined,
      ),
    );
    expect(failed.data.object['requirements']).toMatchObject({
      currently_due: ['individual.address.line1'],
      pending_verification: [],
      errors: [{ code: 'verification_failed_address_match', requirement: 'individual.address.line1' }],
      disabled_reason: 'requirements.past_due',
    });
    const corrected = await t.stripe.accounts.update(account.id, { individual: ADULT });
    expect(corrected.capabilities).toEqual({ card_issuing: 'pending', transfers: 'pending' });
  });

  it('merges partial updates', async () => {
    const account = await newAccount();
    await t.stripe.accounts.update(account.id, { individual: { first_name: 'Ada', last_name: 'Lovelace' } });
    const later = await t.stripe.accounts.update(account.id, { individual: { phone: '+447700900123' } });
    expect(later.individual).toMatchObject({ first_name: 'Ada', phone: '+447700900123' });
    expect(later.requirements?.currently_due).not.toContain('individual.first_name');
    expect(later.requirements?.currently_due).toContain('individual.dob.day');
  });

  it.each([
    ['turns 18 tomorrow', { day: 23, month: 11, year: 2008 }, 'invalid_dob_age_under_18'],
    ['has no 31 February', { day: 31, month: 2, year: 1990 }, 'invalid_value_other'],
    ["is Stripe's failing test date", { day: 1, month: 1, year: 1900 }, 'verification_failed_keyed_identity'],
  ])('keeps the date of birth due when it %s', async (_case, dob, code) => {
    const account = await newAccount();
    const updated = await t.stripe.accounts.update(account.id, { individual: { ...ADULT, dob }, ...TERMS });
    expect(updated.requirements).toMatchObject({
      currently_due: ['individual.dob.day'],
      errors: [{ code, requirement: 'individual.dob.day', reason: expect.any(String) }],
    });
    expect(updated.capabilities).toEqual({ card_issuing: 'inactive', transfers: 'inactive' });
  });

  it('accepts someone who turns 18 today', async () => {
    const account = await newAccount();
    const updated = await t.stripe.accounts.update(account.id, {
      individual: { ...ADULT, dob: { day: 22, month: 11, year: 2008 } },
      ...TERMS,
    });
    expect(updated.requirements?.currently_due).toEqual([]);
  });

  it('flags a postcode that is not a UK one', async () => {
    const account = await newAccount();
    const updated = await t.stripe.accounts.update(account.id, {
      individual: { ...ADULT, address: { ...ADULT.address, postal_code: '90210' } },
    });
    expect(updated.requirements?.errors).toEqual([
      expect.objectContaining({
        code: 'invalid_address_city_state_postal_code',
        requirement: 'individual.address.postal_code',
      }),
    ]);
  });

  it.each([
    [{ individual: { phone: 'call me' } }, 'individual[phone]'],
    [{ individual: { dob: { day: 32, month: 1, year: 1990 } } }, 'individual[dob][day]'],
    [{ external_account: 'btok_nowhere' }, 'external_account'],
    [
      { capabilities: { card_issuing: { requested: true }, crypto: { requested: true } } },
      'capabilities[crypto]',
    ],
  ] as Array<[Stripe.AccountUpdateParams, string]>)('refuses %j naming %s', async (params, param) => {
    const account = await newAccount();
    const error = await t.stripe.accounts.update(account.id, params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, param });
  });

  it('answers resource_missing for an unknown account', async () => {
    const error = await t.stripe.accounts.retrieve('acct_unknown').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const update = await t.stripe.accounts
      .update('acct_unknown', { individual: ADULT })
      .catch((e: unknown) => e);
    expect(update).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('lists accounts newest first, and the SDK auto-paginates', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const page = await t.stripe.accounts.list({ limit: 2 });
    expect(page.data.map((a) => a.id)).toEqual([second.id, first.id]);
    const all = await t.stripe.accounts.list({ limit: 3 }).autoPagingToArray({ limit: 1000 });
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });
});
