// Money in Chromium: a new UK user verifies their account on /onboarding, adds £25 to their pot by card on
// the Stripe sandbox's hosted page (opened in a new tab) and sees 'Payment Successful!' with the 2% fee
// once the signed webhook has been processed; a declined card ends on /funding-cancelled; a withdrawal
// from the pot by its owner is first refused for want of her own bank account ('Add your bank account
// first', with the link), then, once she has added it, shows 'Withdrawal Initiated'. A Direct Debit the bank refuses ends 'Failed', in
// Stripe's words, on the result page and in 'Your top-ups'. The pot's statement lists the month's movements
// with the fee apart, downloads as CSV, and the top-up has its receipt.
import { readFileSync } from 'node:fs';

import type { BrowserContext, Page } from 'playwright-core';

import { uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import {
  addBankAccountInBrowser,
  createPotInBrowser,
  openUkPage,
  signUpInBrowser,
  verifyInBrowser,
} from '../support/web-flows';

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
    const potPath = new URL(page.url()).pathname;
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

    // No bank account of her own yet: the withdrawal is refused with the way to add one.
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    let withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('Available: £25.00').waitFor();
    await withdraw.getByLabel('Amount').fill('10');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Add your bank account first').waitFor();
    await page.getByRole('link', { name: 'Add your bank account' }).click();
    await page.waitForURL('**/account#bank-account');
    await addBankAccountInBrowser(page);
    await page.goto(potPath);

    // The owner withdraws £10 from the pot to her own bank account.
    await page.getByRole('heading', { name: potName }).waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    withdraw = page.getByRole('dialog', { name: 'Withdraw' });
    await withdraw.getByText('Available: £25.00').waitFor();
    await withdraw.getByLabel('Amount').fill('10');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('Withdrawal Initiated').first().waitFor();
    await page
      .getByText(/1-3 business days|1–3 business days/)
      .first()
      .waitFor();

    // The pot's statement for this month: the top-up with its fee shown apart, then the withdrawal.
    await withdraw.getByRole('button', { name: 'Done' }).click();
    await page.goto(potPath);
    await page.getByRole('link', { name: 'Statement' }).click();
    await page.waitForURL('**/pot/*/statement');
    const movements = page.getByRole('list', { name: 'Movements' });
    await movements.getByText('+£25.00').waitFor();
    await movements.getByText('fee £0.50 paid on top', { exact: false }).waitFor();
    await movements.getByText('−£10.00').waitFor();
    expect(await movements.getByText(/^Ada Lovelace · /).count()).toBe(2);
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('£15.00').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kitty-pot-rent-\d+-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    // Each movement names the member who made it.
    // Words, not codes, and UK local times.
    expect(csv).toMatch(
      /"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}","Funds added by card","Ada Lovelace","Top-up",25\.00,0\.50,25\.00/,
    );
    expect(csv).toMatch(
      /"Withdrawal to bank account","Ada Lovelace","Withdrawal to bank",-10\.00,0\.00,15\.00/,
    );
    expect(csv).toMatch(/"Closing balance","","",,,15\.00\r\n$/);

    // Its receipt, from 'Your top-ups'.
    await page.goto('/top-up');
    await page.getByRole('link', { name: new RegExp(`^Receipt for £25\\.00 to ${potName}, Added`) }).click();
    await page.waitForURL('**/top-ups/*/receipt');
    await page.getByText('Total charged').waitFor();
    await page.getByText('£25.50').waitFor();
  }, 120_000);

  it('pays with Apple Pay on the Checkout page, without asking the browser first (no CSP violation)', async () => {
    const { page } = await openUkPage(chromium);
    await signUpAndVerify(page);
    await page.goto('/top-up');
    await page.getByRole('button', { name: '£25' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment-method-selection');
    await page.getByText(/Platform fee \(2%\)/).waitFor();
    await page.getByRole('button', { name: /Apple Pay/ }).click();
    // Checkout in this tab offers the wallet itself; useChromium fails the test on any CSP violation.
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await page.waitForURL('**/funding-success?session_id=*');
    await page.getByText('Payment Successful!').waitFor({ timeout: 30_000 });
  }, 90_000);

  it('shows a refused Direct Debit as failed, with the bank’s reason, on the result page and in the history', async () => {
    const { context, page } = await openUkPage(chromium);
    await signUpAndVerify(page);
    await page.goto('/top-up');
    await page.getByRole('button', { name: '£25' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment-method-selection');
    await page.getByRole('button', { name: /Connect your bank account/ }).click();
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Continue to your bank' }).click(),
    ]);
    await checkout.waitForLoadState();
    await checkout.getByText('Pay by bank (Bacs Direct Debit)').click();
    await checkout.getByLabel('Account holder name').fill('Ada Lovelace');
    await checkout.getByLabel('Sort code').fill('10-88-00');
    // Stripe's test account whose debit the bank later refuses.
    await checkout.getByLabel('Account number').fill('33333335');
    await checkout.getByRole('button', { name: /^Set up Direct Debit and pay/ }).click();
    await checkout.waitForURL('**/funding-success?session_id=*');
    await checkout.getByRole('heading', { name: 'Error Processing Payment' }).waitFor({ timeout: 30_000 });
    await checkout
      .getByText('The payment failed. The customer has told their bank that this debit was not authorised.')
      .waitFor();
    await checkout.close();

    await page.goto('/top-up');
    const history = page.getByRole('list', { name: 'Your top-ups' });
    await history.getByText('Failed', { exact: true }).waitFor();
    await history.getByText(/not authorised/).waitFor();
  }, 120_000);
});
