import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits in the link; only the SHA-256 is stored, so a database leak exposes no usable link. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
