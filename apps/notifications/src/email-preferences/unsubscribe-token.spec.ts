import { addressHash, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const SECRET = 's'.repeat(48);

describe('unsubscribe tokens', () => {
  it('verify with the key alone and give the hash of the address they were made for', () => {
    const token = unsubscribeToken('Grace@Example.com', SECRET);
    expect(verifyUnsubscribeToken(token, SECRET)).toBe(addressHash('grace@example.com'));
    expect(token).not.toMatch(/grace|example/i);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('refuse a token signed with another key, altered, or malformed', () => {
    const token = unsubscribeToken('grace@example.com', SECRET);
    const [hash, sig] = token.split('.');
    expect(verifyUnsubscribeToken(token, 'o'.repeat(48))).toBeNull();
    expect(verifyUnsubscribeToken(`${addressHash('ada@example.com')}.${sig}`, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(`${hash}.${sig.slice(1)}`, SECRET)).toBeNull();
    for (const bad of ['', '.', hash, `${hash}.`, `${token}.x`])
      expect(verifyUnsubscribeToken(bad, SECRET)).toBeNull();
  });
});
