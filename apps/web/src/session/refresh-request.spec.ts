import { createAppStore } from '../app/store';
import { anAuthSession, signedInState } from '../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../test/fetch-mock';
import { requestSessionRefresh, retryAfterMs } from './refresh-request';

describe('requestSessionRefresh', () => {
  const store = () => createAppStore({ session: signedInState() });

  it('returns the new session', async () => {
    const session = anAuthSession({ accessToken: 'rotated' });
    const fetchMock = mockFetch(() => json(session));

    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({ ok: true, session });
    expect(fetchMock.requests.map(pathOf)).toEqual(['/api/auth/refresh']);
    expect(fetchMock.requests[0].credentials).toBe('include');
  });

  it('shares one request between concurrent callers (a rotated token must never be sent twice)', async () => {
    const fetchMock = mockFetch(() => json(anAuthSession()));
    const { dispatch } = store();

    const [first, second] = await Promise.all([
      requestSessionRefresh(dispatch),
      requestSessionRefresh(dispatch),
    ]);

    expect(first).toBe(second);
    expect(fetchMock.requests).toHaveLength(1);
  });

  it.each([
    [401, false],
    [400, false],
    [503, true],
  ])('classifies a %i answer as transient: %p', async (status, transient) => {
    mockFetch(() => problem(status, 'refresh failed'));
    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({ ok: false, transient });
  });

  it("passes a 429's Retry-After on, so the refresher waits instead of signing out", async () => {
    mockFetch(() => {
      const response = problem(429, 'Too many session refreshes.');
      response.headers.set('Retry-After', '17');
      return response;
    });
    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({
      ok: false,
      transient: true,
      retryAfterMs: 17_000,
    });
  });

  it('reports a 429 without Retry-After as rate limited all the same', async () => {
    mockFetch(() => problem(429, 'Too many requests.'));
    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({
      ok: false,
      transient: true,
      retryAfterMs: null,
    });
  });

  it('treats a network failure as transient', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({ ok: false, transient: true });
  });

  it('leaves no mutation behind in the cache', async () => {
    mockFetch(() => noContent());
    const appStore = store();
    await requestSessionRefresh(appStore.dispatch);
    expect(appStore.getState().api.mutations).toEqual({});
  });
});

describe('retryAfterMs', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
