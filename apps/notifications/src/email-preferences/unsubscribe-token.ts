import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'kitty.unsubscribe.v1:';

/**
 * How an opted-out address is stored: the SHA-256 of the lowercased address. Unkeyed on purpose, so
 * rotating EMAIL_LINK_SECRET never forgets an opt-out; the table still holds no readable address.
 */
export const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const signature = (hash: string, secret: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + hash)
    .digest('base64url');

/**
 * The token of an address's unsubscribe links: `<address hash>.<HMAC of it>`. Verified with the key
 * alone (no lookup); it never expires, since an unsubscribe link must keep working (RFC 8058), and it
 * names no address, so URLs in logs reveal none.
 */
export function unsubscribeToken(email: string, secret: string): string {
  const hash = addressHash(email);
  return `${hash}.${signature(hash, secret)}`;
}

/** The address hash a token was signed for, or null for anything not signed with this key. */
export function verifyUnsubscribeToken(token: string, secret: string): string | null {
  const [hash, given, ...rest] = token.split('.');
  if (!hash || !given || rest.length > 0) return null;
  const expected = Buffer.from(signature(hash, secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? hash : null;
}
