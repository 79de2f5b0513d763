import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freshSecrets, loadOrCreateSecrets } from './secrets';

describe('secrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-secrets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('generates a JWT secret of at least 32 bytes once and keeps it, readable only by the owner', () => {
    const file = path.join(dir, '.kitty', 'secrets.json');
    const first = loadOrCreateSecrets(file);
    expect(Buffer.from(first.jwtAccessSecret, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecrets(file)).toEqual(first);
  });

  it('generates a Stripe-shaped webhook secret and adds it to an older secrets file', () => {
    const file = path.join(dir, 'secrets.json');
    fs.writeFileSync(file, JSON.stringify({ jwtAccessSecret: 'kept', opsPassword: 'kept' }));
    const secrets = loadOrCreateSecrets(file);
    expect(secrets).toMatchObject({ jwtAccessSecret: 'kept', opsPassword: 'kept' });
    expect(secrets.stripeWebhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(loadOrCreateSecrets(file).stripeWebhookSecret).toBe(secrets.stripeWebhookSecret);
  });

  it('gives each test run a different secret', () => {
    expect(freshSecrets().jwtAccessSecret).not.toBe(freshSecrets().jwtAccessSecret);
  });

  it('refuses a corrupt file rather than silently replacing it', () => {
    const file = path.join(dir, 'secrets.json');
    fs.writeFileSync(file, '{ nope');
    expect(() => loadOrCreateSecrets(file)).toThrow('is not valid JSON');
  });
});
