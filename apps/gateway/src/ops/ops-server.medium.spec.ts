import { randomUUID } from 'node:crypto';

import type { FastifyInstance, InjectOptions } from 'fastify';

import { createOpsServer, METRICS_PATH, QUEUE_DASHBOARD_PATH } from './ops-server';

/**
 * The bypass corpus, over every route the operator server has (read from the server itself,
 * so a route bull-board adds tomorrow is covered too) on the real Redis. Whatever the spelling of the path
 * — any one character or all of them percent-encoded, double encoding, an encoded slash, `//`, `/./`,
 * `..`, case, a trailing slash, a query string — and whatever the method, a caller without the operator
 * login gets 401 or 404, never data.
 */
const config = {
  // eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: `ops-corpus-${randomUUID().slice(0, 8)}`,
  OPS_USERNAME: 'ops',
  OPS_PASSWORD: 'a-long-operator-password-for-tests-0123',
};
type Method = NonNullable<InjectOptions['method']>;
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
const OPERATOR = basic(`${config.OPS_USERNAME}:${config.OPS_PASSWORD}`);
const STRANGERS: (string | undefined)[] = [
  undefined,
  basic('ops:wrong'),
  basic(`root:${config.OPS_PASSWORD}`),
  basic(`ops:${config.OPS_PASSWORD}x`),
  'Bearer some.jwt.token',
  basic(''),
];

/** Every route of the server as `[method, path]`, parameters filled in, from Fastify's route tree. */
function routesOf(server: FastifyInstance): [Method, string][] {
  const routes: [Method, string][] = [];
  const stack: string[] = [];
  for (const line of server.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack
      .join('')
      .replace(':queueName', 'notifications-email')
      .replace(':queueStatus', 'failed')
      .replace(':jobId', '1')
      .replace(':schedulerId', 'daily')
      .replace('*', 'static/main.js');
    for (const method of match[3].split(', ')) routes.push([method as Method, path]);
  }
  return routes;
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The spellings an attacker tries for one path. */
function spellings(path: string): string[] {
  const variants = new Set<string>([path]);
  const chars = [...path];
  chars.forEach((char, index) => {
    if (char === '/') {
      variants.add(path.slice(0, index) + '%2F' + path.slice(index + 1));
      variants.add(path.slice(0, index) + '//' + path.slice(index + 1));
      variants.add(path.slice(0, index) + '/./' + path.slice(index + 1));
      variants.add(path.slice(0, index) + '/x/../' + path.slice(index + 1));
      variants.add(path.slice(0, index) + '/%2e/' + path.slice(index + 1));
      return;
    }
    const before = path.slice(0, index);
    const after = path.slice(index + 1);
    variants.add(before + hex(char) + after);
    variants.add(before + hex(char).toLowerCase() + after);
    variants.add(before + '%25' + hex(char).slice(1) + after);
    variants.add(before + char.toUpperCase() + after);
  });
  variants.add(chars.map((char) => (char === '/' ? char : hex(char))).join(''));
  variants.add(chars.map((char) => (char === '/' ? '%2F' : hex(char))).join(''));
  variants.add(chars.map((char) => (char === '/' ? char : `%25${hex(char).slice(1)}`)).join(''));
  variants.add(path.toUpperCase());
  variants.add(`${path}/`);
  variants.add(`/${path}`);
  variants.add(`${path}?x=1`);
  variants.add(`${path}/?x=1`);
  variants.add(`${path}#x`);
  variants.add(`${path};x=1`);
  variants.add(`${path}%00`);
  variants.add(`${path}%20`);
  variants.add(`/x/..${path}`);
  variants.add(`/.${path}`);
  return [...variants];
}

/**
 * The corpus is about 150,000 requests through the whole server: 35 s on a CI machine at load 9 (2 cores),
 * so it gets a limit of its own rather than the preset's 30 s.
 */
const CORPUS_TIMEOUT_MS = 180_000;

describe('the operator server (real Redis)', () => {
  let ops: FastifyInstance;
  let routes: [Method, string][];

  beforeAll(async () => {
    ops = await createOpsServer(config);
    routes = routesOf(ops);
  });
  afterAll(() => ops.close());

  it('has the dashboard, its API and actions, and /metrics', () => {
    const paths = routes.map(([method, path]) => `${method} ${path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        `GET ${QUEUE_DASHBOARD_PATH}`,
        `GET ${QUEUE_DASHBOARD_PATH}/api/queues`,
        `PUT ${QUEUE_DASHBOARD_PATH}/api/queues/notifications-email/obliterate`,
        `POST ${QUEUE_DASHBOARD_PATH}/api/queues/notifications-email/add`,
        `GET ${METRICS_PATH}`,
      ]),
    );
    expect(routes.length).toBeGreaterThan(40);
  });

  it(
    'answers every spelling of every route, with any method, 401 or 404 to anyone but the operator',
    async () => {
      let tried = 0;
      const leaks: string[] = [];
      const statuses = new Map<number, number>();
      const paths = [...new Set(routes.map(([, path]) => path))];
      for (const path of paths) {
        const ownMethods = routes.filter(([, route]) => route === path).map(([method]) => method);
        const methods = [...new Set<Method>([...ownMethods, 'GET', 'HEAD', 'OPTIONS'])];
        for (const url of spellings(path))
          for (const method of methods)
            for (const authorization of STRANGERS) {
              const response = await ops.inject({
                method,
                url,
                headers: authorization ? { authorization } : {},
                ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: {} } : {}),
              });
              tried += 1;
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              if (response.statusCode !== 401 && response.statusCode !== 404)
                leaks.push(`${method} ${url} (${authorization ?? 'no login'}) → ${response.statusCode}`);
            }
      }
      process.stdout.write(
        `operator bypass corpus: ${tried} requests over ${paths.length} paths, ${leaks.length} answered with data; ` +
          `statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
      );
      expect(leaks).toEqual([]);
      expect(tried).toBeGreaterThan(10_000);
    },
    CORPUS_TIMEOUT_MS,
  );

  it('lets the operator in, the bypass spellings included (so the corpus does reach the routes)', async () => {
    for (const url of [
      `${QUEUE_DASHBOARD_PATH}/api/queues`,
      '/admin/%71ueues/api/queues',
      '/%61dmin/queues/api/queues',
    ]) {
      const response = await ops.inject({ method: 'GET', url, headers: { authorization: OPERATOR } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('queues');
    }
    for (const url of [METRICS_PATH, `${METRICS_PATH}?x=1`, '/%6detrics']) {
      const response = await ops.inject({ method: 'GET', url, headers: { authorization: OPERATOR } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
    }
  });

  it('challenges with Basic, and refuses an unknown path without telling whether it exists', async () => {
    const response = await ops.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Basic realm="Kitty operations"/);
  });
});
