import { createHash } from 'node:crypto';

/** Stripe's fingerprint of a GB bank account: the same details give the same value anywhere; nothing is revealed. */
export function bankFingerprint(sortCode: string, accountNumber: string): string {
  return createHash('sha256').update(`gb:${sortCode}:${accountNumber}`).digest('base64url').slice(0, 16);
}
