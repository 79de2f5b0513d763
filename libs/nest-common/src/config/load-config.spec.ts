import { z } from 'zod';

import {
  baseConfigSchema,
  databaseConfigSchema,
  DEVELOPMENT_SECRET,
  KNOWN_SECRETS,
  loadConfig,
  refuseDevelopmentSecretsInProduction,
  secret,
} from './load-config';

const schema = baseConfigSchema.extend({ JWT: secret() }).superRefine(refuseDevelopmentSecretsInProduction);

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, { HTTP_PORT: '3101' });
    expect(config).toMatchObject({
      HTTP_PORT: 3101,
      NODE_ENV: 'development',
      QUEUE_PREFIX: 'kitty',
      JWT: DEVELOPMENT_SECRET,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every invalid variable', () => {
    const load = () => loadConfig(schema, { HTTP_PORT: 'x', REDIS_URL: 'nope' });
    expect(load).toThrow(/HTTP_PORT: /);
    expect(load).toThrow(/REDIS_URL: /);
  });

  it('refuses development secrets in production', () => {
    expect(() => loadConfig(schema, { NODE_ENV: 'production', HTTP_PORT: '1' })).toThrow(
      /JWT: must be set in production/,
    );
    const real = 'x'.repeat(40);
    expect(loadConfig(schema, { NODE_ENV: 'production', HTTP_PORT: '1', JWT: real }).JWT).toBe(real);
  });

  describe('in production, refuses secrets anyone can know', () => {
    const production = (env: Record<string, string>) => () =>
      loadConfig(schema, { NODE_ENV: 'production', HTTP_PORT: '1', ...env });

    it.each(KNOWN_SECRETS)('the committed value %s', (known) => {
      const load = production({ JWT: known });
      expect(load).toThrow(/JWT: /);
    });

    it.each(['change-me-please-0123456789012345678', 'my-default-jwt-signing-secret-000000000'])(
      'a placeholder (%s) in a credential setting',
      (placeholder) => {
        const credentials = z.object({ NODE_ENV: z.string(), JWT_SECRET: z.string() });
        expect(() => loadConfig(credentials, { NODE_ENV: 'production', JWT_SECRET: placeholder })).toThrow(
          /JWT_SECRET: looks like a placeholder/,
        );
      },
    );

    it('a committed password inside a URL, in any app (loadConfig checks without a refinement)', () => {
      const plain = baseConfigSchema.extend(databaseConfigSchema.shape);
      const load = (url: string) => () =>
        loadConfig(plain, { NODE_ENV: 'production', HTTP_PORT: '1', DATABASE_URL: url });
      expect(load('postgresql://kitty:kitty@postgres:5432/kitty')).toThrow(
        /DATABASE_URL: carries a publicly known password/,
      );
      expect(load('postgresql://kitty:Zq3x9vT2mW7kP4rL@db:5432/kitty')()).toMatchObject({
        NODE_ENV: 'production',
      });
      expect(() =>
        loadConfig(z.object({ NODE_ENV: z.string(), OPS_PASSWORD: z.string() }), {
          NODE_ENV: 'production',
          OPS_PASSWORD: 'compose-local-operator-password-change-me',
        }),
      ).toThrow(/OPS_PASSWORD: is a publicly known value/);
    });

    it('but accepts them outside production', () => {
      expect(loadConfig(schema, { HTTP_PORT: '1', JWT: KNOWN_SECRETS[1] }).JWT).toBe(KNOWN_SECRETS[1]);
    });
  });

  it('rejects short secrets', () => {
    expect(() => loadConfig(z.object({ S: secret() }), { S: 'short' })).toThrow(/at least 32/);
  });
});
