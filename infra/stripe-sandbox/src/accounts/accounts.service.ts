import Stripe from 'stripe';

import { bankFingerprint } from '../core/bank-fingerprint';
import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { ApiList, paginate } from '../core/list';
import { inRange } from '../core/params';
import { RequestContext } from '../core/request-context';
import { invalidRequest, resourceMissing } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { JOB_KIND, Scheduler } from '../scheduler/scheduler';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import {
  CreateAccountParams,
  CreateExternalAccountParams,
  ListAccountsParams,
  ListExternalAccountsParams,
  UpdateAccountParams,
} from './accounts.params';

export type Individual = Pick<
  Stripe.Person,
  'id' | 'object' | 'account' | 'created' | 'first_name' | 'last_name' | 'email' | 'phone' | 'metadata'
> & { dob: Stripe.Person.Dob; address: Stripe.Address };

export type BankAccount = Pick<
  Stripe.BankAccount,
  | 'id'
  | 'object'
  | 'account_holder_name'
  | 'account_holder_type'
  | 'account_type'
  | 'bank_name'
  | 'country'
  | 'currency'
  | 'default_for_currency'
  | 'fingerprint'
  | 'last4'
  | 'metadata'
  | 'routing_number'
  | 'status'
> & { account: string };

export type Account = Pick<
  Stripe.Account,
  | 'id'
  | 'object'
  | 'business_type'
  | 'charges_enabled'
  | 'country'
  | 'created'
  | 'default_currency'
  | 'details_submitted'
  | 'email'
  | 'metadata'
  | 'payouts_enabled'
  | 'type'
> & {
  created: number;
  capabilities: Partial<Record<CapabilityName, Stripe.Account.Capabilities.CardIssuing>>;
  external_accounts: ApiList<BankAccount>;
  individual: Individual;
  requirements: Stripe.Account.Requirements;
  settings: AccountSettings;
  tos_acceptance: Pick<Stripe.Account.TosAcceptance, 'date' | 'ip' | 'user_agent'>;
};

/** The settings Stripe always returns, with Issuing's terms of service (what Kitty's accounts use). */
type AccountSettings = Pick<
  Stripe.Account.Settings,
  'branding' | 'card_payments' | 'dashboard' | 'payments'
> & {
  card_issuing: { tos_acceptance: { date: number | null; ip: string | null; user_agent?: string } };
};

export type CapabilityName = 'card_issuing' | 'card_payments' | 'transfers';

/** The token that attaches Stripe's GB test bank account (sort code 10-88-00, account 00012345). */
export const TEST_BANK_TOKEN = 'btok_gb';

const TEST_BANK = {
  bank_name: 'STRIPE TEST BANK',
  routing_number: '108800',
  last4: '2345',
  fingerprint: bankFingerprint('108800', '00012345'),
} as const;

/** Payouts to a bank account whose account number ends in these digits fail (`no_account`). */
export const FAILING_ACCOUNT_NUMBER_SUFFIX = '0002';

/**
 * Payouts to a bank account whose account number ends in these digits are paid, then returned by the bank
 * (`account_closed`): Stripe reports such a payout `paid` first and `failed` later.
 */
export const RETURNING_ACCOUNT_NUMBER_SUFFIX = '0003';

/**
 * Stripe's test-mode dates of birth: 1900-01-01 fails identity verification
 * (`verification_failed_keyed_identity`); any other valid date of an adult verifies.
 */
const FAILING_DOB = { day: 1, month: 1, year: 1900 } as const;

const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;

/**
 * Test values of `individual.address.line1` that steer Stripe's verification of the submitted details
 * (Stripe's own test address token `address_no_match` fails it): any other address verifies after the
 * configured delay.
 */
export const VERIFICATION_TEST_ADDRESS = {
  /** Verification fails: `verification_failed_address_match`, the capabilities turn `inactive`. */
  fails: 'address_no_match',
  /** Verification never finishes: the capabilities stay `pending`, the details stay in `pending_verification`. */
  staysPending: 'address_pending_verification',
} as const;

