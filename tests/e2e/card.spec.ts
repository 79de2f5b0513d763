// The virtual card in Chromium: a new UK user completes onboarding, creates their card ('Virtual Card
// Created' → 'Setup Complete!'), and sees its last four digits on Home only after 'Show'; the card spends
// from their active pot, and a purchase through the Stripe sandbox's Issuing test helper (approved in real
// time by Kitty) appears in that pot's transactions with the merchant's name.
import { Pool } from 'pg';

import { api, type Session, uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { topUp } from '../support/payments';
import { stripeTestSettings } from '../support/stripe';
import {
  createPotInBrowser,
  openUkPage,
  PASSWORD,
  sendDetailsInBrowser,
  signUpInBrowser,
  UK_IP,
  verifyInBrowser,
  WEB_URL,
} from '../support/web-flows';

const chromium = useChromium();

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
  it('offers no card while Stripe is still checking the details, and says so in plain words', async () => {
    const { page } = await openUkPage(chromium);
    await signUpInBrowser(page, uniqueEmail('card-pending'));
    // The sandbox's test address whose verification never finishes: card issuing stays pending.
    await sendDetailsInBrowser(page, 'address_pending_verification');
    await page.getByText('Details Sent').first().waitFor();
    await page.getByRole('heading', { name: 'Your details are being checked' }).waitFor();
    const wait = page.getByRole('status').filter({ hasText: 'Your card is not ready yet' });
    await wait.waitFor();
    expect(await wait.textContent()).toMatch(/Stripe, our payment provider, is checking your details\./);
    expect(await page.getByRole('button', { name: 'Create Virtual Card' }).isDisabled()).toBe(true);
    // Still so after the sandbox's verification delay has long passed, also after a reload.
    await page.waitForTimeout(3000);
    await page.reload();
    await page.getByRole('heading', { name: 'Your details are being checked' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Virtual Card' }).isDisabled()).toBe(true);
    expect(await page.locator('main').textContent()).not.toMatch(
      /individual\.|capabilit|pending_verification/,
    );
  });

  it('onboards, creates the card, shows its last four on Home, and a card purchase lands in the active pot', async () => {
    const { page } = await openUkPage(chromium);
    const email = await signUpInBrowser(page, uniqueEmail('card'));
    await verifyInBrowser(page);

    await page.getByRole('button', { name: 'Create Virtual Card' }).click();
    await page.getByText('Virtual Card Created').first().waitFor();
    await page.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
    // Both the payment account and the card read 'Active'.
    await page.getByText('Active', { exact: true }).nth(1).waitFor();
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
    const potId = await createPotInBrowser(page, potName);
    await page.goto('/');
    await panel.getByText(potName).waitFor();
    // No wallet buttons: a web app cannot push a card to Apple Pay or Google Pay, and the panel says so.
    await panel.getByText(/cannot be done from this website/).waitFor();
    expect(await panel.getByRole('button', { name: /Apple Pay|Google Pay/ }).count()).toBe(0);

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
