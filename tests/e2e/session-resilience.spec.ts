// Sessions that survive real networks (ADR 0012), in Chromium: three tabs of one profile reload
// and navigate 100 times at random moments of their refresh cycle behind a 300 ms round trip, and nobody
// is signed out; a refresh token replayed after the reuse window revokes the family (refresh and access
// tokens); sign-out in one tab signs out every tab, and a sign-in in one tab is picked up by the others.
//
// The round trip comes from a delaying proxy in front of the gateway rather than page.route: Playwright's
// route.fetch() stores the response's Set-Cookie in the profile as soon as the server answers, even when the
// page has already navigated away, which hides exactly the failure under test (a rotated cookie lost with
// an abandoned response). Behind the proxy, Chromium itself drops the answer of a request it abandons.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { BrowserContext, Page } from 'playwright-core';

import { api, GATEWAY_URL, randomPublicIp, signUpUser } from '../support/api';
import { useChromium } from '../support/browser';

const HALF_ROUND_TRIP_MS = 150;
const NAVIGATIONS = 100;
const TABS = 3;
/** The auth service's default REFRESH_REUSE_WINDOW_SECONDS (the test stack keeps defaults). */
const REUSE_WINDOW_MS = 45_000;
/** Pages a signed-in user moves between: protected ones send a signed-out tab to /auth. */
const PATHS = ['/', '/pot-summary', '/create-pot', '/top-up', '/about', '/onboarding'];

const chromium = useChromium();

interface RefreshSeen {
  at: number;
  status: number;
  presented: string | null;
  accessToken: string | null;
  /** The browser had gone (navigated or reloaded) before the answer could reach it. */
  abandoned: boolean;
}

/**
 * An HTTP proxy to the gateway that holds every request for half the round trip before forwarding it and
 * every answer for the other half before returning it. A request is always forwarded once received (it is
 * already on the wire); an answer whose browser connection has closed meanwhile is dropped.
 */
async function startDelayingProxy(target: string, halfRoundTripMs: number) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const refreshes: RefreshSeen[] = [];
  /** Extra time the next refresh answer is held: a link slow enough that a navigation overtakes it. */
  let nextRefreshExtraMs = 0;
  const server = http.createServer((request, response) => {
    const body: Buffer[] = [];
    request.on('data', (chunk: Buffer) => body.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        const forwarded = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, host: upstream.host },
            agent,
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const payload = Buffer.concat(chunks);
              const seen =
                request.url === '/api/auth/refresh' ? recordRefresh(request, answer, payload) : null;
              const extraMs = seen ? nextRefreshExtraMs : 0;
              if (seen) nextRefreshExtraMs = 0;
              setTimeout(() => {
                if (response.destroyed || request.socket.destroyed) {
                  if (seen) seen.abandoned = true;
                  return;
                }
                const headers = { ...answer.headers };
                delete headers['transfer-encoding'];
                response.writeHead(answer.statusCode ?? 502, {
                  ...headers,
                  'content-length': payload.length,
                });
                response.end(payload);
              }, halfRoundTripMs + extraMs);
            });
          },
        );
        forwarded.on('error', () => response.destroy());
        forwarded.end(Buffer.concat(body));
      }, halfRoundTripMs);
    });
  });

  function recordRefresh(request: http.IncomingMessage, answer: http.IncomingMessage, payload: Buffer) {
    const presented = /kitty_refresh=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? null;
    let accessToken: string | null = null;
    try {
      accessToken = (JSON.parse(payload.toString('utf8')) as { accessToken?: string }).accessToken ?? null;
    } catch {
      // Problems without JSON bodies are counted by status alone.
    }
    const seen = { at: Date.now(), status: answer.statusCode ?? 0, presented, accessToken, abandoned: false };
    refreshes.push(seen);
    return seen;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refreshes,
    holdNextRefresh: (ms: number) => {
      nextRefreshExtraMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (below: number) => Math.floor(Math.random() * below);

/** 'in' or 'out' once the page has settled with the header showing either Sign Out or Sign In. */
/**
 * 'in' or 'out' as the header says once the session is known. While a rate-limited check waits to retry,
 * the header offers both Sign In and Sign Out: not settled yet.
 */
async function settledState(page: Page): Promise<'in' | 'out'> {
  const header = page.getByRole('navigation', { name: 'Account' });
  const signOut = header.getByRole('button', { name: 'Sign Out' });
  const signIn = header.getByRole('link', { name: 'Sign In' });
  await signOut.or(signIn).first().waitFor({ timeout: 20_000 });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [inside, outside] = await Promise.all([signOut.isVisible(), signIn.isVisible()]);
    if (inside !== outside) return inside ? 'in' : 'out';
    if (Date.now() > deadline) throw new Error('The session was still being checked after 20 s');
    await sleep(100);
  }
}

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 20_000 });
}

