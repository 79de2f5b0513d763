// Residency end to end: sign-up (auth writes a detection job in its outbox) → residency service resolves
// the caller's IP offline → GET /api/me shows it. The test stack trusts X-Forwarded-For from 127.0.0.1
// and sets RESIDENCY_DEFAULT_COUNTRY=GB for loopback callers.
import { api, eventually, followVerificationLink, type Session, uniqueEmail } from '../support/api';
import { mailTo } from '../support/maildev';
import { verifyUser } from '../support/onboarding';

interface Residency {
  countryCode: string | null;
  isUkResident: boolean;
  detectedAt: string;
  method: string;
}

/** Signs up, follows the confirmation link and signs in straight from this process (loopback) or as a client behind the trusted proxy. */
async function signUp(fullName: string, forwardedFor?: string) {
  const email = uniqueEmail('residency');
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const response = await api('/api/auth/sign-up', {
    method: 'POST',
    body: { fullName, email, password: 'a-long-enough-password' },
    headers,
  });
  expect(response.status).toBe(202);
  expect((await followVerificationLink(email, headers)).status).toBe(200);
  const signedIn = await api<Session>('/api/auth/sign-in', {
    method: 'POST',
    body: { email, password: 'a-long-enough-password' },
    headers,
  });
  expect(signedIn.status).toBe(200);
  return { email, accessToken: signedIn.body.accessToken };
}

/** Detection is asynchronous: poll /api/me until a residency shows up. */
const residencyOf = (accessToken: string) =>
  eventually(async () => {
    const me = await api<Session['user']>('/api/me', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    return (me.body.residency as Residency | null) ?? undefined;
  });

describe('residency', () => {
  it('records a loopback caller under the default country (GB) on a development stack', async () => {
    const { accessToken } = await signUp('Lou Pback');
    const residency = await residencyOf(accessToken);
    expect(residency).toEqual({
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: expect.any(String),
      method: 'ip_address',
    });
    expect(Date.now() - Date.parse(residency.detectedAt)).toBeLessThan(60_000);
  });

  it('records an international user from a forwarded non-UK address', async () => {
    const { accessToken } = await signUp('Ina Ternational', '8.8.8.8');
    const residency = await residencyOf(accessToken);
    expect(residency.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(residency.countryCode).not.toBe('GB');
    expect(residency.isUkResident).toBe(false);
    expect(residency.method).toBe('ip_address');
  });
});

describe('residency from the verified address', () => {
  it('makes a user first seen abroad a UK resident once KYC accepts a UK address, and sign-ins abroad keep it', async () => {
    const abroad = '8.8.8.8';
    const { email, accessToken } = await signUp('Ursula Abroad', abroad);
    const auth = { authorization: `Bearer ${accessToken}` };
    expect((await residencyOf(accessToken)).isUkResident).toBe(false);
    const quote = () =>
      api<{ feeRate: number; isUKUser: boolean }>('/api/funding/fee-quote?amountPence=2500', {
        headers: auth,
      });

    await verifyUser(accessToken);
    // A job whose worker replicas.spec SIGKILLs meanwhile is taken up again only once its lock has lapsed
    // (BullMQ: 30 s, then the next stalled check): wait for that, not only for a quiet stack.
    const verified = await eventually(async () => {
      const residency = await residencyOf(accessToken);
      return residency.method === 'kyc_address' ? residency : undefined;
    }, 90_000);
    expect(verified).toMatchObject({ countryCode: 'GB', isUkResident: true });
    expect((await quote()).body).toMatchObject({ feeRate: 2, isUKUser: true });

    // Signing in again from abroad records a newer IP observation, which no longer decides.
    const signIn = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: 'a-long-enough-password' },
      headers: { 'x-forwarded-for': abroad },
    });
    expect(signIn.status).toBe(200);
    const again = { authorization: `Bearer ${signIn.body.accessToken}` };
    // The sign-in's detection job has run once the residency service has answered for it; give it time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const me = await api<Session['user']>('/api/me', { headers: again });
    expect(me.body.residency).toMatchObject({ countryCode: 'GB', method: 'kyc_address' });
    expect((await quote()).body).toMatchObject({ feeRate: 2, isUKUser: true });
  }, 120_000);
});

describe('welcome e-mail', () => {
  it('greets a new user by name with the link confirming their address', async () => {
    const { email } = await signUp('Wendy Welcome');
    const welcome = await mailTo(email);
    expect(welcome.subject).toBe('Confirm your e-mail address for Kitty');
    expect(welcome.html).toMatch(/href="https?:\/\/[^"]+\/verify-email\?token=[^"]+"/);
    expect(welcome.text).toContain('Welcome, Wendy Welcome!');
  });
});
