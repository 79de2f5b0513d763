import { randomInt } from 'node:crypto';

import { api } from './api';
import { bearer } from './pots';

/** The onboarding form of an adult in London that the Stripe sandbox verifies. */
export const VERIFIABLE_KYC = {
  firstName: 'Vera',
  lastName: 'Verified',
  phoneNumber: '+44 7700 900123',
  dateOfBirth: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA' },
  acceptedTerms: true,
};

/**
 * The sandbox's test values of `individual.address.line1` (infra/stripe-sandbox VERIFICATION_TEST_ADDRESS):
 * Stripe's verification of the details never finishes, or fails.
 */
export const VERIFICATION_STAYS_PENDING = 'address_pending_verification';
export const VERIFICATION_FAILS = 'address_no_match';

/**
 * A UK mobile number of the user's own: KYC takes accounts verified with one phone number to be one
 * person's, who may not approve their own withdrawals.
 */
export function distinctPhoneNumber(): string {
  return `+44 7${randomInt(100_000_000, 1_000_000_000)}`;
}

/**
 * A UK bank account that passes the VocaLink modulus check (VocaLink's own example pair). Withdrawals are
 * paid to the user's own bank account, so a verified user has one.
 */
export const VALID_BANK_ACCOUNT = {
  sortCode: '20-00-00',
  accountNumber: '55779911',
  accountHolderName: 'Vera Verified',
};

/** Passes the modulus check; the sandbox fails every payout to it (account number ending 0002). */
export const FAILING_BANK_ACCOUNT = { ...VALID_BANK_ACCOUNT, accountNumber: '00040002' };

export interface OnboardingStatus {
  step: 'form' | 'card' | 'complete';
  account: {
    id: string;
    status: 'active' | 'restricted';
    kycStatus: 'pending' | 'verifying' | 'complete' | 'failed';
    requirements: string[];
    pendingVerification: string[];
    cardNotReadyReason: string | null;
    capabilities: { cardIssuing: string | null; transfers: string | null };
    payoutAccountLabel: string | null;
  } | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; status: string } | null;
}

/**
 * Makes a signed-up user "verified" (payment account with KYC complete and their own bank account), as
 * Add Funds and Withdraw require: the KYC POST creates the Connect account on the way and sends the
 * details with the terms accepted; Stripe (the sandbox) then verifies them after a short delay, and its
 * `account.updated` makes card issuing active; the bank account is attached meanwhile.
 */
export async function verifyUser(
  accessToken: string,
  phoneNumber = distinctPhoneNumber(),
): Promise<OnboardingStatus> {
  const response = await api<OnboardingStatus>('/api/onboarding/kyc', {
    method: 'POST',
    body: { ...VERIFIABLE_KYC, phoneNumber },
    headers: bearer(accessToken),
  });
  if (response.status !== 200)
    throw new Error(`onboarding failed: ${response.status} ${JSON.stringify(response.body)}`);
  await addBankAccount(accessToken);
  return untilStripeVerified(accessToken);
}

/** The user's onboarding status once Stripe has verified their details and card issuing is active. */
export async function untilStripeVerified(
  accessToken: string,
  timeoutMs = 15_000,
): Promise<OnboardingStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await api<OnboardingStatus>('/api/onboarding', { headers: bearer(accessToken) });
    const account = status.body.account;
    if (account?.kycStatus === 'complete' && account.capabilities.cardIssuing === 'active')
      return status.body;
    if (Date.now() > deadline)
      throw new Error(`Stripe did not verify the account in time: ${JSON.stringify(status.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** signUpUser's password: setting where withdrawals go asks for it again. */
export const ACCOUNT_PASSWORD = 'a-long-enough-password';

/** Sets the user's own bank account (where withdrawals are paid). */
export async function addBankAccount(
  accessToken: string,
  bank = VALID_BANK_ACCOUNT,
  password = ACCOUNT_PASSWORD,
) {
  const response = await api<{ bankAccount: { last4: string } | null }>('/api/me/bank-account', {
    method: 'PUT',
    body: { ...bank, password },
    headers: bearer(accessToken),
  });
  if (response.status !== 200)
    throw new Error(`adding the bank account failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
