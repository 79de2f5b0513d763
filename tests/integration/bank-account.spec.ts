// The user's own bank account and Connect payouts on the running stack (issue 13 §5): a withdrawal needs
// the user's own bank account (409 before), the pair is modulus-checked (400), and a withdrawal becomes a
// transfer to the user's connected account plus a payout there whose `payout.paid` reaches the gateway's
// Connect endpoint, signed with its own secret, and settles the withdrawal. Each webhook endpoint refuses a
// delivery signed with the other's secret.
import { randomUUID } from 'node:crypto';

import { api, eventually, signUpUser } from '../support/api';
import {
  addBankAccount,
  FAILING_BANK_ACCOUNT,
  VALID_BANK_ACCOUNT,
  VERIFIABLE_KYC,
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
      body: { ...VALID_BANK_ACCOUNT, accountNumber: '12345678' },
      headers: auth,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(MISMATCH);
    expect(refused.body.errors).toEqual([{ field: 'accountNumber', message: MISMATCH }]);
    const badShape = await api<Problem>('/api/me/bank-account', {
      method: 'PUT',
      body: { ...VALID_BANK_ACCOUNT, sortCode: '12-34' },
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
});
