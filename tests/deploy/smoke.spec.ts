// A new user's first money through a stack run from the built images (issue 16): sign up and confirm the
// address through the e-mail MailDev received, create a pot, pass the identity check, top up through the
// Stripe sandbox's pay page; the signed webhook credits the ledger and the wallet shows it.
import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer } from '../support/pots';

describe(`the stack from its images (${process.env.DEPLOY_SHAPE ?? 'compose'})`, () => {
  it('signs up through the e-mailed link, creates a pot and tops up through the sandbox', async () => {
    const started = Date.now();
    const health = await eventually(async () => {
      const response = await api<{ status: string }>('/api/health').catch(() => undefined);
      return response?.status === 200 ? response.body : undefined;
    }, 60_000);
    expect(health.status).toBe('ok');

    const user = await signUpUser({ fullName: 'Dee Ploy' });
    expect(user.session.user.emailVerified).toBe(true);
    const pot = await api<{ id: string; name: string }>('/api/pots', {
      method: 'POST',
      body: { name: `Smoke ${randomUUID().slice(0, 6)}` },
      headers: bearer(user.session.accessToken),
    });
    expect(pot.status).toBe(201);

    await verifyUser(user.session.accessToken);
    const { session } = await topUp(user.session.accessToken, 2_500, { type: 'wallet' });
    expect(session.status).toBe('succeeded');
    const wallet = await eventually(async () => {
      const read = await api<{ balancePence: number }>('/api/wallet', {
        headers: bearer(user.session.accessToken),
      });
      return read.body.balancePence === 2_500 ? read.body : undefined;
    }, 30_000);
    expect(wallet.balancePence).toBe(2_500);
    console.log(
      `deploy smoke (${process.env.DEPLOY_SHAPE ?? 'compose'}): passed in ${Date.now() - started} ms`,
    );
  });
});