describe('sessions on a slow network, across tabs', () => {
  let proxy: Awaited<ReturnType<typeof startDelayingProxy>>;

  beforeAll(async () => {
    proxy = await startDelayingProxy(GATEWAY_URL, HALF_ROUND_TRIP_MS);
  });
  afterAll(() => proxy?.close());

  async function threeTabs(): Promise<{ context: BrowserContext; tabs: Page[] }> {
    const context = await chromium.newContext({
      baseURL: proxy.url,
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': randomPublicIp() },
    });
    const tabs: Page[] = [];
    for (let i = 0; i < TABS; i += 1) {
      const tab = await context.newPage();
      tab.setDefaultTimeout(20_000);
      tabs.push(tab);
    }
    return { context, tabs };
  }

  it(`survives ${NAVIGATIONS} reloads and navigations at random moments of the refresh cycle, then a replay after the window revokes the family`, async () => {
    const { credentials } = await signUpUser();
    const { tabs } = await threeTabs();
    await signInThroughTheForm(tabs[0], credentials.email, credentials.password);
    for (const tab of tabs.slice(1)) {
      await tab.goto('/');
      expect(await settledState(tab)).toBe('in');
    }
    const startedAt = Date.now();
    const firstRefresh = proxy.refreshes.length;

    let signOutsSeen = 0;
    for (let i = 0; i < NAVIGATIONS; i += 1) {
      const tab = tabs[randomInt(TABS)];
      const action =
        Math.random() < 0.5
          ? tab.reload({ waitUntil: 'commit' })
          : tab.goto(PATHS[randomInt(PATHS.length)], { waitUntil: 'commit' });
      // A navigation that another one interrupts is the point: its failure is expected.
      await action.catch(() => undefined);
      // Somewhere between "before the refresh is sent" and "well after it answered", on any tab.
      await sleep(randomInt(1_500));
      if (i % 20 === 19) {
        for (const each of tabs) if ((await settledState(each)) === 'out') signOutsSeen += 1;
      }
    }
    // Random moments usually catch a refresh in flight, but not always: if none was caught, make sure one
    // is — the next refresh's answer held 3 s on the wire, and the tab reloaded the moment the gateway sent it.
    for (
      let tries = 0;
      tries < 5 && !proxy.refreshes.slice(firstRefresh).some((seen) => seen.abandoned);
      tries += 1
    ) {
      const tab = tabs[tries % TABS];
      const before = proxy.refreshes.length;
      proxy.holdNextRefresh(3_000);
      await tab.reload({ waitUntil: 'commit' });
      const deadline = Date.now() + 10_000;
      while (proxy.refreshes.length === before && Date.now() < deadline) await sleep(10);
      await tab.reload({ waitUntil: 'commit' }).catch(() => undefined);
      await sleep(3_500);
    }
    for (const tab of tabs) {
      await tab.reload();
      if ((await settledState(tab)) === 'out') signOutsSeen += 1;
    }

    const during = proxy.refreshes.slice(firstRefresh);
    const refused = during.filter((seen) => seen.status === 401).length;
    const limited = during.filter((seen) => seen.status === 429).length;
    const abandoned = during.filter((seen) => seen.abandoned).length;
    const retriedWithPrevious = during.filter(
      (seen, index) =>
        seen.status === 200 && during.slice(0, index).some((earlier) => earlier.presented === seen.presented),
    ).length;
    // The figures for the closing note.
    process.stdout.write(
      `session-resilience: ${NAVIGATIONS} navigations over ${TABS} tabs in ${Math.round((Date.now() - startedAt) / 1000)} s, ` +
        `${during.length} refreshes (${abandoned} answers abandoned by the browser, ${retriedWithPrevious} served from the reuse window), ` +
        `${refused} refused, ${limited} rate-limited, ${signOutsSeen} sign-outs\n`,
    );
    expect(abandoned).toBeGreaterThan(0); // the test did hit the failure it is about
    expect(refused).toBe(0);
    expect(signOutsSeen).toBe(0);

    // A replay after the window: the token the last rotation replaced (the immediately previous one, which
    // the window would have forgiven), presented again once the window is over. The tabs stay idle: with a
    // 15-minute access token their 30 s checks do not refresh.
    const rotations = proxy.refreshes.filter(
      (seen, index) =>
        seen.status === 200 &&
        seen.presented &&
        !proxy.refreshes.slice(0, index).some((earlier) => earlier.presented === seen.presented),
    );
    const lastRotation = rotations[rotations.length - 1];
    const latestAccessToken = [...proxy.refreshes].reverse().find((seen) => seen.accessToken)!.accessToken!;
    const wait = lastRotation.at + REUSE_WINDOW_MS + 1_500 - Date.now();
    if (wait > 0) await sleep(wait);
    const refreshesBeforeReplay = proxy.refreshes.length;
    const replay = await api('/api/auth/refresh', {
      method: 'POST',
      headers: { cookie: `kitty_refresh=${lastRotation.presented}`, 'x-forwarded-for': randomPublicIp() },
    });
    expect(proxy.refreshes.length).toBe(refreshesBeforeReplay); // nothing refreshed in between
    expect(replay.status).toBe(401);
    // The whole family is gone: the tabs' access token is refused at once and a reload finds no session.
    expect((await api('/api/me', { headers: { authorization: `Bearer ${latestAccessToken}` } })).status).toBe(
      401,
    );
    await tabs[0].goto('/pot-summary');
    await tabs[0].waitForURL('**/auth?next=%2Fpot-summary');
    // 100 navigations take 2–3 minutes on a loaded 2-CPU machine, then the window must pass.
  }, 420_000);

  it('signs every tab out with one Sign Out, and picks up a sign-in made in another tab', async () => {
    const { credentials } = await signUpUser();
    const { tabs } = await threeTabs();
    await signInThroughTheForm(tabs[0], credentials.email, credentials.password);
    await tabs[1].goto('/pot-summary');
    await tabs[2].goto('/');
    expect(await settledState(tabs[1])).toBe('in');
    expect(await settledState(tabs[2])).toBe('in');

    await tabs[2].getByRole('button', { name: 'Sign Out' }).click();
    // No reload: the other tabs hear it and leave, the protected page for home.
    await tabs[0].getByRole('link', { name: 'Sign In' }).waitFor();
    await tabs[1].getByRole('link', { name: 'Sign In' }).waitFor();
    await tabs[1].waitForURL((url) => url.pathname === '/');

    await signInThroughTheForm(tabs[1], credentials.email, credentials.password);
    await tabs[0].getByRole('button', { name: 'Sign Out' }).waitFor();
    await tabs[2].getByRole('button', { name: 'Sign Out' }).waitFor();
  }, 90_000);
});
