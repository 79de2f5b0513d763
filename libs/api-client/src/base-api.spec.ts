import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';

import { baseApi, IDEMPOTENT_RETRY } from './base-api';
import { kittyApi } from './generated/kitty-api';
import { IdempotencyKeys } from './idempotency';

// Node's Request rejects relative URLs; a browser resolves them against the page.
class PageRelativeRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://kitty.test') : input, init);
  }
}

function storeWithToken(accessToken: string | null) {
  const session = createSlice({ name: 'session', initialState: { accessToken }, reducers: {} });
  return configureStore({
    reducer: combineReducers({ session: session.reducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

describe('baseApi', () => {
  const realRequest = globalThis.Request;
  let fetchMock: jest.SpyInstance;

  beforeEach(() => {
    globalThis.Request = PageRelativeRequest;
    fetchMock = jest.spyOn(globalThis, 'fetch');
  });

  afterEach(() => {
    globalThis.Request = realRequest;
    fetchMock.mockRestore();
  });

  it('sends the in-memory access token as a Bearer header and includes cookies', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ id: 'u1', email: 'ann@example.com', fullName: 'Ann', residency: null }),
    );
    const store = storeWithToken('token-123');

    const result = await store.dispatch(kittyApi.endpoints.getMe.initiate());

    expect(result.data).toEqual({ id: 'u1', email: 'ann@example.com', fullName: 'Ann', residency: null });
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/me');
    expect(request.headers.get('Authorization')).toBe('Bearer token-123');
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const store = storeWithToken(null);

    await store.dispatch(
      kittyApi.endpoints.logClientEvent.initiate({ type: 'route-not-found', path: '/nope' }),
    );

    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.headers.has('Authorization')).toBe(false);
    expect(await request.json()).toEqual({ type: 'route-not-found', path: '/nope' });
  });

  describe('commands sent with an Idempotency-Key', () => {
    const api = baseApi.injectEndpoints({
      endpoints: (build) => ({
        pay: build.mutation<{ ok: boolean }, string | null>({
          query: (key) => ({
            url: '/api/pay',
            method: 'POST',
            body: { amountPence: 100 },
            headers: key ? { 'Idempotency-Key': key } : {},
          }),
        }),
      }),
    });
    const problem = (status: number) =>
      new Response(JSON.stringify({ title: 'x', status }), {
        status,
        headers: { 'content-type': 'application/problem+json' },
      });

    it('are tried again with the same key after a lost answer, a 503 and a 409, until answered', async () => {
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(problem(503))
        .mockResolvedValueOnce(problem(409))
        .mockResolvedValueOnce(Response.json({ ok: true }, { status: 201 }));
      const store = storeWithToken('t');

      const result = await store.dispatch(api.endpoints.pay.initiate('key-1'));

      expect(result.data).toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(4);
      const keys = fetchMock.mock.calls.map(([request]) =>
        (request as Request).headers.get('Idempotency-Key'),
      );
      expect(keys).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    });

    it('are not tried again after a refusal', async () => {
      fetchMock.mockResolvedValue(problem(400));

      const result = await storeWithToken('t').dispatch(api.endpoints.pay.initiate('key-2'));

      expect(result.error).toMatchObject({ status: 400 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('give up after the last retry; calls without a key are never retried', async () => {
      fetchMock.mockImplementation(async () => problem(503));

      await storeWithToken('t').dispatch(api.endpoints.pay.initiate('key-3'));
      expect(fetchMock).toHaveBeenCalledTimes(1 + IDEMPOTENT_RETRY.attempts);

      fetchMock.mockClear();
      await storeWithToken('t').dispatch(api.endpoints.pay.initiate(null));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});

describe('IdempotencyKeys', () => {
  it('keeps one key while the same request is retried and makes a new one for a new action', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor({ amountPence: 100 });

    expect(keys.keyFor({ amountPence: 100 })).toBe(first);
    expect(keys.keyFor({ amountPence: 200 })).not.toBe(first);
    const second = keys.keyFor({ amountPence: 200 });
    keys.settle();
    expect(keys.keyFor({ amountPence: 200 })).not.toBe(second);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
