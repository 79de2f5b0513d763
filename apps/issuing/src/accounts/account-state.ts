import { createHash } from 'node:crypto';

import type { KycRequest, TermsAcceptance } from '@kitty/contracts';
import type Stripe from 'stripe';

/** What the service keeps of a provider account: enough to answer onboarding and verification. */
export interface AccountState {
  status: 'active' | 'restricted';
  kycStatus: 'pending' | 'verifying' | 'complete' | 'failed';
  requirements: string[];
  pendingVerification: string[];
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
 * Maps a Stripe account to its state. KYC is complete when nothing is currently due and Stripe has
 * finished checking what was sent (decisions §15); `verifying` while it is still checking
 * (pending_verification), `failed` when it rejected a detail (requirements.errors), `pending` while details
 * or terms are missing.
 */
export function accountState(account: Stripe.Account): AccountState {
  const due = account.requirements?.currently_due ?? [];
  const errors = account.requirements?.errors ?? [];
  const pendingVerification = account.requirements?.pending_verification ?? [];
  const banks = (account.external_accounts?.data ?? []).filter(
    (external): external is Stripe.BankAccount => external.object === 'bank_account',
  );
  const bank = banks.find((external) => external.default_for_currency) ?? banks[0];
  const kycStatus: AccountState['kycStatus'] =
    due.length > 0
      ? errors.length > 0
        ? 'failed'
        : 'pending'
      : pendingVerification.length > 0 ||
          account.requirements?.disabled_reason === 'requirements.pending_verification'
        ? 'verifying'
        : 'complete';
  return {
    status: account.charges_enabled && account.payouts_enabled ? 'active' : 'restricted',
    kycStatus,
    requirements: [...due],
    pendingVerification: [...pendingVerification],
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
  'tos_acceptance.date': 'acceptedTerms',
  'tos_acceptance.ip': 'acceptedTerms',
  'card_issuing.tos_acceptance.date': 'acceptedTerms',
  'card_issuing.tos_acceptance.ip': 'acceptedTerms',
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

const PROVIDER_CHECKING =
  'Stripe, our payment provider, is checking your details. Your card will be ready as soon as they are confirmed, usually within minutes.';

/**
 * Why the card cannot be created yet, in words the user can act on (no provider names or ids); null once
 * it can.
 */
export function cardNotReadyReason(
  state: Pick<AccountState, 'kycStatus' | 'requirements' | 'cardIssuingCapability'>,
): string | null {
  switch (state.kycStatus) {
    case 'failed':
      return 'Stripe, our payment provider, could not verify your details. Check them and send them again.';
    case 'pending':
      return state.requirements.some((requirement) => formFieldOf(requirement) === 'acceptedTerms')
        ? 'Accept the terms of Stripe, our payment provider, to continue.'
        : 'Some of your details are still needed.';
    case 'verifying':
      return PROVIDER_CHECKING;
    case 'complete':
      if (state.cardIssuingCapability === 'active') return null;
      return state.cardIssuingCapability === 'pending'
        ? PROVIDER_CHECKING
        : 'Card issuing is not available on this payment account. Create a new account with card issuing.';
  }
}

/** The user's acceptance of the provider's terms as Stripe records it (`tos_acceptance`). */
export function tosAcceptanceOf(acceptance: TermsAcceptance): Stripe.AccountUpdateParams.TosAcceptance {
  return {
    date: Math.floor(Date.parse(acceptance.acceptedAt) / 1000),
    ip: acceptance.ip,
    ...(acceptance.userAgent && { user_agent: acceptance.userAgent }),
  };
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
