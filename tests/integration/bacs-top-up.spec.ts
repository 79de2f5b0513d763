import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { FundingSession } from '../support/payments';
import { bearer } from '../support/pots';
import { stripeTestSettings } from '../support/stripe';

/** Stripe's Bacs test account that is debited successfully (any 8-digit number but the failing one). */
const BACS_ACCOUNT = {
  account_holder_name: 'Ada Lovelace',
  email: 'ada@example.com',
  sort_code: '10-88-00',
  account_number: '00012345',
};

describe('a top-up by Bacs Direct Debit', () => {
  it('completes unpaid at once and is credited when the debit succeeds, a few seconds later', async () => {
    const user = await signUpUser();
    await verifyUser(user.session.accessToken);
    const created = await api<{ sessionId: string }>('/api/funding/checkout-sessions', {
      method: 'POST',
      body: { amountPence: 2500, destination: { type: 'wallet' }, method: 'bank_transfer' },
      headers: { ...bearer(user.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(created.status).toBe(201);

    const submitted = await fetch(`${stripeTestSettings().apiUrl}/pay/${created.body.sessionId}/bank`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(BACS_ACCOUNT),
      redirect: 'manual',
    });
    expect(submitted.status).toBeLessThan(400);

    const readSession = () =>
      api<FundingSession>(`/api/funding/sessions/${created.body.sessionId}`, {
        headers: bearer(user.session.accessToken),
      });
    const succeeded = await eventually(async () => {
      const read = await readSession();
      return read.body.status === 'succeeded' ? read.body : undefined;
    }, 20_000);
    expect(succeeded.originalAmount).toBe(2500);
    const wallet = await api<{ balancePence: number }>('/api/wallet', {
      headers: bearer(user.session.accessToken),
    });
    expect(wallet.body.balancePence).toBe(2500);
  });
});
