import { createAppStore } from '../app/store';
import { anAuthSession, signedInState } from '../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../test/fetch-mock';
import { attemptOf, requestSessionRefresh, retryAfterMs } from './refresh-request';

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

describe("the page load's early refresh (index.html's first script)", () => {
  const store = () => createAppStore({ session: signedInState() });
  afterEach(() => {
    window.kittyEarlyRefresh = undefined;
  });

  it('is the first refresh of the page, taken once; the next refresh is a call of its own', async () => {
    const early = anAuthSession({ accessToken: 'from-index-html' });
    window.kittyEarlyRefresh = Promise.resolve({ status: 200, retryAfter: null, body: early });
    const fetchMock = mockFetch(() => json(anAuthSession({ accessToken: 'rotated-later' })));
    const { dispatch } = store();

    await expect(requestSessionRefresh(dispatch)).resolves.toEqual({ ok: true, session: early });
    expect(fetchMock.requests).toHaveLength(0);
    expect(window.kittyEarlyRefresh).toBeUndefined();

    await expect(requestSessionRefresh(dispatch)).resolves.toMatchObject({
      ok: true,
      session: { accessToken: 'rotated-later' },
    });
    expect(fetchMock.requests.map(pathOf)).toEqual(['/api/auth/refresh']);
  });

  it('is shared by callers while it is awaited', async () => {
    let answer: ((value: { status: number; retryAfter: null; body: unknown }) => void) | undefined;
    window.kittyEarlyRefresh = new Promise((resolve) => (answer = resolve));
    const fetchMock = mockFetch(() => json(anAuthSession()));
    const { dispatch } = store();

    const first = requestSessionRefresh(dispatch);
    const second = requestSessionRefresh(dispatch);
    answer?.({ status: 401, retryAfter: null, body: null });

    expect(await first).toEqual({ ok: false, transient: false });
    expect(await second).toBe(await first);
    expect(fetchMock.requests).toHaveLength(0);
  });

  it.each([
    [
      { status: 401, retryAfter: null, body: null },
      { ok: false, transient: false },
    ],
    [
      { status: 400, retryAfter: null, body: null },
      { ok: false, transient: false },
    ],
    [
      { status: 503, retryAfter: null, body: null },
      { ok: false, transient: true },
    ],
    [
      { status: null, retryAfter: null, body: null },
      { ok: false, transient: true },
    ],
    [
      { status: 429, retryAfter: '17', body: null },
      { ok: false, transient: true, retryAfterMs: 17_000 },
    ],
    [
      { status: 429, retryAfter: null, body: null },
      { ok: false, transient: true, retryAfterMs: null },
    ],
  ])('reads %p as the generated endpoint would: %p', (answer, attempt) => {
    expect(attemptOf(answer)).toEqual(attempt);
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
