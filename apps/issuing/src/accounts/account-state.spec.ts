import type Stripe from 'stripe';

import {
  accountState,
  cardNotReadyReason,
  formFieldOf,
  individualFrom,
  individualOf,
  kycFailureMessage,
  tosAcceptanceOf,
} from './account-state';

const bank = { id: 'ba_123', object: 'bank_account', bank_name: 'STRIPE TEST BANK', last4: '2345' };

/** A Stripe account as the SDK returns it, with only the fields the mapping reads. */
const account = (overrides: Partial<Stripe.Account> = {}): Stripe.Account =>
  ({
    id: 'acct_1',
    object: 'account',
    charges_enabled: false,
    payouts_enabled: false,
    capabilities: { card_issuing: 'inactive', transfers: 'inactive' },
    external_accounts: { object: 'list', data: [bank], has_more: false, url: '' },
    requirements: { currently_due: ['individual.dob.day', 'individual.phone'], errors: [] },
    ...overrides,
  }) as unknown as Stripe.Account;

const verified = account({
  charges_enabled: true,
  payouts_enabled: true,
  capabilities: { card_issuing: 'active', transfers: 'active' },
  requirements: { currently_due: [], errors: [] } as unknown as Stripe.Account.Requirements,
});

describe('accountState', () => {
  it('is pending and restricted while details are due', () => {
    expect(accountState(account())).toEqual({
      status: 'restricted',
      kycStatus: 'pending',
      requirements: ['individual.dob.day', 'individual.phone'],
      pendingVerification: [],
      cardIssuingCapability: 'inactive',
      transfersCapability: 'inactive',
      payoutBankAccountId: 'ba_123',
      payoutBankLabel: 'STRIPE TEST BANK •••• 2345',
      kycCountry: null,
      phoneDigest: null,
    });
  });

  it('is complete and active once nothing is due', () => {
    expect(accountState(verified)).toMatchObject({
      status: 'active',
      kycStatus: 'complete',
      requirements: [],
      cardIssuingCapability: 'active',
    });
  });

  it('is verifying while the provider checks what was sent, and keeps nothing of it yet', () => {
    const checking = account({
      capabilities: { card_issuing: 'pending', transfers: 'pending' },
      individual: { phone: '+447700900123', address: { country: 'GB' } } as Stripe.Person,
      requirements: {
        currently_due: [],
        errors: [],
        pending_verification: ['individual.dob.day'],
        disabled_reason: 'requirements.pending_verification',
      } as unknown as Stripe.Account.Requirements,
    });
    expect(accountState(checking)).toMatchObject({
      status: 'restricted',
      kycStatus: 'verifying',
      requirements: [],
      pendingVerification: ['individual.dob.day'],
      cardIssuingCapability: 'pending',
      kycCountry: null,
      phoneDigest: null,
    });
  });

  it('keeps the address’s country only once KYC accepted it', () => {
    const individual = { address: { country: 'gb' } } as Stripe.Person;
    expect(accountState({ ...verified, individual }).kycCountry).toBe('GB');
    expect(accountState(account({ individual })).kycCountry).toBeNull();
    expect(accountState(verified).kycCountry).toBeNull();
  });

  it('keeps a digest of the phone number, the same for one number however written, once KYC accepted it', () => {
    const withPhone = (phone: string) => ({ ...verified, individual: { phone } as Stripe.Person });
    const digest = accountState(withPhone('+447700900123')).phoneDigest;
    expect(digest).toMatch(/^[\w-]{43}$/);
    expect(digest).not.toContain('7700900123');
    expect(accountState(withPhone('+44 7700 900123')).phoneDigest).toBe(digest);
    expect(accountState(withPhone('+447700900124')).phoneDigest).not.toBe(digest);
    expect(
      accountState(account({ individual: { phone: '+447700900123' } as Stripe.Person })).phoneDigest,
    ).toBeNull();
  });

  it('is failed when the provider rejected a detail', () => {
    const rejected = account({
      requirements: {
        currently_due: ['individual.dob.day'],
        errors: [
          {
            code: 'invalid_dob_age_under_18',
            reason: 'Age must be at least 18.',
            requirement: 'individual.dob.day',
          },
        ],
      } as unknown as Stripe.Account.Requirements,
    });
    const state = accountState(rejected);
    expect(state.kycStatus).toBe('failed');
    expect(kycFailureMessage(state, rejected)).toBe('Age must be at least 18.');
  });

  it('names the missing form fields when nothing was rejected', () => {
    const pending = account();
    expect(kycFailureMessage(accountState(pending), pending)).toBe(
      'Your details could not be verified yet. Still needed: dateOfBirth, phoneNumber.',
    );
  });

  it('has no payout label without a bank account, and a generic one without a bank name', () => {
    expect(accountState(account({ external_accounts: undefined }))).toMatchObject({
      payoutBankAccountId: null,
      payoutBankLabel: null,
    });
    const unnamed = { ...bank, bank_name: null };
    const external = {
      object: 'list',
      data: [unnamed],
      has_more: false,
      url: '',
    } as Stripe.Account['external_accounts'];
    expect(accountState(account({ external_accounts: external })).payoutBankLabel).toBe(
      'Bank account •••• 2345',
    );
  });
});

