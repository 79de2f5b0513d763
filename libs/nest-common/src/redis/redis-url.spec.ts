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
});
