import { hashRefreshToken, newRefreshToken, openSuccessor, sealSuccessor } from './refresh-token';

describe('refresh tokens', () => {
  it('are 256-bit random, URL-safe, and stored only as their SHA-256', () => {
    const { token, hash } = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashRefreshToken(token));
    expect(newRefreshToken().token).not.toBe(token);
  });
});

describe('sealed successors', () => {
  it('open only with the token they were sealed under', () => {
    const predecessor = newRefreshToken().token;
    const successor = newRefreshToken().token;
    const sealed = sealSuccessor(predecessor, successor);
    expect(sealed).not.toContain(successor);
    expect(openSuccessor(predecessor, sealed)).toBe(successor);
    expect(openSuccessor(newRefreshToken().token, sealed)).toBeNull();
  });

  it('refuse tampered or malformed values', () => {
    const predecessor = newRefreshToken().token;
    const sealed = Buffer.from(sealSuccessor(predecessor, 'successor'), 'base64url');
    sealed[sealed.length - 1] ^= 1;
    expect(openSuccessor(predecessor, sealed.toString('base64url'))).toBeNull();
    expect(openSuccessor(predecessor, 'x')).toBeNull();
  });
});
