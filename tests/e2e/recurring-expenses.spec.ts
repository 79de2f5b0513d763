// Recurring expenses in Chromium: rent set up from the Add Expense dialog as monthly from
// today is recorded at once, listed under Recurring with when it comes next, and stopped; on a phone the
// dialog's repeat fields fit 375 px and a weekly one starting next week records nothing yet.
import type { Page } from 'playwright-core';

import { useChromium } from '../support/browser';
import { potWithMembers } from '../support/pots';
import { chooseOption, signedInAt } from '../support/web-flows';

const chromium = useChromium();

async function chooseRepeat(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await chooseOption(page, dialog.getByLabel('Repeats'), label);
  await dialog.getByLabel('First on').waitFor();
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('recurring expenses in the browser', () => {
  it('sets up monthly rent from today: recorded at once, listed with its next day, then stopped (1280 px)', async () => {
    const { pot, owner } = await potWithMembers(1, `Flat ${Date.now()}`);
    const page = await signedInAt(chromium, 1280, owner);
    await page.goto(`/pot/${pot.id}`);

    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Description').fill('Rent');
    await dialog.getByLabel('Amount', { exact: true }).fill('900');
    await chooseRepeat(page, 'Every month');
    await dialog.getByText('Then on the same day each month (or its last day).').waitFor();
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await page.getByText('Recurring expense set up').waitFor();
    await page.getByText('Rent: £900.00 every month. The first one is recorded.').waitFor();

    const recurring = page.getByRole('region', { name: 'Recurring expenses' });
    await recurring
      .getByText(/Every month · next \d{1,2} \w{3} \d{4} · added 1 time · set up by Olive Owner/)
      .waitFor();
    // The expense itself is in the list, and the member owes half.
    await page.getByRole('list', { name: 'Expenses' }).getByText('Rent').waitFor();
    await page.getByText('Member 1 pays Olive Owner £450.00').waitFor();
    await recurring.screenshot({ path: 'tmp/e2e-recurring-1280.png' });

    await recurring.getByRole('button', { name: 'Stop recurring Rent' }).click();
    await page.getByRole('button', { name: 'Stop it' }).click();
    await page.getByText('Recurring expense cancelled').waitFor();
    await recurring.getByText(/Every month · cancelled/).waitFor();
    // What it recorded stays.
    await page.getByRole('list', { name: 'Expenses' }).getByText('Rent').waitFor();
  });

  it('fits a phone: a weekly cleaner from next week records nothing yet (375 px)', async () => {
    const { pot, owner } = await potWithMembers(1, `Flat ${Date.now()}`);
    const page = await signedInAt(chromium, 375, owner);
    await page.goto(`/pot/${pot.id}`);

    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Description').fill('Cleaner');
    await dialog.getByLabel('Amount', { exact: true }).fill('40');
    await chooseRepeat(page, 'Every week');
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('First on').fill(nextWeek);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: 'tmp/e2e-recurring-dialog-375.png' });
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await page.getByText('Cleaner: £40.00 every week.').waitFor();

    const recurring = page.getByRole('region', { name: 'Recurring expenses' });
    await recurring.getByText(/Every week · next .* · added 0 times/).waitFor();
    await page.getByText('No expenses yet').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await recurring.screenshot({ path: 'tmp/e2e-recurring-375.png' });
  });
});
