// How soon another member sees a new expense: two pot members each in their own Chromium context with the
// pot page open; one adds ROUNDS expenses (through the API, from their browser context), the other's page
// is watched until each appears in its expense list. Prints p50/p90 from the add to the row on screen,
// and when the server's live notice reached a listening tab, for comparison. The pot starts with SEED
// expenses, as a pot in use would. Needs a running stack (`npm start`) and Chromium (CHROMIUM_PATH,
// default /usr/bin/chromium).
import { randomUUID } from 'node:crypto';

import { chromium } from 'playwright-core';

import { GATEWAY, percentile, potOfNewMembers, queuesDrained, recordSeededExpense } from './lib.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 30);
const SEED = Number(process.env.SEED ?? 100);
/** Between two adds: the watcher's page has long settled, as between two people's expenses. */
const PAUSE_MS = 1_500;

// Notes, in the watching page, when each expense description first appears in the expense list.
const WATCH_EXPENSES = () => {
  window.__seenAt = {};
  const look = () => {
    for (const element of document.querySelectorAll('.expense-description')) {
      const text = element.textContent ?? '';
      if (text.startsWith('Live ') && !(text in window.__seenAt)) window.__seenAt[text] = Date.now();
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
};

/** A browser context signed in as `user`, its pot page open and listening for changes. */
async function potPageOf(browser, user, potId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Signing in through the context's request API leaves the refresh cookie in the browser, as a sign-in would.
  await context.request.post(`${GATEWAY}/api/auth/sign-in`, {
    data: { email: user.user.email, password: 'bench-password' },
  });
  const page = await context.newPage();
  // A first load on a busy machine can take tens of seconds; the measurement starts once it is in.
  page.setDefaultTimeout(90_000);
  await page.addInitScript(WATCH_EXPENSES);
  const listening = page.waitForResponse((response) => response.url().endsWith('/api/live'));
  await page.goto(`${GATEWAY}/pot/${potId}`);
  await page
    .locator('.expense-list')
    .waitFor()
    .catch(async (error) => {
      await page.screenshot({ path: '/tmp/live-screens-failed.png' });
      throw error;
    });
  await listening;
  return { context, page };
}

/** The arrival time of every change notice one user's tab is sent, heard from Node. */
async function noticeArrivals(token) {
  const arrivals = [];
  const controller = new AbortController();
  const response = await fetch(`${GATEWAY}/api/live`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        // Events end with a blank line; a change notice is named `change`.
        const blocks = (buffer + decoder.decode(chunk, { stream: true })).split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) if (/^event: change$/m.test(block)) arrivals.push(Date.now());
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return { arrivals, stop: () => controller.abort() };
}

const { users, pot, members } = await potOfNewMembers({ label: 'Live', size: 2, ipPrefix: '198.20' });
const [adder, watcher] = users;
for (let i = 0; i < SEED; i += 1) await recordSeededExpense(pot, adder, members, i);
await queuesDrained();

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const adding = await potPageOf(browser, adder, pot.id);
const watching = await potPageOf(browser, watcher, pot.id);
const notices = await noticeArrivals(watcher.accessToken);
await watching.page.waitForTimeout(1_000);

const visible = [];
const noticed = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const description = `Live ${round + 1}`;
  const heardBefore = notices.arrivals.length;
  const startedAt = Date.now();
  const response = await adding.context.request.post(`${GATEWAY}/api/pots/${pot.id}/expenses`, {
    headers: { authorization: `Bearer ${adder.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      description,
      amountPence: 1_000 + round,
      paidFrom: 'member',
      payerMemberId: members[0].id,
      split: { mode: 'equal', members: members.map(({ id }) => ({ memberId: id })) },
    },
  });
  if (!response.ok())
    throw new Error(`adding ${description} → ${response.status()} ${await response.text()}`);
  await watching.page.waitForFunction((text) => text in window.__seenAt, description, { timeout: 15_000 });
  visible.push((await watching.page.evaluate((text) => window.__seenAt[text], description)) - startedAt);
  if (notices.arrivals.length > heardBefore) noticed.push(notices.arrivals[heardBefore] - startedAt);
  await watching.page.waitForTimeout(PAUSE_MS);
}
notices.stop();
await browser.close();

const line = (label, values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(32)} p50 ${String(percentile(sorted, 50)).padStart(5)} ms   p90 ${String(percentile(sorted, 90)).padStart(5)} ms   (${sorted.length})`;
};
console.log(
  `A new expense on another member's pot page at ${GATEWAY}: ${SEED} expenses before, ${ROUNDS} added`,
);
console.log(line('live notice reaches a tab', noticed));
console.log(line('expense visible on the page', visible));
