import { hashRefreshToken, newRefreshToken } from './refresh-token';

describe('refresh tokens', () => {
  it('are 256-bit random, URL-safe, and stored only as their SHA-256', () => {
    const { token, hash } = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashRefreshToken(token));
    expect(newRefreshToken().token).not.toBe(token);
  });
});