/** What Stripe checks asynchronously once an individual's details are complete. */
const VERIFIED_FIELDS = [
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.first_name',
  'individual.last_name',
];

/** Accepting Stripe's services agreement (Connected Account Agreement), as a Custom account's platform records it. */
const PLATFORM_TERMS = ['tos_acceptance.date', 'tos_acceptance.ip'];
/** Accepting the Stripe Issuing terms, due while `card_issuing` is requested. */
const ISSUING_TERMS = ['card_issuing.tos_acceptance.date', 'card_issuing.tos_acceptance.ip'];

/** Where Stripe's verification of an account's complete details stands (sandbox state, not an API object). */
interface AccountVerification {
  id: string;
  /** A digest of the details it is about: changed details are verified again. */
  details: string;
  status: 'verifying' | 'verified' | 'failed';
}

interface AccountVerificationJob {
  accountId: string;
  details: string;
}

/** What an individual account must provide before its capabilities turn active. */
const INDIVIDUAL_FIELDS: ReadonlyArray<[requirement: string, present: (person: Individual) => boolean]> = [
  ['individual.address.city', (p) => !!p.address.city],
  ['individual.address.line1', (p) => !!p.address.line1],
  ['individual.address.postal_code', (p) => !!p.address.postal_code],
  ['individual.dob.day', (p) => p.dob.day !== null],
  ['individual.dob.month', (p) => p.dob.month !== null],
  ['individual.dob.year', (p) => p.dob.year !== null],
  ['individual.first_name', (p) => !!p.first_name],
  ['individual.last_name', (p) => !!p.last_name],
  ['individual.phone', (p) => !!p.phone],
];

/**
 * Connect (custom) accounts of individuals in GB: details and terms acceptances arrive through
 * create/update, and the account's `requirements` say what is still missing or invalid. Once nothing is,
 * Stripe verifies the details asynchronously: the requested capabilities are `pending` and the details in
 * `pending_verification` until, after the configured delay, they turn `active` (charges and payouts
 * enabled) or, when verification fails, `inactive` with the failing detail due again. Every change emits
 * `account.updated` with the account id and the changed fields' previous values, as Stripe sends it to
 * Connect endpoints.
 */
