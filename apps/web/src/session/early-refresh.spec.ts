import { anAuthSession } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { HOME_ASSETS_META, REFRESH_LOCK, startEarlyRefresh, takeEarlyRefresh } from './early-refresh';

const HOME_ASSETS = '/assets/antd-a1.js /assets/home-page-b2.js /assets/home-page-c3.css';

const preloads = () =>
  [...document.head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    as: link.getAttribute('as'),
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

describe('startEarlyRefresh', () => {
  beforeEach(() => {
    document.head.innerHTML = `<meta name="${HOME_ASSETS_META}" content="${HOME_ASSETS}">`;
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    window.kittyEarlyRefresh = undefined;
    document.head.innerHTML = '';
  });

  it("posts the refresh once and, signed in on /, preloads Home's files as Vite would fetch them", async () => {
    const session = anAuthSession();
    const fetchMock = mockFetch(() => json(session));

    startEarlyRefresh();
    const answer = await takeEarlyRefresh();

    expect(answer).toEqual({ status: 200, retryAfter: null, body: session });
    expect(
      fetchMock.requests.map((request) => [request.method, pathOf(request), request.credentials]),
    ).toEqual([['POST', '/api/auth/refresh', 'include']]);
    expect(preloads()).toEqual([
      { rel: 'modulepreload', as: null, href: '/assets/antd-a1.js', crossOrigin: '' },
      { rel: 'modulepreload', as: null, href: '/assets/home-page-b2.js', crossOrigin: '' },
      { rel: 'preload', as: 'style', href: '/assets/home-page-c3.css', crossOrigin: '' },
    ]);
    expect(takeEarlyRefresh()).toBeUndefined();
  });

  it("preloads nothing for a visitor, and passes a 429's Retry-After on", async () => {
    mockFetch(() => {
      const response = problem(429, 'Too many requests.');
      response.headers.set('Retry-After', '9');
      return response;
    });

    startEarlyRefresh();

    expect(await takeEarlyRefresh()).toEqual({ status: 429, retryAfter: '9', body: null });
    expect(preloads()).toEqual([]);
  });

  it('preloads nothing on a page other than Home', async () => {
    window.history.replaceState(null, '', '/pot/p-1');
    mockFetch(() => json(anAuthSession()));

    startEarlyRefresh();

    expect((await takeEarlyRefresh())?.status).toBe(200);
    expect(preloads()).toEqual([]);
  });

  it('reports no answer (status null) when the network fails or the body is unreadable', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    startEarlyRefresh();
    expect(await takeEarlyRefresh()).toEqual({ status: null, retryAfter: null, body: null });

    mockFetch(() => new Response('<html>proxy error page</html>', { status: 200 }));
    startEarlyRefresh();
    expect(await takeEarlyRefresh()).toEqual({ status: null, retryAfter: null, body: null });
    expect(preloads()).toEqual([]);
  });

  it('takes the Web Lock every refresh of every tab takes', async () => {
    const held: string[] = [];
    const request = jest.fn(async (name: string, task: () => Promise<unknown>) => {
      held.push(name);
      return task();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      mockFetch(() => json(anAuthSession()));
      startEarlyRefresh();
      await takeEarlyRefresh();
      expect(held).toEqual([REFRESH_LOCK]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
