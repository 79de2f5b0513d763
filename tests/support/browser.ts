import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium for a browser suite: launched once per file, each test's contexts (browser profiles)
 * closed after it. Background networking is off: this machine refuses outside connections.
 */
export function useChromium() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

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
    // Each page as the test left it (tmp/e2e-last/<test>-<n>.png): what a failure looked like.
    const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
    const pages = contexts.flatMap((context) => context.pages());
    await Promise.all(
      pages.map((page, i) =>
        page
          .screenshot({ path: `tmp/e2e-last/${name}-${i + 1}.png`, fullPage: true, timeout: 5_000 })
          .catch(() => undefined),
      ),
    );
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newContext(options: BrowserContextOptions): Promise<BrowserContext> {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}
