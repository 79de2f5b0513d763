import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium for a browser suite: launched once per file, each test's contexts (browser profiles)
 * closed after it. Background networking is off: this machine refuses outside connections.
 */
export function useChromium() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  // Per page: its navigations and its API calls that did not answer 2xx, printed when a test fails.
  const trails = new WeakMap<Page, string[]>();
  // Content Security Policy violations reported on any page of the test: each one fails it (a request our
  // own policy refuses is code that cannot work in a browser, e.g. a wallet probe fetching apple.com).
  const cspViolations: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  });

  afterEach(async () => {
    const violations = cspViolations.splice(0);
    // Each page as the test left it (tmp/e2e-last/<test>-<n>.png): what a failure looked like.
    const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
    const pages = contexts.flatMap((context) => context.pages());
    // A failure also prints where each page went and the API answers that were not 2xx: the toast that
    // said why is gone by the time a wait runs out, and CI keeps the output, not the screenshots.
    if ((globalThis as { __e2eTestFailed?: boolean }).__e2eTestFailed)
      for (const [i, page] of pages.entries())
        console.log(`page ${i + 1} at ${page.url()}:\n  ${(trails.get(page) ?? ['(nothing)']).join('\n  ')}`);
    await Promise.all(
      pages.map((page, i) =>
        page
          .screenshot({ path: `tmp/e2e-last/${name}-${i + 1}.png`, fullPage: true, timeout: 5_000 })
          .catch(() => undefined),
      ),
    );
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(violations).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
      const context = await browser.newContext(options);
      contexts.push(context);
      context.on('page', (page) => {
        const trail: string[] = [];
        trails.set(page, trail);
        const note = (line: string) => trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
        page.on('console', (message) => {
          if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
            cspViolations.push(`${page.url()}: ${message.text()}`);
        });
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`);
        });
        page.on('response', (response) => {
          const { pathname } = new URL(response.url());
          if (pathname.startsWith('/api/') && response.status() >= 300)
            note(`${response.request().method()} ${pathname} → ${response.status()}`);
        });
        page.on('requestfailed', (request) => {
          if (new URL(request.url()).pathname.startsWith('/api/'))
            note(
              `${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`,
            );
        });
      });
      return context;
    },
  };
}
