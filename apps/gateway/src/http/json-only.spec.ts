import Fastify from 'fastify';

import { ACCEPT_FORM_BODY, acceptJsonBodiesOnly, KEEP_RAW_BODY } from './json-only';

describe('acceptJsonBodiesOnly', () => {
  const app = Fastify();
  acceptJsonBodiesOnly(app);
  app.post('/echo', async (request) => ({ got: request.body ?? null, raw: request.rawBody ?? null }));
  app.post('/signed', { config: KEEP_RAW_BODY }, async (request) => ({
    got: request.body ?? null,
    raw: request.rawBody ?? null,
  }));

  app.post('/one-click', { config: ACCEPT_FORM_BODY }, async (request) => ({ got: request.body ?? null }));

  afterAll(() => app.close());

  it.each([
    ['application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--',
    ],
  ])(
    'takes a %s body on a route that accepts forms (one-click unsubscribe)',
    async (contentType, payload) => {
      const response = await app.inject({
        method: 'POST',
        url: '/one-click',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ got: payload });
      const plain = await app.inject({
        method: 'POST',
        url: '/one-click',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(plain.statusCode).toBe(415);
    },
  );

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
    expect(json.json()).toEqual({ got: { a: 1 }, raw: null });
    expect((await app.inject({ method: 'POST', url: '/echo' })).statusCode).toBe(200);
    const emptyJson = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.json()).toEqual({ got: null, raw: null });
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

  it('keeps the exact body text, unparsed, only on routes that ask for it (they verify it first)', async () => {
    const text = '{ "b": "£1",\n  "a": 1 }';
    const signed = await app.inject({
      method: 'POST',
      url: '/signed',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: text,
    });
    expect(signed.json()).toEqual({ got: null, raw: text });
    const poisoned = '{"__proto__":{"admin":true}}';
    const kept = await app.inject({
      method: 'POST',
      url: '/signed',
      headers: { 'content-type': 'application/json' },
      payload: poisoned,
    });
    expect(kept.json()).toEqual({ got: null, raw: poisoned });
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
    const echoed = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: text,
    });
    expect(echoed.json()).toEqual({ got: { b: '£1', a: 1 }, raw: null });
  });
});
