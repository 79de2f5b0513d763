// A new user's first money through a stack run from the built images: sign up and confirm the
// address through the e-mail MailDev received, create a pot, pass the identity check, top up through the
// Stripe sandbox's pay page; the signed webhook credits the ledger and the wallet shows it.
import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer } from '../support/pots';

interface HealthReport {
  status: string;
  checks: Record<string, { status: string; detail?: string }>;
}

describe(`the stack from its images (${process.env.DEPLOY_SHAPE ?? 'compose'})`, () => {
  it('signs up through the e-mailed link, creates a pot and tops up through the sandbox', async () => {
    const started = Date.now();
    // What is still down when the minute runs out is named in the failure.
    let lastHealth = 'no answer from the gateway';
    const health = await eventually(async () => {
      const response = await api<HealthReport>('/api/health').catch(() => undefined);
      if (response?.status === 200) return response.body;
      if (response?.body && typeof response.body === 'object' && 'checks' in response.body)
        lastHealth = Object.entries(response.body.checks)
          .filter(([, check]) => check.status !== 'up')
          .map(([name, check]) => `${name} down (${check.detail ?? 'no detail'})`)
          .join(', ');
      else if (response) lastHealth = `${response.status} ${JSON.stringify(response.body)}`;
      return undefined;
    }, 60_000).catch(() => {
      throw new Error(`the gateway's health is not ok after 60 s: ${lastHealth}`);
    });
    expect(health.status).toBe('ok');

    // "Up" is not "warm": seven apps that have just started share the machine's cores, and a first request
    // (argon2, the first Prisma queries) has outlived the 5 s RPC deadline (a sign-up, 2026-11-27). A 503
    // says "try again in a moment", so each step does what a client does; any other failure fails at once,
    // and the 503s met are counted in the line this test prints.
    let unavailable = 0;
    // The step still answering 503 when the 30 s ran out, and what it said: tells a cold start from a service
    // that never came up (the deploy phase prints each container's restarts and logs beside it).
    const served = async <T>(name: string, step: () => Promise<T>) => {
      let last = '';
      try {
        return await eventually(
          () =>
            step().catch((error: Error) => {
              if (!/: 503\b/.test(error.message)) throw error;
              unavailable += 1;
              last = error.message;
              return undefined;
            }),
          30_000,
        );
      } catch (error) {
        if (!last) throw error;
        throw new Error(
          `${name}: still 503 after 30 s (${unavailable} answers of 503 in all; last: ${last})`,
          { cause: error },
        );
      }
    };
    const user = await served('sign-up', () => signUpUser({ fullName: 'Dee Ploy' }));
    expect(user.session.user.emailVerified).toBe(true);
    const pot = await served('creating a pot', async () => {
      const created = await api<{ id: string; name: string }>('/api/pots', {
        method: 'POST',
        body: { name: `Smoke ${randomUUID().slice(0, 6)}` },
        headers: bearer(user.session.accessToken),
      });
      if (created.status !== 201) throw new Error(`creating a pot: ${created.status}`);
      return created.body;
    });
    expect(pot.name).toMatch(/^Smoke /);

    await served('identity check', () => verifyUser(user.session.accessToken));
    const { session } = await served('top-up', () =>
      topUp(user.session.accessToken, 2_500, { type: 'wallet' }),
    );
    expect(session.status).toBe('succeeded');
    const wallet = await eventually(async () => {
      const read = await api<{ balancePence: number }>('/api/wallet', {
        headers: bearer(user.session.accessToken),
      });
      return read.body.balancePence === 2_500 ? read.body : undefined;
    }, 30_000);
    expect(wallet.balancePence).toBe(2_500);
    console.log(
      `deploy smoke (${process.env.DEPLOY_SHAPE ?? 'compose'}): passed in ${Date.now() - started} ms, ` +
        `${unavailable} answers of 503 while warming up`,
    );
  });
});
