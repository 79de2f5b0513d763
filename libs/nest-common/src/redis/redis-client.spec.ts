import { Cluster, Redis } from 'ioredis';

import { createRedis, isRedisUnavailable, slotTag } from './redis-client';

describe('createRedis', () => {
  it('opens one connection for redis:// and a cluster client for redis+cluster://', () => {
    const single = createRedis('redis://127.0.0.1:1/2', { lazyConnect: true, connectionName: 'a' });
    const cluster = createRedis('redis+cluster://127.0.0.1:1,127.0.0.1:2', {
      lazyConnect: true,
      connectionName: 'b',
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
    });
    try {
      expect(single).toBeInstanceOf(Redis);
      expect(single.options).toMatchObject({ port: 1, db: 2, connectionName: 'a' });
      expect(cluster).toBeInstanceOf(Cluster);
      const { options } = cluster as Cluster;
      // Per-connection settings go to every node; the cluster's own ones stay on the cluster client.
      expect(options.redisOptions).toMatchObject({ connectionName: 'b', maxRetriesPerRequest: 1 });
      expect(options).toMatchObject({ lazyConnect: true, enableAutoPipelining: true });
    } finally {
      single.disconnect();
      cluster.disconnect();
    }
  });
});

describe('slotTag', () => {
  it('makes a hash tag only on a cluster, so one server keeps its key names', () => {
    expect(slotTag('payments', true)).toBe('{payments}');
    expect(slotTag('payments', false)).toBe('payments');
  });
});

describe('isRedisUnavailable', () => {
  it('knows a connection lost under a command or a cluster between masters, and nothing else', () => {
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisUnavailable(new Error('CLUSTERDOWN The cluster is down'))).toBe(true);
    expect(
      isRedisUnavailable(new Error('Too many Cluster redirections. Last error: ReplyError: CLUSTERDOWN')),
    ).toBe(true);
    expect(isRedisUnavailable(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe(
      true,
    );
    expect(isRedisUnavailable(new Error('WRONGTYPE Operation against a key'))).toBe(false);
    expect(isRedisUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isRedisUnavailable('Connection is closed.')).toBe(false);
  });
});
