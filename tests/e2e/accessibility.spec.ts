// Accessibility: axe-core over every page of the SPA in Chromium, signed out and signed in, at 1280 px and
// 375 px — no serious or critical violation (WCAG 2.x A and AA rules and axe's best practices).
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';

import { useChromium } from '../support/browser';
import { createPotInBrowser, openUkPage, signUpInBrowser, verifyInBrowser } from '../support/web-flows';

const chromium = useChromium();
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The serious and critical violations on the page as it is now, each with where it was found. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
}

/** Opens `path`, waits for what shows the page has rendered, and collects its violations under its name. */
async function audit(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  found: Record<string, string[]>,
) {
  await page.goto(path);
  await ready(page);
  // Whatever is still loading has not drawn its colours yet: audit the page as it settles.
  await page.waitForFunction(
    () => !document.querySelector('.page-loader, .ant-spin-spinning, .ant-skeleton-active, .plain-skeleton, .plain-skeleton-line'),
  );
  // antd animates dialogs and messages in: let them settle so colours are final.
  await page.waitForTimeout(300);
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[path] = violations;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().waitFor();
/** Pages whose content is text: rendered once their lazy chunk has put a heading on the page. */
const anyHeading = (page: Page) => page.locator('h1, h2, h3').first().waitFor();

const SIGNED_OUT_PAGES: [string, (page: Page) => Promise<unknown>][] = [
  ['/', (page) => page.getByRole('link', { name: 'Get Started', exact: true }).waitFor()],
  ['/auth', (page) => page.getByRole('button', { name: 'Sign In' }).waitFor()],
  ['/auth?mode=sign-up', (page) => page.getByRole('button', { name: 'Create Account' }).waitFor()],
  ['/about', anyHeading],
  ['/services', anyHeading],
  ['/terms', anyHeading],
  ['/privacy', anyHeading],
  ['/cookies', anyHeading],
  ['/contact', anyHeading],
  ['/forgot-password', (page) => page.getByRole('button').first().waitFor()],
  ['/funding-cancelled', anyHeading],
  ['/no-such-page', anyHeading],
];

describe('accessibility (axe-core) of every page', () => {
  it.each([
    ['1280 px', 1280],
    ['375 px', 375],
  ])(
    'has no serious or critical violation signed out at %s',
    async (_label, width) => {
      const { page } = await openUkPage(chromium);
      await page.setViewportSize({ width, height: 900 });
      const found: Record<string, string[]> = {};
      for (const [path, ready] of SIGNED_OUT_PAGES) await audit(page, path, ready, found);
      expect(found).toEqual({});
    },
    120_000,
  );

  it.each([
    ['1280 px', 1280],
    ['375 px', 375],
  ])(
    'has no serious or critical violation signed in at %s',
    async (_label, width) => {
      const { page } = await openUkPage(chromium);
      await page.setViewportSize({ width, height: 900 });
      await signUpInBrowser(page);
      await verifyInBrowser(page);
      const potId = await createPotInBrowser(page, 'Axe Trip');
      const found: Record<string, string[]> = {};
      const pages: [string, (page: Page) => Promise<unknown>][] = [
        ['/', heading('Quick Actions')],
        ['/create-pot', (page) => page.getByRole('button', { name: 'Create Pot' }).waitFor()],
        [`/pot/${potId}`, heading('Axe Trip')],
        ['/pot-summary', (page) => page.getByRole('heading', { name: 'Axe Trip' }).waitFor()],
        // Verified, no card yet: the account summary and the card step.
        ['/onboarding', (page) => page.getByRole('button', { name: 'Create Virtual Card' }).waitFor()],
        ['/account', heading('Your account')],
        ['/statement', (page) => page.getByRole('button', { name: 'Download CSV' }).waitFor()],
        [`/pot/${potId}/statement`, (page) => page.getByRole('button', { name: 'Download CSV' }).waitFor()],
        ['/account/password', (page) => page.getByRole('button').first().waitFor()],
        ['/top-up', (page) => page.getByRole('button').first().waitFor()],
        ['/request-top-up', (page) => page.getByRole('button').first().waitFor()],
      ];
      for (const [path, ready] of pages) await audit(page, path, ready, found);
      expect(found).toEqual({});
    },
    180_000,
  );
});
