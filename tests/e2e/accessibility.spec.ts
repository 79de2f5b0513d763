// Accessibility: axe-core over every page of the SPA in Chromium, signed out and signed in, at 1280 px and
// 375 px — no serious or critical violation (WCAG 2.x A and AA rules and axe's best practices) — and over the
// states a group reaches: an unread count, the notifications open, a pot's chart and cancelled recurring
// rule, its 'Why?' and import dialogs, statements with movements, withdrawals and the bank form open.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { Page } from 'playwright-core';

import { api, eventually } from '../support/api';
import { useChromium } from '../support/browser';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, potWithMembers, recordEqualExpense } from '../support/pots';
import {
  createPotInBrowser,
  openUkPage,
  signedInAt,
  signUpInBrowser,
  verifyInBrowser,
} from '../support/web-flows';

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
  await auditAsItIs(page, path, found);
}

/** Collects the violations of the page in the state it is in now (a dialog open, say) under `name`. */
async function auditAsItIs(page: Page, name: string, found: Record<string, string[]>) {
  // Whatever is still loading has not drawn its colours yet: audit the page as it settles.
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '.page-loader, .ant-spin-spinning, .ant-skeleton-active, .plain-skeleton, .plain-skeleton-line',
      ),
  );
  // antd animates dialogs and messages in: let them settle so colours are final.
  await page.waitForTimeout(300);
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[name] = violations;
}

/** WCAG's contrast ratio of an element's text colour on its own background colour (both opaque). */
function contrastOf(element: Element): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(element);
  const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
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

  it.each([
    ['1280 px', 1280],
    ['375 px', 375],
  ])(
    'has no serious or critical violation in the states a group reaches at %s',
    async (_label, width) => {
      // A pot with spending, a debt to explain, a cancelled recurring rule and money in; its owner with an
      // unread notification, a bank account and a withdrawal.
      const { pot, owner, others } = await potWithMembers(1, 'Axe Flat');
      const token = owner.session.accessToken;
      const [ownerId, memberId] = pot.members.map(({ id }) => id);
      await verifyUser(token);
      await topUp(token, 5_000, { type: 'pot', potId: pot.id });
      await recordEqualExpense(pot.id, owner, {
        description: 'Groceries',
        amountPence: 3_000,
        payerMemberId: ownerId,
        sharers: [ownerId, memberId],
      });
      const rule = await api<{ id: string }>(`/api/pots/${pot.id}/recurring-expenses`, {
        method: 'POST',
        body: {
          expense: {
            description: 'Broadband',
            amountPence: 3_500,
            paidFrom: 'member',
            payerMemberId: ownerId,
            split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId }] },
          },
          frequency: 'monthly',
          startOn: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
        },
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      });
      expect(rule.status).toBe(201);
      const cancelled = await api(`/api/pots/${pot.id}/recurring-expenses/${rule.body.id}`, {
        method: 'DELETE',
        headers: bearer(token),
      });
      expect(cancelled.status).toBe(204);
      await recordEqualExpense(pot.id, others[0], {
        description: 'Cleaning things',
        amountPence: 1_200,
        payerMemberId: memberId,
        sharers: [ownerId, memberId],
      });
      const withdrawal = await api('/api/withdrawals', {
        method: 'POST',
        body: { amountPence: 1_000, source: { type: 'pot', potId: pot.id } },
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      });
      expect(withdrawal.status).toBe(201);
      await eventually(async () => {
        const inbox = await api<{ unreadCount: number }>('/api/notifications', { headers: bearer(token) });
        return inbox.body.unreadCount > 0 ? true : undefined;
      }, 15_000);

      const page = await signedInAt(chromium, width, owner);
      const found: Record<string, string[]> = {};
      // Home with the bell's unread count, then the notifications open over it.
      const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
      await bell.waitFor();
      await auditAsItIs(page, 'Home, unread notifications', found);
      // axe leaves the count out (it is aria-hidden: the bell's name says it), so its contrast is measured here.
      expect(await page.locator('.plain-badge-count').evaluate(contrastOf)).toBeGreaterThanOrEqual(4.5);
      await bell.click();
      await page.getByRole('link', { name: 'Notification settings' }).waitFor();
      await auditAsItIs(page, 'notifications open', found);

      // The pot: its chart, the cancelled rule, and the 'Why?' and import dialogs.
      await audit(
        page,
        `/pot/${pot.id}`,
        async (page) => {
          await page.locator('.contributions-chart svg').first().waitFor();
          await page.getByText(/Every month · cancelled/).waitFor();
        },
        found,
      );
      await page
        .getByRole('button', { name: /^Why: / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('list', { name: 'Expenses and payments behind it' }).waitFor();
      await auditAsItIs(page, 'Why? dialog', found);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('dialog', { name: 'Import expenses' }).waitFor();
      await auditAsItIs(page, 'import dialog', found);

      await audit(
        page,
        `/pot/${pot.id}/statement`,
        (page) => page.getByRole('list', { name: 'Movements' }).waitFor(),
        found,
      );
      await audit(
        page,
        `/pot/${pot.id}/withdrawals`,
        (page) => page.getByRole('list', { name: 'Withdrawals' }).waitFor(),
        found,
      );
      await audit(
        page,
        '/withdrawals',
        (page) => page.getByRole('list', { name: 'Withdrawals' }).waitFor(),
        found,
      );
      // The bank form, open for a change.
      await audit(page, '/account', heading('Your account'), found);
      await page.getByRole('button', { name: 'Change bank account' }).click();
      await page.getByLabel('Sort code').waitFor();
      await auditAsItIs(page, 'bank form', found);
      expect(found).toEqual({});
    },
    180_000,
  );
});
