// The user's own bank account in Chromium on a 375 px phone: entered in onboarding's card step (a pair
// failing the modulus check is refused under the account number), shown on the account page as sort code
// and last four digits, the page never wider than the screen.
import { uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { addBankAccountInBrowser, openUkPage, signUpInBrowser, verifyInBrowser } from '../support/web-flows';

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
  }, 90_000);
});
