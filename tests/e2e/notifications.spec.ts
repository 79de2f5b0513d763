// The notification centre in Chromium: Ben has Kitty open when Olive adds an expense to
// their pot; his bell counts it without a reload (live updates), the panel names it and takes him to the
// pot, and it is read. His choice of e-mails is kept on the account page. Also at 375 px.
import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';

import { api } from '../support/api';
import { useChromium } from '../support/browser';
import { bearer, potWithMembers, type User } from '../support/pots';
import { field, openUkPage, PASSWORD } from '../support/web-flows';

const chromium = useChromium();

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
}

async function addExpense(
  owner: User,
  pot: Awaited<ReturnType<typeof potWithMembers>>['pot'],
  description: string,
) {
  const added = await api(`/api/pots/${pot.id}/expenses`, {
    method: 'POST',
    body: {
      description,
      amountPence: 2400,
      paidFrom: 'member',
      payerMemberId: pot.members[0].id,
      split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
    },
    headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
  });
  expect(added.status).toBe(201);
}

describe('notifications in the browser', () => {
  it.each([
    ['1280 px', 1280],
    ['375 px', 375],
  ])(
    'counts a new one live, opens it where it happened, marks it read (%s)',
    async (_label, width) => {
      const { pot, owner, others } = await potWithMembers(1, `Bells ${width}`);
      const [ben] = others;
      const { context, page } = await openUkPage(chromium);
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, ben.credentials.email);
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

      // Olive adds an expense elsewhere: the bell counts it while Ben just looks (no reload, no click).
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      await addExpense(owner, pot, 'Pizza');
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 5_000 });
      expect(navigations).toEqual([]);

      await bell.click();
      const list = page.getByRole('list', { name: 'Notifications' });
      const item = list.getByRole('button', { name: /Olive Owner added "Pizza" \(£24\.00\)/ });
      await item.waitFor();
      const panel = await page.locator('.notification-panel').boundingBox();
      expect(panel && panel.x >= 0 && panel.x + panel.width <= width).toBe(true);
      // Once the panel's opening animation is over: what a person sees, kept for a look.
      await page.waitForTimeout(500);
      await page.screenshot({ path: `test-results/notifications-${width}.png` }).catch(() => undefined);
      await item.click();
      await page.waitForURL(`**/pot/${pot.id}`);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await context.close();
    },
    90_000,
  );

  it('keeps the e-mails Ben turned off', async () => {
    const { others } = await potWithMembers(1, 'Settings');
    const [ben] = others;
    const { context, page } = await openUkPage(chromium);
    await signIn(page, ben.credentials.email);
    await page.goto('/account#notifications');
    const expensesByEmail = page.getByRole('switch', { name: 'An expense is added to your pot: by e-mail' });
    expect(await expensesByEmail.getAttribute('aria-checked')).toBe('true');
    await expensesByEmail.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-label="An expense is added to your pot: by e-mail"]')
          ?.getAttribute('aria-checked') === 'false',
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(
      await page
        .getByRole('switch', { name: 'An expense is added to your pot: by e-mail' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    const saved = await api<{ preferences: { kind: string; email: boolean }[] }>(
      '/api/me/notification-preferences',
      {
        headers: bearer(ben.session.accessToken),
      },
    );
    expect(saved.body.preferences.find((p) => p.kind === 'expense_added')?.email).toBe(false);
    await context.close();
  }, 90_000);
});
