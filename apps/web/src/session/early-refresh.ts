/**
 * The session restore, started by the built index.html's first script (boot.ts, build/early-restore.ts)
 * before the app's code has arrived.
 * On a throttled phone the app's code takes over a second to download and run, and Home's code and data
 * wait for the refresh: so the call is made at once and, when it succeeds on `/`, Home's files are fetched
 * while the app's own still arrive. The app takes the answer once (refresh-request.ts): one refresh per
 * page load.
 */

/** What the early call got: its HTTP status (null when no answer came), its Retry-After, and its body. */
export interface EarlyRefreshAnswer {
  status: number | null;
  retryAfter: string | null;
  body: unknown;
}

declare global {
  interface Window {
    kittyEarlyRefresh?: Promise<EarlyRefreshAnswer>;
  }
}

/** The Web Lock every refresh of every tab takes: tabs share the cookie, a rotated token is sent once. */
export const REFRESH_LOCK = 'kitty:session-refresh';

/** The meta element the build fills with Home's files (build/early-restore.ts), space-separated. */
export const HOME_ASSETS_META = 'kitty-home-assets';

export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return task(); // no Web Locks (older browsers, insecure contexts)
  return await navigator.locks.request(REFRESH_LOCK, task);
}

async function callRefresh(): Promise<EarlyRefreshAnswer> {
  try {
    const response = await fetch(
      new Request('/api/auth/refresh', { method: 'POST', credentials: 'include' }),
    );
    const retryAfter = response.headers.get('retry-after');
    const body: unknown = response.ok ? await response.json() : null;
    return { status: response.status, retryAfter, body };
  } catch {
    // No answer, or an unreadable one: the app's refresher retries it like any transient failure.
    return { status: null, retryAfter: null, body: null };
  }
}

/** Asks the browser for Home's files now, so they are there when the app renders Home. */
function preloadHome(): void {
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${HOME_ASSETS_META}"]`)?.content;
  for (const file of files?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else {
      link.rel = 'modulepreload';
    }
    // As Vite's own tags ask for them (crossorigin): a preload fetched in another mode is not reused.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/** Called by boot.ts, the built index.html's first script. */
export function startEarlyRefresh(): void {
  window.kittyEarlyRefresh = withRefreshLock(callRefresh).then((answer) => {
    if (answer.status === 200 && window.location.pathname === '/') preloadHome();
    return answer;
  });
}

/** The early call's answer, once: later refreshes of this page are the app's own. */
export function takeEarlyRefresh(): Promise<EarlyRefreshAnswer> | undefined {
  const answer = window.kittyEarlyRefresh;
  window.kittyEarlyRefresh = undefined;
  return answer;
}
