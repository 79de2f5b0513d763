// The virtual card in Chromium: a new UK user completes onboarding, creates their card ('Virtual Card
// Created' → 'Setup Complete!'), and sees its last four digits on Home only after 'Show'; the card spends
// from their active pot, and a purchase through the Stripe sandbox's Issuing test helper (approved in real
// time by Kitty) appears in that pot's transactions with the merchant's name.
import { Pool } from 'pg';
import type { Page } from 'playwright-core';

import { api, GATEWAY_URL, type Session, uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { topUp } from '../support/payments';
import { stripeTestSettings } from '../support/stripe';

/** An address the offline GeoIP database places in the UK (see the residency service's tests). */
const UK_IP = '81.2.69.142';
const WEB_URL = process.env.PUBLIC_URL ?? GATEWAY_URL;
const PASSWORD = 'a-long-enough-password';

const chromium = useChromium();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signUp(page: Page, email: string) {
  await page.goto('/auth?mode=sign-up');
  await field(page, 'Full name').fill('Ada Lovelace');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Welcome to Kitty!').waitFor();
}

async function verifyIdentity(page: Page) {
  await page.goto('/onboarding');
  await page.getByRole('heading', { name: 'Set Up Your Payment Account' }).waitFor();
  await field(page, 'First Name').fill('Ada');
  await field(page, 'Last Name').fill('Lovelace');
  await field(page, 'Phone Number').fill('+44 7700 900123');
  await field(page, 'Day').fill('10');
  await field(page, 'Month').fill('12');
  await field(page, 'Year').fill('1990');
  await field(page, 'Address Line 1').fill('1 Test Street');
  await field(page, 'City').fill('London');
  await field(page, 'Postal Code').fill('SW1A 1AA');
  await page.getByRole('button', { name: 'Create & Verify Account' }).click();
  await page
    .getByRole('heading', { name: /Account Setup Complete! Now let.s create your virtual card/ })
    .waitFor();
}

/** Creates a pot through the form (it becomes the active pot) and returns its id. */
async function createPot(page: Page, name: string): Promise<string> {
  await page.goto('/create-pot');
  await field(page, 'Pot name').fill(name);
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await page.getByRole('heading', { name: 'Pot Created Successfully' }).waitFor();
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await page.waitForURL('**/pot/*');
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** A purchase on the user's card through the sandbox's test helper, on their Connect account. */
async function purchase(userId: string, amountPence: number, merchant: string) {
  const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const { rows } = await db
    .query<{ stripe_card_id: string; stripe_account_id: string }>(
      'SELECT stripe_card_id, stripe_account_id FROM issuing.virtual_cards WHERE user_id = $1',
      [userId],
    )
    .finally(() => db.end());
  const response = await fetch(`${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_kitty_e2e',
      'stripe-account': rows[0].stripe_account_id,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      card: rows[0].stripe_card_id,
      amount: String(amountPence),
      currency: 'gbp',
      'merchant_data[name]': merchant,
    }),
  });
  return (await response.json()) as { approved: boolean };
}

describe('the virtual card in the browser', () => {
  it('onboards, creates the card, shows its last four on Home, and a card purchase lands in the active pot', async () => {
    const context = await chromium.newContext({
      baseURL: WEB_URL,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': UK_IP },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const email = uniqueEmail('card');

    await signUp(page, email);
    await verifyIdentity(page);

    await page.getByRole('button', { name: 'Create Virtual Card' }).click();
    await page.getByText('Virtual Card Created').first().waitFor();
    await page.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Completed', { exact: true }).waitFor();
    const summary = await page.getByText(/^Visa •••• \d{4}, expires \d{2}\/\d{4}$/).textContent();
    const last4 = /•••• (\d{4})/.exec(summary ?? '')?.[1] as string;
    expect(last4).toMatch(/^\d{4}$/);

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(WEB_URL.replace(/\/?$/, '/'));
    const panel = page.getByRole('region', { name: 'Your virtual card' });
    const number = panel.getByTestId('card-number');
    await number.waitFor();
    expect(await number.textContent()).toBe('•••• •••• •••• ••••');
    await panel.getByRole('button', { name: 'Show' }).click();
    expect(await number.textContent()).toBe(`•••• •••• •••• ${last4}`);
    expect(await panel.textContent()).not.toMatch(/\d{5,}/);

    // The card spends from the active pot: the pot just created.
    const potName = `Card pot ${Date.now()}`;
    const potId = await createPot(page, potName);
    await page.goto('/');
    await panel.getByText(potName).waitFor();
    await panel.getByRole('button', { name: 'Add to Apple Pay' }).click();
    await panel.getByText('Added to Apple Pay').waitFor();

    // £20 into the pot (Checkout paid on the sandbox), then a £4.50 purchase at a café on the card.
    const signIn = await api<Session>('/api/auth/sign-in', {
      method: 'POST',
      body: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': UK_IP },
    });
    expect(signIn.status).toBe(200);
    await topUp(signIn.body.accessToken, 2000, { type: 'pot', potId });
    const merchant = `Kitty Café ${Date.now()}`;
    await expect(purchase(signIn.body.user.id, 450, merchant)).resolves.toMatchObject({ approved: true });

    await page.goto(`/pot/${potId}`);
    const transactions = page.getByRole('region', { name: 'Recent transactions' });
    await transactions.getByText(merchant).waitFor({ timeout: 20_000 });
    await transactions.getByText('£4.50').first().waitFor();
  });
});
