import { randomUUID } from 'node:crypto';

import { api, eventually } from './api';
import { bearer } from './pots';
import { stripeTestSettings } from './stripe';

export type Destination =
  { type: 'wallet' } | { type: 'pot'; potId: string } | { type: 'top_up_request'; requestId: string };

export interface CheckoutCreated {
  sessionId: string;
  url: string;
  amountPence: number;
  feePence: number;
  feeRate: number;
  totalPence: number;
}

export interface FundingSession {
  sessionId: string;
  status: 'pending' | 'processing' | 'succeeded' | 'failed' | 'expired' | 'cancelled';
  originalAmount: number;
  markupAmount: number;
  markupPercentage: number;
  isUKUser: boolean;
}

export const TEST_CARD = {
  card_number: '4242 4242 4242 4242',
  card_expiry: '12 / 34',
  card_cvc: '123',
  cardholder_name: 'Ada Lovelace',
};
export const DECLINED_CARD = { ...TEST_CARD, card_number: '4000 0000 0000 0002' };

/** Submits the sandbox's hosted pay page by card, as the payer's browser would. */
export async function payOnSandbox(sessionId: string, card = TEST_CARD) {
  return fetch(`${stripeTestSettings().apiUrl}/pay/${sessionId}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card),
    redirect: 'manual',
  });
}

/**
 * Adds money the real way: a Checkout Session through the API, paid by card on the sandbox's page, then
 * credited by the signed webhook; resolves once the funding session says succeeded.
 */
export async function topUp(accessToken: string, amountPence: number, destination: Destination) {
  const created = await api<CheckoutCreated>('/api/funding/checkout-sessions', {
    method: 'POST',
    body: { amountPence, destination, method: 'card' },
    headers: { ...bearer(accessToken), 'idempotency-key': randomUUID() },
  });
  if (created.status !== 201) throw new Error(`checkout: ${created.status} ${JSON.stringify(created.body)}`);
  const paid = await payOnSandbox(created.body.sessionId);
  if (paid.status >= 400) throw new Error(`pay page: ${paid.status}`);
  const session = await eventually(async () => {
    const read = await api<FundingSession>(`/api/funding/sessions/${created.body.sessionId}`, {
      headers: bearer(accessToken),
    });
    return read.body.status === 'succeeded' ? read.body : undefined;
  }, 20_000);
  return { checkout: created.body, session };
}
