import { createHash } from 'node:crypto';

import type { KycRequest } from '@kitty/contracts';
import type Stripe from 'stripe';

/** What the service keeps of a provider account: enough to answer onboarding and verification. */
export interface AccountState {
  status: 'active' | 'restricted';
  kycStatus: 'pending' | 'complete' | 'failed';
  requirements: string[];
  cardIssuingCapability: string | null;
  transfersCapability: string | null;
  payoutBankAccountId: string | null;
  payoutBankLabel: string | null;
  /** The address's country once KYC is complete (it decides residency), else null. */
  kycCountry: string | null;
  /** The digest of the phone number KYC accepted (see `phoneDigestOf`), else null. */
  phoneDigest: string | null;
}

/**
 * Maps a Stripe account to its state. KYC is complete when nothing is currently due (decisions §15);
 * `failed` means the provider rejected a detail (requirements.errors), `pending` that some are missing.
 */
export function accountState(account: Stripe.Account): AccountState {
  const due = account.requirements?.currently_due ?? [];
  const errors = account.requirements?.errors ?? [];
  const banks = (account.external_accounts?.data ?? []).filter(
    (external): external is Stripe.BankAccount => external.object === 'bank_account',
  );
  const bank = banks.find((external) => external.default_for_currency) ?? banks[0];
  const kycStatus = due.length === 0 ? 'complete' : errors.length > 0 ? 'failed' : 'pending';
  return {
    status: account.charges_enabled && account.payouts_enabled ? 'active' : 'restricted',
    kycStatus,
    requirements: [...due],
    cardIssuingCapability: account.capabilities?.card_issuing ?? null,
    transfersCapability: account.capabilities?.transfers ?? null,
    payoutBankAccountId: bank?.id ?? null,
    payoutBankLabel: bank ? `${bank.bank_name ?? 'Bank account'} •••• ${bank.last4}` : null,
    kycCountry:
      kycStatus === 'complete' ? (account.individual?.address?.country?.toUpperCase() ?? null) : null,
    phoneDigest: kycStatus === 'complete' ? phoneDigestOf(account.individual?.phone) : null,
  };
}

/**
 * What identifies a verified person across their accounts without keeping their number: the SHA-256 of the
 * phone number as the provider holds it (E.164, '+447700900123').
 */
export function phoneDigestOf(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/[^\d+]/g, '');
  // base64url, not hex: a long run of decimal digits in a text column would read as a card number.
  return digits ? createHash('sha256').update(`kyc-phone:${digits}`).digest('base64url') : null;
}

/** Where the provider's names for individual details point in the onboarding form. */
const FORM_FIELDS: Record<string, string> = {
  'individual.first_name': 'firstName',
  'individual.last_name': 'lastName',
  'individual.phone': 'phoneNumber',
  'individual.dob.day': 'dateOfBirth',
  'individual.dob.month': 'dateOfBirth',
  'individual.dob.year': 'dateOfBirth',
  'individual.address.line1': 'address.line1',
  'individual.address.city': 'address.city',
  'individual.address.postal_code': 'address.postal_code',
  'external_account.routing_number': 'sortCode',
  'external_account.account_number': 'accountNumber',
  'external_account.account_holder_name': 'accountHolderName',
};

/** The form field a provider requirement or parameter (`individual[dob][day]`) is about, if any. */
export function formFieldOf(requirement: string): string | null {
  return FORM_FIELDS[requirement.replace(/\[(\w+)\]/g, '.$1')] ?? null;
}

/** Why KYC is not complete, in words the applicant can act on. */
export function kycFailureMessage(state: AccountState, account: Stripe.Account): string {
  const reasons = (account.requirements?.errors ?? []).map((error) => error.reason);
  if (reasons.length > 0) return reasons.join(' ');
  const fields = [...new Set(state.requirements.map((r) => formFieldOf(r) ?? r))];
  return `Your details could not be verified yet. Still needed: ${fields.join(', ')}.`;
}

/** The onboarding form as the provider's `individual` details. */
export function individualOf(kyc: KycRequest): Stripe.AccountUpdateParams.Individual {
  return {
    first_name: kyc.firstName,
    last_name: kyc.lastName,
    phone: kyc.phoneNumber,
    dob: kyc.dateOfBirth,
    address: {
      line1: kyc.address.line1,
      city: kyc.address.city,
      postal_code: kyc.address.postal_code,
      country: kyc.address.country,
    },
  };
}

/** A provider account's individual details as creation parameters (to carry them to a new account). */
export function individualFrom(account: Stripe.Account): Stripe.AccountCreateParams.Individual | undefined {
  const person = account.individual;
  if (!person) return undefined;
  const { day, month, year } = person.dob ?? {};
  const address = person.address;
  return {
    first_name: person.first_name ?? undefined,
    last_name: person.last_name ?? undefined,
    phone: person.phone ?? undefined,
    dob: day && month && year ? { day, month, year } : undefined,
    address: address
      ? {
          line1: address.line1 ?? undefined,
          city: address.city ?? undefined,
          postal_code: address.postal_code ?? undefined,
          country: address.country ?? undefined,
        }
      : undefined,
  };
}
