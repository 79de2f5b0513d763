import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Object id prefixes, as Stripe uses them. The prefix tells `expand` which collection an id lives in. */
export const ID_PREFIX = {
  checkoutSession: 'cs_test_',
  paymentIntent: 'pi_',
  paymentMethod: 'pm_',
  charge: 'ch_',
  price: 'price_',
  product: 'prod_',
  lineItem: 'li_',
  payout: 'po_',
  balanceTransaction: 'txn_',
  event: 'evt_',
  request: 'req_',
  delivery: 'whdel_',
  job: 'job_',
  account: 'acct_',
  bankAccount: 'ba_',
  person: 'person_',
  cardholder: 'ich_',
  card: 'ic_',
  authorization: 'iauth_',
  issuingTransaction: 'ipi_',
  transfer: 'tr_',
  transferReversal: 'trr_',
} as const;

/** Random base62, from a CSPRNG: ids double as unguessable pay-page links. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length * 2);
  let token = '';
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  for (const byte of bytes) {
    if (byte >= 248) continue;
    token += ALPHABET[byte % 62];
    if (token.length === length) return token;
  }
  return token + randomToken(length - token.length);
}

/** Checkout session ids are long in Stripe too (they are bearer links to a payment page). */
export function newId(prefix: string): string {
  return prefix + randomToken(prefix === ID_PREFIX.checkoutSession ? 58 : 24);
}
