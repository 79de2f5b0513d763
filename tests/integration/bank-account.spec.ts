// The user's own bank account and Connect payouts on the running stack: a withdrawal needs
// the user's own bank account (409 before), the pair is modulus-checked (400), and a withdrawal becomes a
// transfer to the user's connected account plus a payout there whose `payout.paid` reaches the gateway's
// Connect endpoint, signed with its own secret, and settles the withdrawal. Each webhook endpoint refuses a
// delivery signed with the other's secret. Where money goes is guarded: setting the bank account needs the
// password re-entered (a stolen access token is not enough), a sort code or account number of zeros is
// refused, the owner is told by e-mail and in the app, and withdrawals to a bank account that replaced
// another wait for the cooling-off period (24 h here, as by default) with a 409 that says until when. A
// first bank account replaces nothing, so it pays out at once (the other suites withdraw right after it).
import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import { mailTo } from '../support/maildev';
import {
  ACCOUNT_PASSWORD,
  addBankAccount,
  FAILING_BANK_ACCOUNT,
  untilStripeVerified,
  VALID_BANK_ACCOUNT,
  VERIFIABLE_KYC,
  verifyUser,
} from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer } from '../support/pots';
import {
  checkoutCompletedEvent,
  sandboxStripe,
  stripeSignature,
  stripeTestSettings,
} from '../support/stripe';

interface Problem {
  status: number;
  title: string;
  detail: string;
  errors?: { field: string; message: string }[];
}
interface Withdrawal {
  id: string;
  status: string;
  failureReason: string | null;
}
interface Delivery {
  endpoint: string;
  status: string;
  event_type: string;
}

const MISMATCH = "That sort code and account number don't match: check them with your bank.";

async function verifiedWithoutBank() {
  const { session } = await signUpUser({ fullName: 'Bea Banks' });
  const kyc = await api('/api/onboarding/kyc', {
    method: 'POST',
    body: VERIFIABLE_KYC,
    headers: bearer(session.accessToken),
  });
  expect(kyc.status).toBe(200);
  await untilStripeVerified(session.accessToken);
  return bearer(session.accessToken);
}

const withdraw = (auth: Record<string, string>, amountPence: number) =>
  api<Withdrawal & Problem>('/api/withdrawals', {
    method: 'POST',
    body: { amountPence, source: { type: 'wallet' } },
    headers: { ...auth, 'idempotency-key': randomUUID() },
  });

const withdrawalState = (auth: Record<string, string>, id: string, status: string) =>
  eventually(async () => {
    const list = await api<Withdrawal[]>('/api/withdrawals', { headers: auth });
    return list.body.find((w) => w.id === id && w.status === status);
  }, 30_000);

/** The sandbox's deliveries of the events about one object (its debug log). */
async function deliveriesOf(type: string, objectId: string): Promise<Delivery[]> {
  const stripe = sandboxStripe();
  const events = await stripe.events.list({ type, limit: 100 });
  const event = events.data.find((e) => (e.data.object as { id?: string }).id === objectId);
  if (!event) return [];
  const url = new URL('/_sandbox/deliveries', stripeTestSettings().apiUrl);
  url.searchParams.set('event_id', event.id);
  return ((await (await fetch(url)).json()) as { data: Delivery[] }).data;
}

