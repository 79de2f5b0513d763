// Money in Chromium: a new UK user verifies their account on /onboarding, adds £25 to their pot by card on
// the Stripe sandbox's hosted page (opened in a new tab) and sees 'Payment Successful!' with the 2% fee
// once the signed webhook has been processed; a declined card ends on /funding-cancelled; a withdrawal
// from the pot by its owner shows 'Withdrawal Initiated'.
import type { BrowserContext, Page } from 'playwright-core';

import { uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { createPotInBrowser, openUkPage, signUpInBrowser, verifyInBrowser } from '../support/web-flows';

const chromium = useChromium();

async function signUpAndVerify(page: Page) {
  await signUpInBrowser(page, uniqueEmail('funding'));
  await page.getByText('UK Resident').waitFor();
  await verifyInBrowser(page);
}

/** From the pot page: Add Funds £25 → payment method → Card; resolves with the Checkout tab. */
async function startCardTopUp(context: BrowserContext, page: Page, potName: string): Promise<Page> {
  // The pot page's own data first: a click on a button still being replaced could be lost.
  await page.getByRole('heading', { name: potName }).waitFor();
  await page.getByText('Current balance').waitFor();
  await page.getByRole('button', { name: 'Add Funds' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '£25' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/payment-method-selection');
  await page.getByText('How would you like to pay?').waitFor();
  await page.getByText('Adding £25.00 to your Kitty').waitFor();
  await page.getByText(/Platform fee \(2%\)/).waitFor();
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: /Credit\/debit card/ }).click(),
  ]);
  await page.getByText('Payment Initiated').first().waitFor();
  await checkout.waitForLoadState();
  return checkout;
}

async function payByCard(checkout: Page, cardNumber: string) {
  await checkout.getByLabel('Card number').fill(cardNumber);
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Ada Lovelace');
  await checkout.getByRole('button', { name: /^Pay £/ }).click();
}

describe('adding and withdrawing money in the browser', () => {
  it('adds £25 to a pot by card with the 2% fee, refuses a declined card, withdraws from the pot', async () => {
    const { context, page } = await openUkPage(chromium);
    await signUpAndVerify(page);
    const potName = `Rent ${Date.now()}`;
    await createPotInBrowser(page, potName);

    // £25 by card: the total on the hosted page is £25.50 (2% UK fee on top).
    const checkout = await startCardTopUp(context, page, potName);
    await checkout.getByText('£25.50').first().waitFor();
    await payByCard(checkout, '4242 4242 4242 4242');
    await checkout.waitForURL('**/funding-success?session_id=*');
    await checkout.getByText('Payment Successful!').waitFor({ timeout: 30_000 });
    await checkout.getByText('UK User').waitFor();
    await checkout.getByText('£25.00').first().waitFor();
    await checkout.getByText('£0.50').first().waitFor();
    await checkout.close();

    // The pot now holds £25.00 (the ledger's balance, projected to the pots service).
    await page.goto('/');
    await page.getByText(potName).first().waitFor();
    await page.getByText('£25.00').first().waitFor({ timeout: 20_000 });

    // A declined card: the hosted page says so; cancelling returns to /funding-cancelled.
    await page
      .getByRole('link', { name: `View details of ${potName}` })
      .or(page.getByText(potName).first())
      .click();
    await page.waitForURL('**/pot/*');
    const declined = await startCardTopUp(context, page, potName);
    await payByCard(declined, '4000 0000 0000 0002');
    await declined
      .getByText(/declined/i)
      .first()
      .waitFor();
    await declined
      .getByRole('link', { name: /Cancel and return|Return to Kitty/ })
      .first()
      .click();
    await declined.waitForURL(/\/funding-cancelled\?top_up=[0-9a-f-]{36}$/);
    await declined.getByText('Payment Cancelled').waitFor();
    await declined.getByText('No funds were added to your account.', { exact: false }).waitFor();
    await declined.close();

    // The owner withdraws £10 from the pot to their verified bank account.
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('Available: £25.00').waitFor();
    await withdraw.getByLabel('Amount').fill('10');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Withdrawal Initiated').first().waitFor();
    await page
      .getByText(/1-3 business days|1–3 business days/)
      .first()
      .waitFor();
  }, 120_000);
});
