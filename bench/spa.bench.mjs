// How the SPA loads in Chromium, cold cache, on a desktop and on a throttled phone profile (4× CPU,
// 1.6 Mb/s down, 750 kb/s up, 150 ms RTT, 375 × 667): JS bytes over the wire, LCP, CLS, and the caching and
// encoding headers of the first script. Median of ROUNDS loads per page. Needs a running stack (`npm start`)
// and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { chromium } from 'playwright-core';

import { GATEWAY, signUpConfirmed } from './lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'sign-in', path: '/auth' },
  { name: 'home', path: '/', signedIn: true },
];
const PROFILES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  'throttled phone': {
    viewport: { width: 375, height: 667 },
    cpu: 4,
    network: {
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
  },
};

// Collects LCP and CLS as the page reports them (buffered, so entries before the observer count too).
const OBSERVE_VITALS = () => {
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function load(browser, profile, { path, signedIn }, credentials) {
  const context = await browser.newContext({ viewport: profile.viewport });
  // Signing in through the context's request API leaves the refresh cookie in the browser, as a sign-in would.
  if (signedIn) await context.request.post(`${GATEWAY}/api/auth/sign-in`, { data: credentials });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const scripts = new Map();
  const scriptHeaders = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    scripts.set(requestId, 0);
    scriptHeaders.set(requestId, response.headers);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) scripts.set(requestId, encodedDataLength);
  });
  // Settled: a second with no request started or finished, the signed-in page's live stream
  // (/api/live, open for as long as the page is) left out: 'networkidle' never comes with it open.
  let lastActivity = performance.now();
  const touch = ({ request, response }) => {
    if (!(request?.url ?? response?.url ?? '').includes('/api/live')) lastActivity = performance.now();
  };
  cdp.on('Network.requestWillBeSent', touch);
  cdp.on('Network.responseReceived', touch);
  cdp.on('Network.loadingFinished', () => (lastActivity = performance.now()));
  await page.addInitScript(OBSERVE_VITALS);
  await page.goto(`${GATEWAY}${path}`, { waitUntil: 'load' });
  while (performance.now() - lastActivity < 1000) await page.waitForTimeout(100);
  // Observers are called back asynchronously: wait for the LCP entry, then give late shifts a moment.
  await page.waitForFunction(() => window.__vitals.lcp > 0, undefined, { timeout: 15_000 });
  await page.waitForTimeout(500);
  const vitals = await page.evaluate(() => window.__vitals);
  await context.close();
  const jsBytes = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  // The largest script's headers: the first is index.html's tiny boot script, too small to be compressed.
  const [largest] = [...scripts].sort(([, a], [, b]) => b - a)[0] ?? [];
  return { ...vitals, jsBytes, largestScript: scriptHeaders.get(largest) };
}

const credentials = { email: `bench-spa-${Date.now().toString(36)}@example.com`, password: 'bench-password' };
await signUpConfirmed({ fullName: 'Spa Bench', ...credentials });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
console.log(`SPA loads at ${GATEWAY}, cold cache, median of ${ROUNDS}`);
console.log('profile          page      JS over the wire   LCP        CLS');
let headers;
for (const [name, profile] of Object.entries(PROFILES))
  for (const page of PAGES) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round += 1)
      runs.push(await load(browser, profile, page, credentials));
    headers ??= runs[0].largestScript;
    console.log(
      `${name.padEnd(16)} ${page.name.padEnd(9)} ${`${(median(runs.map((r) => r.jsBytes)) / 1024).toFixed(1)} KB`.padStart(16)}   ${`${Math.round(median(runs.map((r) => r.lcp)))} ms`.padEnd(10)} ${median(runs.map((r) => r.cls)).toFixed(3)}`,
    );
  }
await browser.close();
console.log(
  `largest script: content-encoding ${headers?.['content-encoding'] ?? 'none'}, cache-control ${headers?.['cache-control'] ?? 'none'}`,
);
