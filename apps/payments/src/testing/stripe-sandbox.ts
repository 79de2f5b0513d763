// Starts the built Stripe sandbox (`npx nx run stripe-sandbox:build`) as a child process on a free port.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import type Stripe from 'stripe';

const SANDBOX_MAIN = path.resolve(
  __dirname,
  '../../../../dist/infra/stripe-sandbox/infra/stripe-sandbox/src/main.js',
);
export const SANDBOX_SECRET_KEY = 'sk_test_payments_specs';

/** `describe` when the sandbox has been built, else `describe.skip` (it is not built by `jest`). */
export const describeWithSandbox = existsSync(SANDBOX_MAIN) ? describe : describe.skip;

export interface RunningSandbox {
  url: string;
  /** GET on the sandbox's Stripe API with our key, parsed. */
  get<T>(resource: string): Promise<T>;
  /** Submits the hosted pay page's form, as the payer's browser would. */
  pay(sessionId: string, method: 'card' | 'bank', fields: Record<string, string>): Promise<Response>;
  /** The event of `type` about object `objectId`, once the sandbox has emitted it. */
  eventFor(type: string, objectId: string): Promise<Stripe.Event>;
  stop(): void;
}

export const CARD_4242 = {
  card_number: '4242 4242 4242 4242',
  card_expiry: '12 / 34',
  card_cvc: '123',
  cardholder_name: 'Ada Lovelace',
};
export const BACS_SUCCEEDS = {
  account_holder_name: 'Ada Lovelace',
  email: 'ada@example.com',
  sort_code: '10-88-00',
  account_number: '00012345',
};
/** The sandbox's test account whose debit the bank refuses: its session is never paid. */
export const BACS_FAILS = { ...BACS_SUCCEEDS, account_number: '33333335' };

export async function startStripeSandbox(): Promise<RunningSandbox> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SANDBOX_MAIN], {
    env: {
      SANDBOX_PORT: String(port),
      SANDBOX_ASYNC_PAYMENT_DELAY_MS: '50',
      SANDBOX_PAYOUT_DELAY_MS: '50',
      SANDBOX_VERIFICATION_DELAY_MS: '50',
      // Long enough for a spec to act on `payout.paid` before the bank returns the payout.
      SANDBOX_PAYOUT_RETURN_DELAY_MS: '1500',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const get = async <T>(resource: string): Promise<T> => {
    const response = await fetch(`${url}/v1/${resource}`, {
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
    });
    if (!response.ok) throw new Error(`GET ${resource}: ${response.status}`);
    return (await response.json()) as T;
  };
  const stop = () => child.kill('SIGTERM');
  try {
    await waitFor(async () => ((await fetch(`${url}/_sandbox/health`)).ok ? true : null));
  } catch (error) {
    // A sandbox that never answered would otherwise outlive the spec and keep jest from exiting.
    stop();
    throw error;
  }
  return {
    url,
    get,
    pay: (sessionId, method, fields) =>
      fetch(`${url}/pay/${sessionId}/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    eventFor: (type, objectId) =>
      waitFor(async () => {
        const events = await get<{ data: Stripe.Event[] }>(`events?type=${type}&limit=100`);
        return events.data.find((event) => (event.data.object as { id?: string }).id === objectId) ?? null;
      }),
    stop,
  };
}

export async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the Stripe sandbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A bank account the sandbox pays out to (VocaLink's example pair); one ending 0002 refuses payouts, one
 * ending 0003 is paid and then returned by the bank.
 */
export const PAYING_ACCOUNT_NUMBER = '55779911';
export const REFUSING_ACCOUNT_NUMBER = '00040002';
export const RETURNING_ACCOUNT_NUMBER = '00040003';

/**
 * A user's verified connected account in the sandbox, as issuing opens it (details and terms accepted,
 * then verified by Stripe), with their own bank account as its default: what a withdrawal is transferred
 * to and paid out from. Returns the account as issuing would announce it to payments.
 */
export async function connectedAccountWithBank(stripe: Stripe, accountNumber = PAYING_ACCOUNT_NUMBER) {
  const account = await stripe.accounts.create({
    type: 'custom',
    country: 'GB',
    business_type: 'individual',
    capabilities: { transfers: { requested: true } },
    external_account: 'btok_gb',
    individual: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+447700900123',
      dob: { day: 10, month: 12, year: 1990 },
      address: { line1: '1 Test Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
    tos_acceptance: { date: Math.floor(Date.now() / 1000), ip: '203.0.113.7' },
  });
  await untilVerified(stripe, account.id);
  const bank = await addBankAccount(stripe, account.id, accountNumber);
  return {
    verified: true,
    accountId: account.id,
    payoutDestination: bank,
    payoutAccountLabel: null,
    payoutsAvailableFrom: null,
  };
}

/** Waits for the sandbox's verification of the account's details to make its capabilities active. */
async function untilVerified(stripe: Stripe, accountId: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await stripe.accounts.retrieve(accountId)).charges_enabled) {
    if (Date.now() > deadline) throw new Error(`The sandbox did not verify ${accountId}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Adds a GB bank account (sort code 20-00-00) to the connected account as its default; its id. */
export async function addBankAccount(stripe: Stripe, accountId: string, accountNumber: string) {
  const bank = await stripe.accounts.createExternalAccount(accountId, {
    external_account: {
      object: 'bank_account',
      country: 'GB',
      currency: 'gbp',
      routing_number: '200000',
      account_number: accountNumber,
    },
    default_for_currency: true,
  });
  return bank.id;
}