export class AccountsService {
  readonly accounts: Collection<Account>;
  private readonly verifications: Collection<AccountVerification>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly scheduler: Scheduler,
    private readonly verificationDelayMs: number,
  ) {
    this.accounts = store.collection<Account>('accounts', {
      objectName: 'account',
      idPrefix: ID_PREFIX.account,
    });
    this.verifications = store.collection<AccountVerification>('account_verifications', {
      objectName: 'account',
    });
    scheduler.register<AccountVerificationJob>(JOB_KIND.accountVerification, (job) => this.verify(job));
  }

  create(params: CreateAccountParams): Account {
    const id = newId(ID_PREFIX.account);
    const created = unixSeconds(this.clock);
    const blank: Account = {
      id,
      object: 'account',
      business_type: null,
      capabilities: {},
      charges_enabled: false,
      country: params.country ?? 'GB',
      created,
      default_currency: 'gbp',
      details_submitted: false,
      email: null,
      external_accounts: {
        object: 'list',
        data: [],
        has_more: false,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      individual: {
        id: newId(ID_PREFIX.person),
        object: 'person',
        account: id,
        created,
        first_name: null,
        last_name: null,
        email: null,
        phone: null,
        metadata: {},
        dob: { day: null, month: null, year: null },
        address: { line1: null, line2: null, city: null, postal_code: null, state: null, country: 'GB' },
      },
      metadata: {},
      payouts_enabled: false,
      requirements: emptyRequirements(),
      settings: {
        branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
        card_issuing: { tos_acceptance: { date: null, ip: null } },
        card_payments: {
          decline_on: { avs_failure: false, cvc_failure: false },
          statement_descriptor_prefix: null,
          statement_descriptor_prefix_kana: null,
          statement_descriptor_prefix_kanji: null,
        },
        dashboard: { display_name: null, timezone: 'Etc/UTC' },
        payments: {
          statement_descriptor: null,
          statement_descriptor_kana: null,
          statement_descriptor_kanji: null,
          statement_descriptor_prefix_kana: null,
          statement_descriptor_prefix_kanji: null,
        },
      },
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type: params.type ?? 'custom',
    };
    return this.accounts.insert(this.evaluate(applyChanges(blank, params)));
  }

  update(id: string, params: UpdateAccountParams, request: RequestContext): Account {
    const account = this.accounts.require(id, 'account');
    const updated = this.accounts.replace(this.evaluate(applyChanges(account, params)));
    this.events.emit(EVENT_TYPE.accountUpdated, updated, request, { account: id, previous: account });
    return updated;
  }

  /** Stripe's verification of the details finished (unless a test address keeps it pending). */
  private verify({ accountId, details }: AccountVerificationJob): void {
    const verification = this.verifications.get(accountId);
    const account = this.accounts.get(accountId);
    if (!account || verification?.details !== details || verification.status !== 'verifying') return;
    const line1 = account.individual.address.line1;
    if (line1 === VERIFICATION_TEST_ADDRESS.staysPending) return;
    this.verifications.replace({
      ...verification,
      status: line1 === VERIFICATION_TEST_ADDRESS.fails ? 'failed' : 'verified',
    });
    const updated = this.accounts.replace(this.evaluate(account));
    this.events.emit(EVENT_TYPE.accountUpdated, updated, null, { account: accountId, previous: account });
  }

  retrieve(id: string): Account {
    return this.accounts.require(id, 'account');
  }

  /**
   * Adds a bank account to a connected account. The first one, or one sent with `default_for_currency`,
   * becomes the default (the one payouts go to); the account's requirements are evaluated again.
   */
  createExternalAccount(
    id: string,
    params: CreateExternalAccountParams,
    request: RequestContext,
  ): BankAccount {
    const account = this.accounts.require(id, 'account');
    const added = bankAccountFor(id, params.external_account);
    const makeDefault = params.default_for_currency === true || account.external_accounts.data.length === 0;
    const bank: BankAccount = {
      ...added,
      default_for_currency: makeDefault,
      metadata: params.metadata ?? {},
    };
    const others = account.external_accounts.data.map((existing) =>
      makeDefault ? { ...existing, default_for_currency: false } : existing,
    );
    this.saveExternalAccounts(account, [bank, ...others], request);
    this.events.emit(EVENT_TYPE.accountExternalAccountCreated, bank, request, { account: id });
    return bank;
  }

  listExternalAccounts(id: string, params: ListExternalAccountsParams): ApiList<BankAccount> {
    const account = this.accounts.require(id, 'account');
    const matches = params.object === 'card' ? [] : account.external_accounts.data;
    return paginate(matches, params, `/v1/accounts/${id}/external_accounts`);
  }

  /** Stripe refuses to delete the default bank account while others exist: make another the default first. */
  deleteExternalAccount(id: string, bankAccountId: string, request: RequestContext) {
    const account = this.accounts.require(id, 'account');
    const bank = account.external_accounts.data.find((external) => external.id === bankAccountId);
    if (!bank) throw resourceMissing('external account', bankAccountId);
    if (bank.default_for_currency && account.external_accounts.data.length > 1) {
      throw invalidRequest(
        'You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.',
        { param: 'id' },
      );
    }
    this.saveExternalAccounts(
      account,
      account.external_accounts.data.filter((external) => external.id !== bankAccountId),
      request,
    );
    this.events.emit(EVENT_TYPE.accountExternalAccountDeleted, bank, request, { account: id });
    return { id: bankAccountId, object: 'bank_account' as const, deleted: true as const };
  }

  /** The bank account payouts of this connected account go to, if it has one. */
  defaultBankAccount(id: string): BankAccount | null {
    const banks = this.accounts.get(id)?.external_accounts.data ?? [];
    return banks.find((bank) => bank.default_for_currency) ?? banks[0] ?? null;
  }

  private saveExternalAccounts(account: Account, data: BankAccount[], request: RequestContext): void {
    const updated = this.accounts.replace(
      this.evaluate({ ...account, external_accounts: { ...account.external_accounts, data } }),
    );
    this.events.emit(EVENT_TYPE.accountUpdated, updated, request, { account: account.id, previous: account });
  }

  list(params: ListAccountsParams): ApiList<Account> {
    const matches = this.accounts.newestFirst().filter((account) => inRange(account.created, params.created));
    return paginate(matches, params, '/v1/accounts');
  }

  /** Recomputes requirements, capability statuses and the enabled flags from the account's details. */
  private evaluate(account: Account): Account {
    const person = account.individual;
    const currentlyDue: string[] = [];
    const errors: Stripe.Account.Requirements.Error[] = [];
    if (account.business_type === null) currentlyDue.push('business_type');
    if (account.external_accounts.data.length === 0) currentlyDue.push('external_account');
    for (const [requirement, present] of INDIVIDUAL_FIELDS) {
      if (!present(person)) currentlyDue.push(requirement);
    }
    const invalid = (requirement: string, code: Stripe.Account.Requirements.Error.Code, reason: string) => {
      errors.push({ code, reason, requirement });
      if (!currentlyDue.includes(requirement)) currentlyDue.push(requirement);
    };
    const { day, month, year } = person.dob;
    if (day !== null && month !== null && year !== null) {
      if (!isRealDate(year, month, day)) {
        invalid('individual.dob.day', 'invalid_value_other', 'The date of birth is not a valid date.');
      } else if (ageOn(new Date(this.clock.now()), year, month, day) < 18) {
        invalid(
          'individual.dob.day',
          'invalid_dob_age_under_18',
          'Age must be at least 18 to use the service.',
        );
      } else if (day === FAILING_DOB.day && month === FAILING_DOB.month && year === FAILING_DOB.year) {
        invalid(
          'individual.dob.day',
          'verification_failed_keyed_identity',
          'The identity information you entered cannot be verified. Please correct any errors or upload a document that matches the identity fields (e.g., name and date of birth) that you entered.',
        );
      }
    }
    if (person.address.postal_code && !UK_POSTCODE.test(person.address.postal_code.trim())) {
      invalid(
        'individual.address.postal_code',
        'invalid_address_city_state_postal_code',
        'The combination of the city, state, and postal code in the provided address could not be validated.',
      );
    }
    if (!account.tos_acceptance.date || !account.tos_acceptance.ip) currentlyDue.push(...PLATFORM_TERMS);
    const issuingTerms = account.settings.card_issuing.tos_acceptance;
    if ('card_issuing' in account.capabilities && (!issuingTerms.date || !issuingTerms.ip))
      currentlyDue.push(...ISSUING_TERMS);
    const verification = currentlyDue.length === 0 ? this.verificationOf(account) : null;
    if (verification === 'failed') {
      invalid(
        'individual.address.line1',
        'verification_failed_address_match',
        'The address could not be verified. Please correct it or upload a document that shows it.',
      );
    }
    currentlyDue.sort();
    const verified = currentlyDue.length === 0 && verification === 'verified';
    const pending = currentlyDue.length === 0 && verification === 'verifying';
    const capabilities = Object.fromEntries(
      Object.keys(account.capabilities).map((name) => [
        name,
        verified ? 'active' : pending ? 'pending' : 'inactive',
      ]),
    ) as Account['capabilities'];
    return {
      ...account,
      capabilities,
      charges_enabled: verified,
      payouts_enabled: verified,
      details_submitted: INDIVIDUAL_FIELDS.every(([, present]) => present(person)),
      requirements: {
        ...emptyRequirements(),
        currently_due: currentlyDue,
        eventually_due: [...currentlyDue],
        past_due: [...currentlyDue],
        pending_verification: pending ? [...VERIFIED_FIELDS] : [],
        errors,
        disabled_reason: verified
          ? null
          : pending
            ? 'requirements.pending_verification'
            : 'requirements.past_due',
      },
    };
  }

  /**
   * Where the verification of the account's complete details stands; details not seen before start a
   * verification that finishes after the configured delay.
   */
  private verificationOf(account: Account): AccountVerification['status'] {
    const details = detailsDigest(account);
    const known = this.verifications.get(account.id);
    if (known?.details === details) return known.status;
    const verification: AccountVerification = { id: account.id, details, status: 'verifying' };
    if (known) this.verifications.replace(verification);
    else this.verifications.insert(verification);
    this.scheduler.schedule<AccountVerificationJob>(JOB_KIND.accountVerification, this.verificationDelayMs, {
      accountId: account.id,
      details,
    });
    return 'verifying';
  }
}

