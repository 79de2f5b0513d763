import Fastify from 'fastify';

import { operatorLogin } from './operator-login';

describe('operatorLogin', () => {
  const app = Fastify();
  app.addHook('onRequest', operatorLogin({ username: 'ops', password: 'pa:ss-word' }));
  app.get('/admin/queues', async () => 'dashboard');
  app.get('/admin/queues/api/queues', async () => 'queues');
  afterAll(() => app.close());

  const get = (url: string, authorization?: string) =>
    app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

  it('lets the operator in, passwords with colons included', async () => {
    expect((await get('/admin/queues', basic('ops:pa:ss-word'))).body).toBe('dashboard');
    expect((await get('/admin/queues/api/queues', basic('ops:pa:ss-word'))).body).toBe('queues');
  });

  it.each([undefined, basic('ops:wrong'), basic('root:pa:ss-word'), 'Bearer x', basic(''), 'Basic'])(
    'refuses %p with 401 and a Basic challenge',
    async (authorization) => {
      const response = await get('/admin/queues/api/queues', authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic /);
    },
  );

  it('does not look at the URL: the spelling that bypassed the old prefix check is refused too', async () => {
    expect((await get('/admin/%71ueues/api/queues')).statusCode).toBe(401);
    expect((await get('/no-such-route')).statusCode).toBe(401);
  });
});
