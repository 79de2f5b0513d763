// Passwords in Chromium: 'Forgot password?' on the sign-in page → 'Check your inbox' → the e-mailed link
// (MailDev) → a new password → signed out everywhere, sign in with the new one; and a change of password on
// /account/password that keeps this browser signed in and signs another one out.
import { signUpUser } from '../support/api';
import { useChromium } from '../support/browser';
import { passwordResetToken } from '../support/maildev';
import { field, openUkPage, PASSWORD } from '../support/web-flows';

const chromium = useChromium();
const NEW_PASSWORD = 'a-brand-new-long-passphrase';

async function signInThroughTheForm(
  page: Awaited<ReturnType<typeof openUkPage>>['page'],
  email: string,
  password: string,
) {
  await page.goto('/auth');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('passwords in the browser', () => {
  it('resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const { credentials } = await signUpUser({ fullName: 'Fern Forgot' });
    const { page } = await openUkPage(chromium);
    const other = await openUkPage(chromium);
    await signInThroughTheForm(other.page, credentials.email, PASSWORD);
    await other.page.getByRole('heading', { name: 'Quick Actions' }).waitFor();

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page is loaded lazily: until it is there, 'Email' is still the sign-in form's field.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await field(page, 'Email').fill(credentials.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const token = await passwordResetToken(credentials.email);
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await field(page, 'New password').fill('password');
    await field(page, 'Repeat new password').fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This is a heavily used password.', { exact: false }).first().waitFor();
    await field(page, 'New password').fill(NEW_PASSWORD);
    await field(page, 'Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    await signInThroughTheForm(page, credentials.email, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    // The other browser's session ended with the reset: its next load lands signed out.
    await other.page.reload();
    await other.page.getByRole('link', { name: 'Get Started', exact: true }).waitFor();

    // The link works once.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await field(page, 'New password').fill('yet-another-long-passphrase');
    await field(page, 'Repeat new password').fill('yet-another-long-passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
  }, 60_000);

  it('changes the password on /account/password, staying signed in here and signing the other browser out', async () => {
    const { credentials } = await signUpUser({ fullName: 'Chet Change' });
    const { page } = await openUkPage(chromium);
    const other = await openUkPage(chromium);
    await signInThroughTheForm(page, credentials.email, PASSWORD);
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await signInThroughTheForm(other.page, credentials.email, PASSWORD);
    await other.page.getByRole('heading', { name: 'Quick Actions' }).waitFor();

    await page.getByRole('link', { name: 'Manage Account' }).click();
    await page.getByRole('link', { name: 'Change password' }).click();
    await field(page, 'Current password').fill('not-my-password');
    await field(page, 'New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();
    await field(page, 'Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your other devices have been signed out.').waitFor();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await other.page.reload();
    await other.page.getByRole('link', { name: 'Get Started', exact: true }).waitFor();
  }, 60_000);
});