/** What verification is about: the individual's identity details (the terms and the bank account are not). */
function detailsDigest({ individual }: Account): string {
  const { first_name, last_name, dob, address } = individual;
  return JSON.stringify([first_name, last_name, dob, address.line1, address.city, address.postal_code]);
}

function emptyRequirements(): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [],
    disabled_reason: null,
    errors: [],
    eventually_due: [],
    past_due: [],
    pending_verification: [],
  };
}

/** Merges the parameters into the account, as Stripe does: only the fields sent change. */
function applyChanges(account: Account, params: UpdateAccountParams): Account {
  const individual = params.individual;
  const person = account.individual;
  const capabilities = { ...account.capabilities };
  for (const [name, capability] of Object.entries(params.capabilities ?? {})) {
    if (capability?.requested === true) capabilities[name as CapabilityName] ??= 'inactive';
    if (capability?.requested === false) delete capabilities[name as CapabilityName];
  }
  return {
    ...account,
    business_type: params.business_type ?? account.business_type,
    capabilities,
    email: params.email ?? account.email,
    metadata: { ...account.metadata, ...params.metadata },
    tos_acceptance: { ...account.tos_acceptance, ...params.tos_acceptance },
    settings: {
      ...account.settings,
      card_issuing: {
        tos_acceptance: {
          ...account.settings.card_issuing.tos_acceptance,
          ...params.settings?.card_issuing?.tos_acceptance,
        },
      },
    },
    external_accounts:
      params.external_account === undefined
        ? account.external_accounts
        : { ...account.external_accounts, data: [bankAccountFor(account.id, params.external_account)] },
    individual: individual
      ? {
          ...person,
          first_name: individual.first_name ?? person.first_name,
          last_name: individual.last_name ?? person.last_name,
          email: individual.email ?? person.email,
          phone: individual.phone ?? person.phone,
          metadata: { ...person.metadata, ...individual.metadata },
          dob: individual.dob ?? person.dob,
          address: { ...person.address, ...individual.address },
        }
      : person,
  };
}

