import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** An opaque 256-bit refresh token; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SEAL_INFO = 'kitty refresh-token successor v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The AES-256 key only the holder of `token` can derive (the database keeps just its SHA-256). */
function sealKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), SEAL_INFO, 32));
}

/**
 * Encrypts the token that replaced `predecessor` under a key derived from `predecessor`, so that presenting
 * the old token again inside the reuse window can hand back the same successor (ADR 0012) without the
 * database ever holding a usable token.
 */
export function sealSuccessor(predecessor: string, successor: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(predecessor), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor sealed under `predecessor`, or null when `sealed` was not sealed under that token. */
export function openSuccessor(predecessor: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(predecessor), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
