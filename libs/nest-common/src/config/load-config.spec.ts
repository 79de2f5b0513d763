import { z } from 'zod';

import {
  baseConfigSchema,
  DEVELOPMENT_SECRET,
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

  it('rejects short secrets', () => {
    expect(() => loadConfig(z.object({ S: secret() }), { S: 'short' })).toThrow(/at least 32/);
  });
});
