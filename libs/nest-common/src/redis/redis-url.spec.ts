import { redisOptionsFromUrl } from './redis-url';

describe('redisOptionsFromUrl', () => {
  it('reads host, port, credentials and db', () => {
    expect(redisOptionsFromUrl('redis://user:p%40ss@cache.internal:6380/3')).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 3,
      maxRetriesPerRequest: null,
    });
  });

  it('defaults port 6379 and db 0', () => {
    expect(redisOptionsFromUrl('redis://127.0.0.1')).toMatchObject({
      port: 6379,
      db: 0,
      password: undefined,
    });
  });

  it('speaks TLS for rediss://, naming the host for SNI (never an address)', () => {
    expect(redisOptionsFromUrl('rediss://cache.internal:6380')).toMatchObject({
      host: 'cache.internal',
      tls: { servername: 'cache.internal' },
    });
    expect(redisOptionsFromUrl('rediss://127.0.0.1:6380').tls).toEqual({});
    expect(redisOptionsFromUrl('rediss://[::1]:6380')).toMatchObject({ host: '::1', tls: {} });
    expect(redisOptionsFromUrl('redis://cache.internal').tls).toBeUndefined();
  });

  it('refuses any other scheme rather than guessing', () => {
    expect(() => redisOptionsFromUrl('http://cache.internal:6379')).toThrow(
      'REDIS_URL must start with redis:// or rediss:// (TLS), not http://',
    );
  });
});
