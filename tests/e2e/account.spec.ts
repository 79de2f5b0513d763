// The account page in Chromium: Home's 'Manage Account' → /account; another browser's session is listed
// and signed out from here (that browser lands signed out on its next load); the data downloads as JSON
// and CSV; the account is deleted with the password and every tab signs out. Also at 375 px.
import { readFileSync } from 'node:fs';

import { signUpUser } from '../support/api';
import { useChromium } from '../support/browser';
import { field, openUkPage, PASSWORD } from '../support/web-flows';

const chromium = useChromium();

async function signInThroughTheForm(page: Awaited<ReturnType<typeof openUkPage>>['page'], email: string) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
}

describe('the account page in the browser', () => {
  it('signs another browser out, downloads the data and deletes the account', async () => {
    const { credentials } = await signUpUser({ fullName: 'Acca Count' });
    const { page, context } = await openUkPage(chromium);
    const other = await openUkPage(chromium);
    await signInThroughTheForm(page, credentials.email);
    await signInThroughTheForm(other.page, credentials.email);

    await page.getByRole('link', { name: 'Manage Account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText('Acca Count', { exact: true }).waitFor();
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    // Both browsers are Chromium on Linux: the other one is the row with a sign-out button.
    await devices.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();
    await page.getByText('Chrome on Linux has been signed out.').waitFor();
    await other.page.reload();
    await other.page.getByRole('link', { name: 'Get Started', exact: true }).waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download everything (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^kitty-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { profile: { email: string } };
    expect(exported.profile.email).toBe(credentials.email);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Expenses', exact: true }).click(),
    ]);
    expect(readFileSync((await csv.path())!, 'utf8').split('\r\n')[0]).toBe(
      'pot,expense_id,date,description,amount_gbp,paid_from,paid_by,split,shares,status',
    );

    // A second tab of the same browser signs out with the deletion.
    const secondTab = await context.newPage();
    await secondTab.goto('/');
    await secondTab.getByRole('heading', { name: 'Quick Actions' }).waitFor();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Your password is not correct.').waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Account deleted').waitFor();
    await page.getByRole('link', { name: 'Get Started', exact: true }).waitFor();
    await secondTab.getByRole('link', { name: 'Get Started', exact: true }).waitFor();

    await signInAttempt(page, credentials.email);
  }, 60_000);

  it('fits a 375 px phone screen', async () => {
    const { credentials } = await signUpUser({ fullName: 'Phil Phone' });
    const { page } = await openUkPage(chromium);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInThroughTheForm(page, credentials.email);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).waitFor();
    await page.getByRole('region', { name: 'Signed-in devices' }).getByText('This device').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
});

/** After deletion the old address and password no longer sign in. */
async function signInAttempt(page: Awaited<ReturnType<typeof openUkPage>>['page'], email: string) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('The email or password you entered is incorrect.').waitFor();
}