/** The account's payout bank account: a new external account replaces the old one, as with Stripe's default. */
function bankAccountFor(
  account: string,
  external: NonNullable<UpdateAccountParams['external_account']>,
): BankAccount {
  if (typeof external === 'string' && external !== TEST_BANK_TOKEN) {
    throw invalidRequest(`No such token: '${external}'`, {
      code: 'resource_missing',
      param: 'external_account',
    });
  }
  const details =
    typeof external === 'string'
      ? { ...TEST_BANK, account_holder_name: null, account_holder_type: null }
      : {
          bank_name: external.routing_number === TEST_BANK.routing_number ? TEST_BANK.bank_name : null,
          routing_number: external.routing_number,
          last4: external.account_number.slice(-4),
          fingerprint: bankFingerprint(external.routing_number, external.account_number),
          account_holder_name: external.account_holder_name ?? null,
          account_holder_type: external.account_holder_type ?? null,
        };
  return {
    id: newId(ID_PREFIX.bankAccount),
    object: 'bank_account',
    account,
    account_type: null,
    country: 'GB',
    currency: 'gbp',
    default_for_currency: true,
    metadata: {},
    status: 'new',
    ...details,
  };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years between a date of birth and `today` (UTC); someone born on 29 February ages on 1 March. */
function ageOn(today: Date, year: number, month: number, day: number): number {
  const age = today.getUTCFullYear() - year;
  const monthNow = today.getUTCMonth() + 1;
  const hadBirthday = monthNow > month || (monthNow === month && today.getUTCDate() >= day);
  return hadBirthday ? age : age - 1;
}
