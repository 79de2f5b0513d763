import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';

import { baseApi } from './base-api';
import { kittyApi } from './generated/kitty-api';

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
});
