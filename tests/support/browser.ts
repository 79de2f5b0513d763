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
