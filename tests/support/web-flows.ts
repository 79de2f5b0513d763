import type { BrowserContext, Locator, Page } from 'playwright-core';

import { eventually, GATEWAY_URL, randomPublicIp, uniqueEmail, verificationTokensFor } from './api';
import type { useChromium } from './browser';
import { distinctPhoneNumber } from './onboarding';
import type { User } from './pots';

/** An address the offline GeoIP database places in the UK (see the residency service's tests). */
export const UK_IP = '81.2.69.142';
/** Checkout sends the payer back to PUBLIC_URL: start there, so return tabs share the session cookie. */
export const WEB_URL = process.env.PUBLIC_URL ?? GATEWAY_URL;
export const PASSWORD = 'a-long-enough-password';

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A fresh browser profile of a UK resident at 1280 px, on the web app. */
/**
 * Picks `option` in an antd Select (`select`: its combobox, e.g. `getByLabel('Category')`) and waits until
 * the Select shows it. On a loaded machine a click that lands while the dropdown is still opening can be
 * lost (fresh-clone CI saw an expense's category stay 'Other'), so the pick is repeated until it shows.
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  const item = page.getByTitle(option, { exact: true });
  const openDropdown = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .filter({ has: item });
  // The single Select's value box carries the chosen option's title (and holds the combobox).
  const chosen = select.locator(`xpath=ancestor::*[@title=${JSON.stringify(option)}][1]`);
  for (let attempt = 1; ; attempt += 1) {
    if (!(await openDropdown.isVisible())) await select.click();
    await openDropdown.locator(item).click();
    try {
      await chosen.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

export async function openUkPage(
  chromium: ReturnType<typeof useChromium>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.newContext({
    baseURL: WEB_URL,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': UK_IP },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/**
 * A fresh browser profile `width` px wide (from a random public IP, so sign-in limits stay per test),
 * signed in as `user` through the form and on Home. 30 s per step: CI runs this beside 21 app processes, on a machine it may share.
 */
export async function signedInAt(
  chromium: ReturnType<typeof useChromium>,
  width: number,
  user: User,
  { acceptDownloads = false } = {},
): Promise<Page> {
  const context = await chromium.newContext({
    baseURL: GATEWAY_URL,
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': randomPublicIp() },
    acceptDownloads,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/auth');
  await field(page, 'Email').fill(user.credentials.email);
  await field(page, 'Password').fill(user.credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
  return page;
}

/** Signs up through the form as Ada Lovelace; returns the e-mail used. */
export async function signUpInBrowser(page: Page, email = uniqueEmail('web')): Promise<string> {
  await page.goto('/auth?mode=sign-up');
  await field(page, 'Full name').fill('Ada Lovelace');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await confirmEmailInBrowser(page, email);
  return email;
}

/**
 * After the sign-up form: waits for 'Check your inbox', opens the confirmation link e-mailed to `email`
 * (MailDev) in `page` and confirms, which leads to the sign-in form with the address filled in; signs in
 * with `password` and waits to be signed in (on Home, or where the visitor was going).
 */
export async function confirmEmailInBrowser(page: Page, email: string, password = PASSWORD) {
  await page.getByText('Check your inbox').waitFor();
  const token = await eventually(async () => (await verificationTokensFor(email)).at(-1));
  await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
  await page.getByRole('button', { name: 'Confirm E-mail' }).click();
  await page.getByText('E-mail confirmed').waitFor();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
}

/**
 * Fills /onboarding's form with an adult UK applicant at `addressLine1`, accepts Stripe's terms and sends
 * it: the page then shows the card step while Stripe checks the details.
 */
export async function sendDetailsInBrowser(page: Page, addressLine1 = '1 Test Street') {
  await page.goto('/onboarding');
  await page.getByRole('heading', { name: 'Set Up Your Payment Account' }).waitFor();
  await field(page, 'First Name').fill('Ada');
  await field(page, 'Last Name').fill('Lovelace');
  await field(page, 'Phone Number').fill(distinctPhoneNumber());
  await field(page, 'Day').fill('10');
  await field(page, 'Month').fill('12');
  await field(page, 'Year').fill('1990');
  await field(page, 'Address Line 1').fill(addressLine1);
  await field(page, 'City').fill('London');
  await field(page, 'Postal Code').fill('SW1A 1AA');
  await page.getByRole('checkbox', { name: /I accept Stripe's Connected Account Agreement/ }).check();
  await page.getByRole('button', { name: 'Create & Verify Account' }).click();
}

/**
 * Onboards in the browser and waits for the card step to offer the card: Stripe checks the details first,
 * and the page follows its answer without a reload.
 */
export async function verifyInBrowser(page: Page) {
  await sendDetailsInBrowser(page);
  await page
    .getByRole('heading', { name: /Account Setup Complete! Now let.s create your virtual card/ })
    .waitFor({ timeout: 20_000 });
}

/**
 * Fills the bank account form on the current page (account page or onboarding): first a pair that fails
 * the modulus check, which is refused under the account number, then VocaLink's valid example pair.
 */
export async function addBankAccountInBrowser(page: Page) {
  const form = page.getByRole('form', { name: 'Bank account' });
  await form.getByLabel('Name on the account').fill('Ada Lovelace');
  await form.getByLabel('Sort code').fill('200000');
  await form.getByLabel('Account number').fill('12345678');
  await form.getByLabel('Your Kitty password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await form.getByText("That sort code and account number don't match: check them with your bank.").waitFor();
  await form.getByLabel('Account number').fill('55779911');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await page.getByText('Sort code 20-00-00 · Account •••• 9911').waitFor();
}

/** Creates a pot through the form (it becomes the active pot), opens it and returns its id. */
export async function createPotInBrowser(page: Page, name: string): Promise<string> {
  await page.goto('/create-pot');
  await field(page, 'Pot name').fill(name);
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await page.getByRole('heading', { name: 'Pot Created Successfully' }).waitFor();
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await page.waitForURL('**/pot/*');
  return new URL(page.url()).pathname.split('/').pop() as string;
}
