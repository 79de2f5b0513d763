import { createAppStore } from '../app/store';
import { anAuthSession, signedInState } from '../test/factories';
import { json, mockFetch, noContent, pathOf, problem } from '../test/fetch-mock';
import { requestSessionRefresh } from './refresh-request';

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
    [429, true],
    [503, true],
  ])('classifies a %i answer as transient: %p', async (status, transient) => {
    mockFetch(() => problem(status, 'refresh failed'));
    await expect(requestSessionRefresh(store().dispatch)).resolves.toEqual({ ok: false, transient });
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
