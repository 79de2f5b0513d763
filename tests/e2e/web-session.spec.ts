// The single-page app against the whole stack, in Chromium: signing up from a protected page and coming back
// to it, the residency badge, the session surviving a reload (refresh cookie) and ending with Sign Out,
// sign-in errors, the contact form, the 404 page, and the 375 px phone layout.
import type { Page } from 'playwright-core';

import { GATEWAY_URL, randomPublicIp, signUpUser, uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { mailTo } from '../support/maildev';
import { confirmEmailInBrowser } from '../support/web-flows';

const PASSWORD = 'a-long-enough-password';
// Addresses the offline GeoIP database places in the UK and the US (see the residency service's tests).
const UK_IP = '81.2.69.142';
const US_IP = '8.8.8.8';

const chromium = useChromium();

/** A fresh browser profile whose requests reach the gateway from `clientIp` (the stack trusts its proxy). */
async function openPage({ clientIp = randomPublicIp(), width = 1280 } = {}): Promise<Page> {
  const context = await chromium.newContext({
    baseURL: GATEWAY_URL,
    viewport: { width, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': clientIp },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signUpThroughTheForm(page: Page, email: string) {
  await field(page, 'Full name').fill('Robin Webb');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await confirmEmailInBrowser(page, email);
}

describe('web app', () => {
  it('signs up from a protected page, returns to it, keeps the session across a reload and signs out', async () => {
    const page = await openPage({ clientIp: UK_IP });

    await page.goto('/top-up?pot=demo');
    await page.waitForURL('**/auth?next=%2Ftop-up%3Fpot%3Ddemo');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await field(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await signUpThroughTheForm(page, uniqueEmail('web'));

    await page.waitForURL('**/top-up?pot=demo');
    await page.getByText('Welcome, Robin Webb').waitFor();
    await page.getByText('UK Resident').waitFor({ timeout: 15_000 });

    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/top-up');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.reload();
    await page.getByRole('heading', { name: 'One shared pot. A few friends. Zero hassle.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
  });

  it("shows 'International User' for a user outside the UK", async () => {
    const page = await openPage({ clientIp: US_IP });

    await page.goto('/auth?mode=sign-up');
    await signUpThroughTheForm(page, uniqueEmail('web-intl'));

    await page.waitForURL(`${GATEWAY_URL}/`);
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await page.getByText('International User').waitFor({ timeout: 15_000 });
  });

  it("explains a failed sign-in with the server's message, then signs in", async () => {
    const { credentials } = await signUpUser();
    const page = await openPage();

    await page.goto('/auth');
    await field(page, 'Email').fill(credentials.email);
    await field(page, 'Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in failed').waitFor();
    await page.getByText('The email or password you entered is incorrect.').waitFor();

    await field(page, 'Password').fill(credentials.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await page.getByText('No pots yet').waitFor();
  });

  it('sends the contact form to support', async () => {
    const page = await openPage();
    const sender = uniqueEmail('web-contact');
    const subject = `Question from the browser ${Date.now()}`;

    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a subject.').waitFor();

    await field(page, 'Name').fill('Casey Contact');
    await field(page, 'Email').fill(sender);
    await field(page, 'Subject').fill(subject);
    await field(page, 'Message').fill('How do I invite my flatmates to a pot?');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message Sent').waitFor();
    await page.getByText("We'll get back to you within 24 hours.").waitFor();
    expect(await field(page, 'Subject').inputValue()).toBe('');
    const email = await mailTo('support@kitty.example', (candidate) => candidate.subject.includes(subject));
    expect(email.text).toContain('How do I invite my flatmates to a pot?');
  });

  it('shows the 404 page for an unknown route and logs it', async () => {
    const page = await openPage();
    const logged = page.waitForRequest(
      (request) => request.url().endsWith('/api/client-events') && request.method() === 'POST',
    );

    await page.goto('/no/such/page');

    await page.getByRole('heading', { name: '404 Oops! Page not found' }).waitFor();
    expect((await logged).postDataJSON()).toEqual({ type: 'route-not-found', path: '/no/such/page' });
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.getByRole('heading', { name: 'One shared pot. A few friends. Zero hassle.' }).waitFor();
  });

  it.each(['/', '/auth?mode=sign-up', '/contact', '/services', '/terms', '/no/such/page'])(
    'fits a 375 px phone screen without sideways scrolling: %s',
    async (path) => {
      const page = await openPage({ width: 375 });
      await page.goto(path);
      await page.locator('footer').getByText('© ').waitFor();
      await page.locator('main h1').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );
});
