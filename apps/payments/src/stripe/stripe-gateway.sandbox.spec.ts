// Against the built Stripe sandbox (infra/stripe-sandbox, `npx nx run stripe-sandbox:build`): proves the
// SDK calls we make are ones Stripe's wire protocol accepts (the sandbox refuses unknown parameters).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import type Stripe from 'stripe';

import { createStripeClient, StripeGateway } from './stripe-gateway';

const SANDBOX_MAIN = path.resolve(
  __dirname,
  '../../../../dist/infra/stripe-sandbox/infra/stripe-sandbox/src/main.js',
);
const SECRET_KEY = 'sk_test_payments_gateway_spec';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the sandbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const describeWithSandbox = existsSync(SANDBOX_MAIN) ? describe : describe.skip;

describeWithSandbox('StripeGateway (Stripe sandbox)', () => {
  let sandbox: ChildProcess;
  let baseUrl: string;
  let gateway: StripeGateway;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    sandbox = spawn(process.execPath, [SANDBOX_MAIN], {
      env: {
        SANDBOX_PORT: String(port),
        SANDBOX_PAYOUT_DELAY_MS: '50',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    await waitFor(async () => ((await fetch(`${baseUrl}/_sandbox/health`)).ok ? true : null));
    gateway = new StripeGateway(
      createStripeClient({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_URL: baseUrl }),
    );
  }, 20_000);

  afterAll(() => {
    sandbox?.kill('SIGTERM');
  });

  const stripeGet = async <T>(resource: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/v1/${resource}`, {
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    return (await response.json()) as T;
  };

  const params = (fundingId: string, methodTypes: ('card' | 'bacs_debit')[] = ['card']) => ({
    fundingId,
    amountPence: 2500,
    feePence: 50,
    ratePercent: 2,
    methodTypes,
    destinationName: 'Lisbon trip',
    customerEmail: 'alice@example.com',
    successUrl: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/funding-cancelled',
  });

  it('creates a Checkout Session for the amount and a separate fee line, once per funding id', async () => {
    const fundingId = '7d3c2f4e-0000-4000-8000-000000000001';
    const session = await gateway.createTopUpSession(params(fundingId));
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_total: 2550,
      status: 'open',
      payment_status: 'unpaid',
      payment_method_types: ['card'],
      client_reference_id: fundingId,
      metadata: { fundingId },
      success_url: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/funding-cancelled',
    });
    expect(session.url).toContain(`/pay/${session.id}`);
    const items = await stripeGet<{ data: Stripe.LineItem[] }>(`checkout/sessions/${session.id}/line_items`);
    expect(items.data.map((item) => [item.description, item.amount_total])).toEqual([
      ['Add funds to Lisbon trip', 2500],
      ['Platform fee (2%)', 50],
    ]);

    const again = await gateway.createTopUpSession(params(fundingId));
    expect(again.id).toBe(session.id);
    await expect(gateway.retrieveSession(session.id, null)).resolves.toMatchObject({ id: session.id });
  });

  it('offers Bacs Direct Debit for a bank transfer', async () => {
    const session = await gateway.createTopUpSession(
      params('7d3c2f4e-0000-4000-8000-000000000002', ['bacs_debit']),
    );
    expect(session.payment_method_types).toEqual(['bacs_debit']);
  });

  it('creates one payout per withdrawal and reads its failure back through the events API', async () => {
    const withdrawalId = '7d3c2f4e-0000-4000-8000-000000000003';
    const request = { withdrawalId, amountPence: 1000, destination: 'ba_fail_account_closed' };
    const payout = await gateway.createPayout(request);
    await expect(gateway.createPayout(request)).resolves.toMatchObject({ id: payout.id });
    expect(payout).toMatchObject({
      amount: 1000,
      currency: 'gbp',
      status: 'pending',
      metadata: { withdrawalId },
    });

    const failed = await waitFor(async () => {
      const events = await stripeGet<{ data: Stripe.Event[] }>('events?type=payout.failed');
      return events.data.find((event) => (event.data.object as { id?: string }).id === payout.id) ?? null;
    });
    await expect(gateway.retrieveEvent(failed.id, null)).resolves.toMatchObject({ type: 'payout.failed' });
    await expect(gateway.retrievePayout(payout.id, null)).resolves.toMatchObject({
      status: 'failed',
      metadata: { withdrawalId },
    });
  });
});
