import { isRedisClusterUrl, redisClusterFromUrl, redisOptionsFromUrl, redisUrlProblem } from './redis-url';

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
      'REDIS_URL must start with redis://, rediss:// (TLS), redis+cluster:// or rediss+cluster://, not http://',
    );
  });
});

describe('redisClusterFromUrl', () => {
  it('reads every seed node, the shared credentials and TLS', () => {
    const url = 'rediss+cluster://kitty:p%40ss@cache-1.internal:7000,cache-2.internal,[::1]:7002/';
    expect(isRedisClusterUrl(url)).toBe(true);
    expect(redisClusterFromUrl(url)).toEqual({
      nodes: [
        { host: 'cache-1.internal', port: 7000 },
        { host: 'cache-2.internal', port: 6379 },
        { host: '::1', port: 7002 },
      ],
      connection: {
        tls: { servername: 'cache-1.internal' },
        username: 'kitty',
        password: 'p@ss',
        maxRetriesPerRequest: null,
      },
    });
  });

  it('speaks plain Redis for redis+cluster:// and takes no database number', () => {
    expect(redisClusterFromUrl('redis+cluster://127.0.0.1:7000').connection.tls).toBeUndefined();
    expect(redisUrlProblem('redis+cluster://127.0.0.1:7000/2')).toMatch(/one database/);
    expect(redisUrlProblem('redis+cluster://')).toMatch(/at least one node/);
  });

  it('is not taken for one server, nor one server for a cluster', () => {
    expect(isRedisClusterUrl('redis://cache.internal:6379')).toBe(false);
    expect(() => redisOptionsFromUrl('redis+cluster://a:1,b:2')).toThrow(/createRedis/);
    expect(redisUrlProblem('redis://cache.internal:6379')).toBeNull();
    expect(redisUrlProblem('nope')).toMatch(/REDIS_URL must start with/);
  });
});
