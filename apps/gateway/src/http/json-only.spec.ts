import Fastify from 'fastify';

import { acceptJsonBodiesOnly } from './json-only';

describe('acceptJsonBodiesOnly', () => {
  const app = Fastify();
  acceptJsonBodiesOnly(app);
  app.post('/echo', async (request) => ({ got: request.body ?? null }));

  afterAll(() => app.close());

  it.each([
    ['text/plain', 'hi'],
    ['application/x-www-form-urlencoded', 'a=b'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('refuses a %s body with 415 problem+json', async (contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('lets JSON and empty bodies through', async () => {
    const json = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ got: { a: 1 } });
    expect((await app.inject({ method: 'POST', url: '/echo' })).statusCode).toBe(200);
    const emptyJson = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.json()).toEqual({ got: null });
  });

  it('still refuses malformed JSON and prototype poisoning', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
