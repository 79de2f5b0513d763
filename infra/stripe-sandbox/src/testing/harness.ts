import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';

import Stripe from 'stripe';

import { loadSandboxConfig } from '../config';
import { Clock } from '../core/clock';
import { Sandbox, startSandbox } from '../server';

export const TEST_SECRET_KEY = 'sk_test_kitty_sandbox_tests';
export const TEST_WEBHOOK_SECRET = 'whsec_sandbox_tests';

/** A clock the test can move forward (to pass `expires_at` without waiting a day). */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestSandbox {
  sandbox: Sandbox;
  /** The real stripe SDK, pointed at the sandbox as the payments service will be. */
  stripe: Stripe;
  close(): Promise<void>;
}

/** Starts the sandbox in-process on a random port, with delays short enough for tests. */
export async function startTestSandbox(
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<TestSandbox> {
  const config = loadSandboxConfig({
    SANDBOX_PORT: '0',
    SANDBOX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    SANDBOX_WEBHOOK_RETRY_BASE_MS: '20',
    SANDBOX_WEBHOOK_RETRY_MAX_MS: '400',
    SANDBOX_WEBHOOK_TIMEOUT_MS: '2000',
    SANDBOX_ASYNC_PAYMENT_DELAY_MS: '50',
    SANDBOX_PAYOUT_DELAY_MS: '50',
    SANDBOX_PAYOUT_RETURN_DELAY_MS: '50',
    SANDBOX_VERIFICATION_DELAY_MS: '50',
    SANDBOX_EXPIRY_SWEEP_MS: '20',
    ...env,
  });
  const sandbox = await startSandbox(config, { logger: false, clock });
  const stripe = new Stripe(TEST_SECRET_KEY, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { sandbox, stripe, close: () => sandbox.close() };
}

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
  /** Epoch milliseconds of arrival. */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Events received so far, parsed. */
  events(): Array<{
    id: string;
    type: string;
    account?: string;
    api_version: string;
    data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  }>;
  close(): Promise<void>;
}

/**
 * A local endpoint standing in for the gateway's webhook intake. `respond` picks the status of the n-th
 * request (1-based), so a test can fail the first attempts.
 */
export async function startWebhookReceiver(
  respond: (n: number) => number = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: request.headers,
        at: Date.now(),
      });
      response.writeHead(respond(received.length), { 'Content-Type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    received,
    events: () => received.map((webhook) => JSON.parse(webhook.body)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Polls until `probe` returns a truthy value, and returns it; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A browser's form submission: urlencoded POST, redirects not followed. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** A minimal valid session: £25.00 top-up with the success URL placeholder. */
export function topUpSessionParams(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Kitty top-up' } },
        quantity: 1,
      },
    ],
    success_url: 'http://localhost:3000/funding-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/funding-cancelled',
    ...overrides,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

export const CARD_SUCCESS = {
  card_number: '4242 4242 4242 4242',
  card_expiry: '12 / 34',
  card_cvc: '123',
  cardholder_name: 'Ada Lovelace',
};

export const CARD_DECLINED = { ...CARD_SUCCESS, card_number: '4000 0000 0000 0002' };

/** Both terms of service accepted, as a platform records its user's acceptance. */
export const ACCEPTED_TERMS = {
  tos_acceptance: { date: 1_795_000_000, ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' },
  settings: {
    card_issuing: {
      tos_acceptance: { date: 1_795_000_000, ip: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' },
    },
  },
} satisfies Pick<Stripe.AccountCreateParams, 'tos_acceptance' | 'settings'>;

/** Creates a connected account and waits for Stripe's verification to activate its capabilities. */
export async function verifiedAccount(
  stripe: Stripe,
  params: Stripe.AccountCreateParams,
): Promise<Stripe.Account> {
  const created = await stripe.accounts.create({ ...ACCEPTED_TERMS, ...params });
  return waitFor(
    async () => {
      const account = await stripe.accounts.retrieve(created.id);
      return account.charges_enabled ? account : null;
    },
    5000,
    `account ${created.id} to be verified`,
  );
}
