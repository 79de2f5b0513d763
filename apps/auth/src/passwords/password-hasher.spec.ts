import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at OWASP parameters (19 MiB, t=2, p=1) and a random salt', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.hash('correct horse battery')).not.toBe(hash);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).toBe(false);
  });

  it('rejects unknown accounts after doing the same work', async () => {
    expect(await hasher.verify(null, 'anything')).toBe(false);
  });
});