describe('formFieldOf', () => {
  it.each([
    ['individual.phone', 'phoneNumber'],
    ['individual[phone]', 'phoneNumber'],
    ['individual[dob][day]', 'dateOfBirth'],
    ['individual[address][postal_code]', 'address.postal_code'],
    ['external_account', null],
  ])('%s → %s', (requirement, field) => {
    expect(formFieldOf(requirement)).toBe(field);
  });
});

describe('individual details', () => {
  const kyc = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+447700900123',
    dateOfBirth: { day: 10, month: 12, year: 1990 },
    address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' as const },
    acceptedTerms: true as const,
  };

  it('sends the form as the individual, and carries it over to a new account', () => {
    const individual = individualOf(kyc);
    expect(individual).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+447700900123',
      dob: { day: 10, month: 12, year: 1990 },
      address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    });
    const person = { ...individual, address: { ...individual.address, line2: null, state: null } };
    expect(individualFrom({ ...verified, individual: person } as unknown as Stripe.Account)).toEqual(
      individual,
    );
  });

  it('leaves out what the old account never had', () => {
    const blank = {
      first_name: null,
      last_name: null,
      phone: null,
      dob: { day: null, month: null, year: null },
    };
    expect(individualFrom({ ...verified, individual: blank } as unknown as Stripe.Account)).toEqual({
      first_name: undefined,
      last_name: undefined,
      phone: undefined,
      dob: undefined,
      address: undefined,
    });
    expect(individualFrom({ ...verified, individual: undefined })).toBeUndefined();
  });
});

describe('cardNotReadyReason', () => {
  const reason = (
    kycStatus: 'pending' | 'verifying' | 'complete' | 'failed',
    cardIssuingCapability: string | null = 'inactive',
    requirements: string[] = [],
  ) => cardNotReadyReason({ kycStatus, requirements, cardIssuingCapability });

  it('says in plain words why the card is not ready, naming no provider field or id', () => {
    expect(reason('pending', 'inactive', ['tos_acceptance.date'])).toBe(
      'Accept the terms of Stripe, our payment provider, to continue.',
    );
    expect(reason('pending', 'inactive', ['individual.dob.day'])).toBe(
      'Some of your details are still needed.',
    );
    expect(reason('verifying', 'pending')).toMatch(
      /^Stripe, our payment provider, is checking your details\./,
    );
    expect(reason('complete', 'pending')).toMatch(/is checking your details/);
    expect(reason('failed')).toMatch(/could not verify your details/);
    expect(reason('complete', null)).toMatch(/Card issuing is not available/);
    for (const text of [reason('verifying', 'pending'), reason('failed'), reason('complete', null)])
      expect(text).not.toMatch(/acct_|individual\.|tos_acceptance|capabilit/);
  });

  it('is null once Stripe has made card issuing active', () => {
    expect(reason('complete', 'active')).toBeNull();
  });
});

describe('tosAcceptanceOf', () => {
  it('gives Stripe the acceptance as a Unix time, with the IP address and, when known, the user agent', () => {
    expect(
      tosAcceptanceOf({ acceptedAt: '2026-11-20T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'UA/1' }),
    ).toEqual({ date: 1_795_168_800, ip: '203.0.113.7', user_agent: 'UA/1' });
    expect(
      tosAcceptanceOf({ acceptedAt: '2026-11-20T10:00:00.000Z', ip: '203.0.113.7', userAgent: null }),
    ).toEqual({ date: 1_795_168_800, ip: '203.0.113.7' });
  });
});
