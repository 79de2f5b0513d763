// The user's own bank account in Chromium on a 375 px phone: entered in onboarding's card step with the
// password re-entered (a pair failing the modulus check is refused under the account number), shown on the
// account page as sort code and last four digits, the page never wider than the screen. Changing it asks
// for the password again (a wrong one is refused under the field) and then says until when withdrawals to
// the new account wait.
import { uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import {
  addBankAccountInBrowser,
  openUkPage,
  PASSWORD,
  signUpInBrowser,
  verifyInBrowser,
} from '../support/web-flows';

const chromium = useChromium();

describe('the bank account withdrawals are paid to', () => {
  it('is added in onboarding and shown on the account page, at 375 px', async () => {
    const { page } = await openUkPage(chromium);
    await page.setViewportSize({ width: 375, height: 812 });
    await signUpInBrowser(page, uniqueEmail('bank'));
    await verifyInBrowser(page);
    await page.getByText('No bank account yet: add yours to withdraw money from Kitty.').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await addBankAccountInBrowser(page);

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Your bank account' });
    await section.getByText('Sort code 20-00-00 · Account •••• 9911').waitFor();
    await page.getByText('Bank account •••• 9911').waitFor();
    await section.getByRole('button', { name: 'Change bank account' }).click();
    await section.getByLabel('Sort code').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    const form = section.getByRole('form', { name: 'Bank account' });
    await form.getByLabel('Name on the account').fill('Ada Lovelace');
    await form.getByLabel('Sort code').fill('089999');
    await form.getByLabel('Account number').fill('66374958');
    await form.getByLabel('Your Kitty password').fill('not-my-password');
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await form.getByText('Your password is not correct.').waitFor();
    await form.getByLabel('Your Kitty password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Save bank account' }).click();
    await section.getByText('Sort code 08-99-99 · Account •••• 4958').waitFor();
    await section
      .getByText(/^Withdrawals to •••• 4958 are available from \d{1,2} \w{3}, \d{2}:\d{2}\.$/)
      .waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
  }, 120_000);
});
