// E-mail verification in Chromium: sign up → 'Check your inbox' → the confirmation e-mail in MailDev → its link →
// confirmed, which is no sign-in: the sign-in form follows with the address filled in → signed in, no
// banner; and an unconfirmed user (signed in with the password) sees the banner, gets another link with
// 'Resend e-mail', and following it in the same browser carries the session on, confirmed.
import { eventually, uniqueEmail, verificationTokensFor } from '../support/api';
import { useChromium } from '../support/browser';
import { mailTo } from '../support/maildev';
import { field, openUkPage, PASSWORD } from '../support/web-flows';

const chromium = useChromium();
const BANNER = 'Confirm your e-mail address';

async function signUpThroughTheForm(page: Awaited<ReturnType<typeof openUkPage>>['page'], email: string) {
  await page.goto('/auth?mode=sign-up');
  await field(page, 'Full name').fill('Vera Verified');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

describe('e-mail verification in the browser', () => {
  it('refuses a common password under the field, then signs up, confirms through the e-mailed link and is verified', async () => {
    const { page } = await openUkPage(chromium);
    const email = uniqueEmail('verify-web');
    await page.goto('/auth?mode=sign-up');
    await field(page, 'Full name').fill('Vera Verified');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('This is a heavily used password.', { exact: false }).first().waitFor();

    await signUpThroughTheForm(page, email);
    await page.getByText(email).waitFor();

    const mail = await mailTo(email, (m) => m.subject === 'Confirm your e-mail address for Kitty');
    const link = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text)![0]);
    expect(mail.html).toContain(link.search.replace(/&/g, '&amp;'));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    await page.getByRole('button', { name: 'Confirm E-mail' }).click();
    await page.getByText('E-mail confirmed').waitFor();
    await page.getByText('Sign in to start using your account.').waitFor();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    expect(await page.getByText(BANNER, { exact: true }).count()).toBe(0);

    // Single use: the same link again says so.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm E-mail' }).click();
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
  });

  it('shows an unconfirmed user the banner, resends the link, and following it carries the session on', async () => {
    const { page } = await openUkPage(chromium);
    const email = uniqueEmail('verify-banner');
    await signUpThroughTheForm(page, email);

    await page.goto('/auth');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(BANNER, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Resend e-mail' }).click();
    await page.getByText('E-mail sent').waitFor();

    const [, newer] = await eventually(async () => {
      const tokens = await verificationTokensFor(email);
      return tokens.length === 2 ? tokens : undefined;
    });
    await page.goto(`/verify-email?token=${encodeURIComponent(newer)}`);
    await page.getByRole('button', { name: 'Confirm E-mail' }).click();
    await page.getByText('E-mail confirmed').waitFor();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.getByText(BANNER, { exact: true }).waitFor({ state: 'detached' });
  });
});
