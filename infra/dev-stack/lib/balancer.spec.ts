import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { startBalancer } from './balancer';
import { ephemeralPort } from './ports';

/** An HTTP server answering its own name, standing in for one gateway replica. */
async function replica(name: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end(name), 100);
    else res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request on a fresh connection (keep-alive off), so each goes through the balancer's choice. */
async function get(port: number, path = '/'): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } });
  return response.text();
}

describe('startBalancer', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('spreads connections over the replicas in turn', async () => {
    const replicas = await Promise.all(['a', 'b', 'c'].map(replica));
    replicas.forEach((r) => cleanups.push(r.close));
    const balancer = await startBalancer({ port: 0, backends: replicas.map(({ port }) => ({ port })) });
    cleanups.push(balancer.close);

    const answers = [];
    for (let i = 0; i < 9; i += 1) answers.push(await get(balancer.port));
    expect(answers.join('')).toBe('abcabcabc');
    expect(Object.values(balancer.served())).toEqual([3, 3, 3]);
  });

  it('skips a replica that refuses connections, so a killed replica costs no request', async () => {
    const [a, c] = await Promise.all(['a', 'c'].map(replica));
    cleanups.push(a.close, c.close);
    const dead = await ephemeralPort();
    const balancer = await startBalancer({
      port: 0,
      backends: [{ port: a.port }, { port: dead }, { port: c.port }],
    });
    cleanups.push(balancer.close);

    const answers = await Promise.all(Array.from({ length: 6 }, () => get(balancer.port)));
    expect(answers.sort().join('')).toMatch(/^a+c+$/);
    expect(answers).toHaveLength(6);
  });

  it('closes the client connection when no replica answers', async () => {
    const balancer = await startBalancer({ port: 0, backends: [{ port: await ephemeralPort() }] });
    cleanups.push(balancer.close);
    await expect(get(balancer.port)).rejects.toThrow();
  });

  it('serves concurrent requests and takes new backends without a restart', async () => {
    const [a, b] = await Promise.all(['a', 'b'].map(replica));
    cleanups.push(a.close, b.close);
    const balancer = await startBalancer({ port: 0, backends: [{ port: a.port }] });
    cleanups.push(balancer.close);

    const first = await Promise.all(Array.from({ length: 20 }, () => get(balancer.port, '/slow')));
    expect(new Set(first)).toEqual(new Set(['a']));
    balancer.setBackends([{ port: b.port }]);
    expect(await get(balancer.port)).toBe('b');
  });

  it('refuses to start on a port that is taken', async () => {
    const a = await replica('a');
    cleanups.push(a.close);
    await expect(startBalancer({ port: a.port, backends: [] })).rejects.toThrow(/EADDRINUSE/);
  });
});
