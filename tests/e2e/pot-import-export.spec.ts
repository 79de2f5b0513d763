// Import and export in Chromium: the owner imports a Splitwise export, matching a name the
// file spells differently with a Select, sees the summary, imports again for '0 new', and downloads the
// pot's CSV; on a phone the preview (names, rows, problems) fits 375 px.
import { readFile } from 'node:fs/promises';

import type { Page } from 'playwright-core';

import { useChromium } from '../support/browser';
import { potWithMembers } from '../support/pots';
import { chooseOption, signedInAt } from '../support/web-flows';

const chromium = useChromium();

/** A Splitwise group export where Member 1 is 'M. One', with a row in euros. */
const SPLITWISE = [
  'Date,Description,Category,Cost,Currency,Olive Owner,M. One',
  '',
  '2026-07-01,Dinner at the harbour,Dining out,60.00,GBP,30.00,-30.00',
  '2026-07-02,Taxi to the airport,Taxi,25.50,GBP,-12.75,12.75',
  '2026-07-03,Museum,Entertainment,30.00,EUR,15.00,-15.00',
  '',
  '2026-07-31,Total balance, , ,GBP,17.25,-17.25',
].join('\r\n');

async function chooseFile(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import expenses' });
  await dialog.getByLabel('File to import').setInputFiles({
    name: 'splitwise-trip.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SPLITWISE),
  });
  await dialog.getByText(/^Splitwise CSV export: 2 expenses/).waitFor();
  return dialog;
}

async function matchOne(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByText('Choose a member for M. One.').waitFor();
  await chooseOption(page, dialog.getByLabel('Member for M. One'), 'Member 1');
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('import and export in the browser', () => {
  it('imports a Splitwise export once, and downloads the pot as CSV (1280 px)', async () => {
    const { pot, owner } = await potWithMembers(1, `Trip ${Date.now()}`);
    const page = await signedInAt(chromium, 1280, owner, { acceptDownloads: true });
    await page.goto(`/pot/${pot.id}`);

    const dialog = await chooseFile(page);
    await dialog
      .getByText('Row 5: This expense is in EUR; Kitty imports amounts in pounds (GBP) only.')
      .waitFor();
    await dialog
      .getByText('Paid by Olive Owner £60.00 · Shared by Olive Owner £30.00, M. One £30.00')
      .waitFor();
    await expectDisabled(dialog.getByRole('button', { name: 'Import 2 expenses' }));
    await matchOne(page, dialog);
    await dialog.screenshot({ path: 'tmp/e2e-import-preview-1280.png' });
    await dialog.getByRole('button', { name: 'Import 2 expenses' }).click();
    await dialog.getByText('2 new, 0 already imported.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const expenses = page.getByRole('list', { name: 'Expenses' });
    await expenses.getByText('Dinner at the harbour').waitFor();
    await expenses.getByText('Taxi to the airport').waitFor();
    await page.getByText('Member 1 pays Olive Owner £17.25').waitFor();

    // The same file again: everything is already there.
    const again = await chooseFile(page);
    await again.getByText('Splitwise CSV export: 2 expenses, 2 already imported.').waitFor();
    await expectDisabled(again.getByRole('button', { name: 'Import 0 expenses' }));
    await again.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'hidden' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kitty-trip-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Description,Category,Cost,Currency,Type,Olive Owner,Member 1,Paid by Olive Owner,Paid by Member 1',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(1).join(','))).toEqual([
      'Dinner at the harbour,Food and drink,60.00,GBP,Expense,30.00,30.00,60.00,',
      'Taxi to the airport,Transport,25.50,GBP,Expense,12.75,12.75,,25.50',
    ]);
  }, 90_000);

  it('fits a phone: names, rows and problems at 375 px', async () => {
    const { pot, owner } = await potWithMembers(1, `Trip ${Date.now()}`);
    const page = await signedInAt(chromium, 375, owner, { acceptDownloads: true });
    await page.goto(`/pot/${pot.id}`);
    const dialog = await chooseFile(page);
    await matchOne(page, dialog);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: 'tmp/e2e-import-preview-375.png' });
    await dialog.getByRole('button', { name: 'Import 2 expenses' }).click();
    await dialog.getByText('2 new, 0 already imported.').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: 'tmp/e2e-import-done-375.png' });
  });
});

async function expectDisabled(locator: ReturnType<Page['getByRole']>) {
  expect(await locator.isDisabled()).toBe(true);
}