describe("the user's own bank account and Connect payouts", () => {
  it('refuses a withdrawal before the bank account (409), refuses a pair failing the modulus check (400), and pays out through Connect', async () => {
    const auth = await verifiedWithoutBank();
    await topUp(auth.authorization.slice('Bearer '.length), 3000, { type: 'wallet' });

    const early = await withdraw(auth, 500);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ title: 'Bank Account Required' });
    expect((await api<{ bankAccount: null }>('/api/me/bank-account', { headers: auth })).body).toEqual({
      bankAccount: null,
    });

    const refused = await api<Problem>('/api/me/bank-account', {
      method: 'PUT',
      body: { ...VALID_BANK_ACCOUNT, accountNumber: '12345678', password: ACCOUNT_PASSWORD },
      headers: auth,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(MISMATCH);
    expect(refused.body.errors).toEqual([{ field: 'accountNumber', message: MISMATCH }]);
    const badShape = await api<Problem>('/api/me/bank-account', {
      method: 'PUT',
      body: { ...VALID_BANK_ACCOUNT, sortCode: '12-34', password: ACCOUNT_PASSWORD },
      headers: auth,
    });
    expect(badShape.status).toBe(400);

    const saved = await addBankAccount(auth.authorization.slice('Bearer '.length));
    expect(saved).toMatchObject({ bankAccount: { sortCode: '20-00-00', last4: '9911' } });

    const created = await withdraw(auth, 1200);
    expect(created.status).toBe(201);
    await withdrawalState(auth, created.body.id, 'paid');
    expect((await api<{ balancePence: number }>('/api/wallet', { headers: auth })).body.balancePence).toBe(
      1800,
    );

    // At Stripe: one transfer to the user's connected account and one payout there, which was paid; its
    // event went to the Connect endpoint (and nowhere else) and was accepted.
    const stripe = sandboxStripe();
    const transfers = await stripe.transfers.list({ transfer_group: `withdrawal:${created.body.id}` });
    expect(transfers.data).toHaveLength(1);
    const account = transfers.data[0]?.destination as string;
    const payouts = await stripe.payouts.list({ limit: 10 }, { stripeAccount: account });
    expect(payouts.data.map((p) => [p.amount, p.status, p.metadata?.['withdrawalId']])).toEqual([
      [1200, 'paid', created.body.id],
    ]);
    const deliveries = await eventually(async () => {
      const found = await deliveriesOf('payout.paid', payouts.data[0]?.id as string);
      return found.some((d) => d.status === 'succeeded') ? found : undefined;
    });
    expect(new Set(deliveries.map((d) => new URL(d.endpoint).pathname))).toEqual(
      new Set(['/api/webhooks/stripe/connect']),
    );
    expect((await stripe.balance.retrieve({}, { stripeAccount: account })).available[0]?.amount).toBe(0);
  }, 90_000);

  it('gives a withdrawal back when the bank refuses the payout, and takes the transfer back from the account', async () => {
    const auth = await verifiedWithoutBank();
    const token = auth.authorization.slice('Bearer '.length);
    await topUp(token, 1000, { type: 'wallet' });
    await addBankAccount(token, FAILING_BANK_ACCOUNT);
    const created = await withdraw(auth, 600);
    expect(created.status).toBe(201);
    const failed = await withdrawalState(auth, created.body.id, 'failed');
    expect(failed.failureReason).toBe('The bank account details on file are probably incorrect.');
    expect((await api<{ balancePence: number }>('/api/wallet', { headers: auth })).body.balancePence).toBe(
      1000,
    );
    const stripe = sandboxStripe();
    const [transfer] = (await stripe.transfers.list({ transfer_group: `withdrawal:${created.body.id}` }))
      .data;
    await eventually(async () =>
      (await stripe.transfers.retrieve(transfer?.id as string)).reversed ? true : undefined,
    );
  }, 90_000);

  it('verifies each webhook endpoint with its own secret (400 for the other’s)', async () => {
    const platformSecret = stripeTestSettings().webhookSecret;
    const connectSecret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET as string;
    expect(connectSecret).toMatch(/^whsec_/);
    const body = checkoutCompletedEvent(`evt_${randomUUID().replaceAll('-', '')}`, `cs_test_${randomUUID()}`);
    const post = (path: string, secret: string) =>
      api(path, {
        method: 'POST',
        rawBody: body,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': stripeSignature(secret, body),
        },
      });
    expect((await post('/api/webhooks/stripe', connectSecret)).status).toBe(400);
    expect((await post('/api/webhooks/stripe/connect', platformSecret)).status).toBe(400);
    expect((await post('/api/webhooks/stripe/connect', 'whsec_wrong')).status).toBe(400);
  });

  describe('changing where withdrawals go', () => {
    /** Passes the modulus check (VocaLink's example for sort code 08-99-99) and is not VALID_BANK_ACCOUNT. */
    const OTHER_BANK_ACCOUNT = {
      sortCode: '08-99-99',
      accountNumber: '66374958',
      accountHolderName: 'Vera Verified',
    };
    const putBank = (token: string, body: object) =>
      api<Problem & { bankAccount: { last4: string; payoutsAvailableFrom: string | null } }>(
        '/api/me/bank-account',
        { method: 'PUT', body, headers: bearer(token) },
      );
    const last4Of = async (token: string) =>
      (await api<{ bankAccount: { last4: string } }>('/api/me/bank-account', { headers: bearer(token) })).body
        .bankAccount.last4;

    it('refuses a change without the password or with a wrong one, and a sort code and account number of zeros', async () => {
      const { session } = await signUpUser({ fullName: 'Sam Stolen' });
      const token = session.accessToken;
      await verifyUser(token);

      const withoutPassword = await putBank(token, OTHER_BANK_ACCOUNT);
      expect(withoutPassword.status).toBe(400);
      expect(withoutPassword.body.errors?.map((e) => e.field)).toEqual(['password']);

      const wrong = await putBank(token, { ...OTHER_BANK_ACCOUNT, password: 'not-the-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual([{ field: 'password', message: 'Your password is not correct.' }]);
      expect(await last4Of(token)).toBe('9911');

      const zeros = await putBank(token, {
        sortCode: '00-00-00',
        accountNumber: '00000000',
        accountHolderName: 'Sam Stolen',
        password: ACCOUNT_PASSWORD,
      });
      expect(zeros.status).toBe(400);
      expect(zeros.body.errors?.map((e) => e.field)).toEqual(['sortCode', 'accountNumber']);
      expect(await last4Of(token)).toBe('9911');
    }, 90_000);

    it('counts wrong passwords like failed sign-ins: past the limit even the right one is refused (429)', async () => {
      const { session } = await signUpUser({ fullName: 'Gus Guesser' });
      const token = session.accessToken;
      await verifyUser(token);
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await putBank(token, { ...OTHER_BANK_ACCOUNT, password: `guess-${attempt}` })).status).toBe(
          400,
        );
      expect((await putBank(token, { ...OTHER_BANK_ACCOUNT, password: ACCOUNT_PASSWORD })).status).toBe(429);
      expect(await last4Of(token)).toBe('9911');
    }, 90_000);

    it('tells the owner by e-mail and in the app, and holds withdrawals to the new account with a 409 saying until when', async () => {
      const { session, credentials } = await signUpUser({ fullName: 'Cora Change' });
      const token = session.accessToken;
      await verifyUser(token);
      await topUp(token, 2000, { type: 'wallet' });

      const changed = await putBank(token, { ...OTHER_BANK_ACCOUNT, password: ACCOUNT_PASSWORD });
      expect(changed.status).toBe(200);
      expect(changed.body.bankAccount.last4).toBe('4958');
      const availableFrom = changed.body.bankAccount.payoutsAvailableFrom as string;
      const waitMs = Date.parse(availableFrom) - Date.now();
      expect(waitMs).toBeGreaterThan(23.9 * 3600_000);
      expect(waitMs).toBeLessThanOrEqual(24 * 3600_000);
      const when = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Europe/London',
      }).format(new Date(availableFrom));

      const email = await mailTo(
        credentials.email,
        (mail) =>
          mail.subject === 'Your Kitty bank account for withdrawals was changed' && /4958/.test(mail.text),
      );
      expect(email.text).toContain(`are available from ${when}.`);
      expect(email.headers['list-unsubscribe']).toBeUndefined();
      const notice = await eventually(async () => {
        const { body } = await api<{ notifications: { kind: string; title: string; body: string }[] }>(
          '/api/notifications',
          { headers: bearer(token) },
        );
        return body.notifications.find((n) => n.title.endsWith('•••• 4958'));
      });
      // The notice of the first account (added while verifying) is written by its own job,
      // so the two notices may be listed in either order.
      expect(notice).toMatchObject({
        kind: 'bank_account_changed',
        title: 'Your bank account for withdrawals was changed to •••• 4958',
        body: expect.stringContaining(`Withdrawals to •••• 4958 are available from ${when}.`),
      });

      const held = await withdraw(bearer(token), 500);
      expect(held.status).toBe(409);
      expect(held.body.title).toBe('Bank Account Cooling Off');
      expect(held.body.detail).toContain(`•••• 4958 are available from ${when}.`);
      expect(
        (await api<{ balancePence: number }>('/api/wallet', { headers: bearer(token) })).body.balancePence,
      ).toBe(2000);
    }, 90_000);
  });
});
