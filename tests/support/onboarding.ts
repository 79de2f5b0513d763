import { api } from './api';
import { bearer } from './pots';

/** The onboarding form of an adult in London that the Stripe sandbox verifies. */
export const VERIFIABLE_KYC = {
  firstName: 'Vera',
  lastName: 'Verified',
  phoneNumber: '+44 7700 900123',
  dateOfBirth: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA' },
};

export interface OnboardingStatus {
  step: 'form' | 'card' | 'complete';
  account: {
    id: string;
    status: 'active' | 'restricted';
    kycStatus: 'pending' | 'complete' | 'failed';
    requirements: string[];
    capabilities: { cardIssuing: string | null; transfers: string | null };
    payoutAccountLabel: string | null;
  } | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; status: string } | null;
}

/**
 * Makes a signed-up user "verified" (payment account with KYC complete and a payout bank account), as
 * Add Funds and Withdraw require: one POST, which creates the Connect account on the way.
 */
export async function verifyUser(accessToken: string): Promise<OnboardingStatus> {
  const response = await api<OnboardingStatus>('/api/onboarding/kyc', {
    method: 'POST',
    body: VERIFIABLE_KYC,
    headers: bearer(accessToken),
  });
  if (response.status !== 200)
    throw new Error(`onboarding failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
