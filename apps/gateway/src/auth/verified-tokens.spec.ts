import { VerifiedTokens } from './verified-tokens';

const claims = (exp: number) => ({ sub: 'user-1', email: 'a@b.co', name: 'Ada', sid: 's-1', exp });

describe('VerifiedTokens', () => {
  let now = 1_000_000_000_000;
  const clock = () => now;

  it('returns the claims of a remembered token until it expires, then forgets it', () => {
    const tokens = new VerifiedTokens(10, clock);
    tokens.remember('t1', claims(now / 1000 + 60));
    expect(tokens.get('t1')?.sub).toBe('user-1');
    now += 60_000;
    expect(tokens.get('t1')).toBeUndefined();
  });

  it('knows nothing of a token it was not given, however close its text', () => {
    const tokens = new VerifiedTokens(10, clock);
    tokens.remember('header.payload.signature', claims(now / 1000 + 60));
    for (const altered of [
      'header.payload.signaturE',
      'header.payload.signature ',
      'Header.payload.signature',
      '',
    ]) {
      expect(tokens.get(altered)).toBeUndefined();
    }
  });

  it('does not keep a token that has expired or carries no expiry', () => {
    const tokens = new VerifiedTokens(10, clock);
    tokens.remember('old', claims(now / 1000 - 1));
    tokens.remember('forever', { sub: 'u', email: 'a@b.co', name: 'A', sid: 's' });
    expect(tokens.get('old')).toBeUndefined();
    expect(tokens.get('forever')).toBeUndefined();
  });

  it('holds at most its maximum, dropping the oldest first', () => {
    const tokens = new VerifiedTokens(3, clock);
    for (const token of ['a', 'b', 'c', 'd']) tokens.remember(token, claims(now / 1000 + 60));
    expect(tokens.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((token) => tokens.get(token)?.sub)).toEqual(['user-1', 'user-1', 'user-1']);
  });
});
