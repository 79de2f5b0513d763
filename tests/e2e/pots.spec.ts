// Pots in Chromium, two people in two browser profiles: A signs up and creates a pot, invites B with the
// invite dialog and copies the link; B signs up, opens the link, joins and sees the pot; A records an
// expense paid by A and split equally; both see who owes whom. Also: the pot pages fit a 375 px screen, and
// an expense two people paid is recorded there and moves both their positions.
import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';

import { api, GATEWAY_URL, randomPublicIp, uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { mailTo } from '../support/maildev';
import { bearer, potWithMembers, type User } from '../support/pots';
import { chooseOption, confirmEmailInBrowser } from '../support/web-flows';

const PASSWORD = 'a-long-enough-password';

const chromium = useChromium();

/** A fresh browser profile (its own cookies: its own person) that may use the clipboard. */
async function openPage(width = 1280): Promise<Page> {
  const context = await chromium.newContext({
    baseURL: GATEWAY_URL,
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': randomPublicIp() },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: GATEWAY_URL });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signUp(page: Page, fullName: string, email: string) {
  await field(page, 'Full name').fill(fullName);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await confirmEmailInBrowser(page, email);
}

async function createPot(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add Pot' }).click();
  await page.waitForURL('**/create-pot');
  await field(page, 'Pot name').fill(name);
  await field(page, 'Location').fill('Lisbon');
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await page.waitForURL('**/pot-summary');
  await page.getByRole('heading', { name: 'Pot Created Successfully' }).waitFor();
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await page.waitForURL('**/pot/*');
  await page.getByRole('heading', { name }).waitFor();
}

/** A's Who owes whom panel and B's show the same positions. */
async function expectPositions(page: Page, lines: string[]) {
  const positions = page.getByRole('list', { name: 'Net positions' });
  for (const line of lines) await positions.getByText(line).waitFor();
}

async function signIn(page: Page, user: User) {
  await page.goto('/auth');
  await field(page, 'Email').fill(user.credentials.email);
  await field(page, 'Password').fill(user.credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
}

describe('pots in the browser', () => {
  it('invites a second person by link, splits an expense equally and shows who owes whom to both', async () => {
    const potName = `Lisbon ${Date.now()}`;
    const emailA = uniqueEmail('pots-a');
    const emailB = uniqueEmail('pots-b');

    // A signs up and creates the pot.
    const pageA = await openPage();
    await pageA.goto('/auth?mode=sign-up');
    await signUp(pageA, 'Alex Able', emailA);
    await pageA.getByText('No pots yet').waitFor();
    await createPot(pageA, potName);
    await pageA.getByText('Active pot', { exact: true }).waitFor();

    // A invites B with the dialog and copies the link.
    await pageA.getByRole('button', { name: 'Invite Members' }).click();
    const invite = pageA.getByRole('dialog', { name: `Invite people to ${potName}` });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await pageA.getByText('Missing information').waitFor();
    await invite.getByLabel('Name', { exact: true }).fill('Blair');
    await invite.getByLabel('Email', { exact: true }).fill(emailB);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await pageA.getByText('Invitation sent!').waitFor();
    await invite.getByRole('button', { name: 'Copy link' }).click();
    await pageA.getByText('Link copied!').waitFor();
    const inviteUrl = await pageA.evaluate(() => navigator.clipboard.readText());
    expect(inviteUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(await invite.getByLabel('Invitation link').inputValue()).toBe(inviteUrl);
    // The same link went out by e-mail.
    const email = await mailTo(emailB);
    expect(email.text).toContain(inviteUrl);
    await invite.getByRole('button', { name: 'Done' }).click();
    await pageA.getByRole('list', { name: 'Pending invitations' }).getByText('Blair').waitFor();

    // B opens the link signed out, signs up on the way and joins.
    const pageB = await openPage();
    await pageB.goto(new URL(inviteUrl).pathname);
    await pageB.getByRole('heading', { name: `Alex Able invited you to join ${potName}` }).waitFor();
    await pageB.getByRole('link', { name: 'Create an account' }).click();
    await pageB.waitForURL('**/auth?**');
    await signUp(pageB, 'Blair Bright', emailB);
    await pageB.waitForURL(`**${new URL(inviteUrl).pathname}`);
    await pageB.getByRole('button', { name: 'Join pot' }).click();
    await pageB.waitForURL('**/pot/*');
    await pageB.getByRole('heading', { name: potName }).waitFor();
    const members = pageB.getByRole('list', { name: 'Members' });
    await members.getByText('Alex Able').waitFor();
    await members.getByText('Blair Bright (you)').waitFor();
    await pageB.goto('/');
    await pageB.getByRole('link', { name: potName }).waitFor();

    // A records £30.00 paid by A, split equally between the two of them.
    await pageA.reload();
    await pageA.getByRole('list', { name: 'Members' }).getByText('Blair Bright').waitFor();
    await pageA.getByRole('button', { name: 'Add Expense' }).click();
    const expense = pageA.getByRole('dialog', { name: 'Add Expense' });
    await expense.getByLabel('Description').fill('Dinner at the harbour');
    await expense.getByLabel('Amount', { exact: true }).fill('30');
    await expense.getByLabel('Alex Able pays').getByText('£15.00').waitFor();
    await expense.getByLabel('Blair Bright pays').getByText('£15.00').waitFor();
    await chooseOption(pageA, expense.getByLabel('Category'), 'Food and drink');
    // Its own date and notes.
    await expense.getByLabel('Date', { exact: true }).fill('2026-01-15');
    await expense.getByLabel('Notes (optional)').fill('Booked by Alex, tip included.');
    await expense.getByRole('button', { name: 'Record expense' }).click();
    await pageA.getByText('Expense recorded!').waitFor();
    const recorded = pageA.getByRole('list', { name: 'Expenses' }).getByRole('listitem').first();
    await recorded.getByText(/15 Jan 2026/).waitFor();
    await recorded.getByText('Booked by Alex, tip included.').waitFor();
    // Its category is beside the chart.
    await pageA
      .getByRole('region', { name: 'Spending by category' })
      .getByRole('listitem')
      .filter({ hasText: 'Food and drink£30.00' })
      .waitFor();
    await pageA.getByRole('region', { name: 'Spending by category' }).screenshot({
      path: 'tmp/e2e-pots-categories-1280.png',
    });

    // Both see who owes whom.
    await expectPositions(pageA, ['is owed £15.00', 'owes £15.00']);
    await pageA.getByText('Blair Bright pays Alex Able £15.00').waitFor();
    await pageA.getByText('Split equally: Alex Able £15.00, Blair Bright £15.00').waitFor();
    await pageB.goto(new URL(pageA.url()).pathname);
    await expectPositions(pageB, ['is owed £15.00', 'owes £15.00']);
    await pageB.getByText('Blair Bright pays Alex Able £15.00').waitFor();
    await pageB.getByText('Paid by Alex Able', { exact: false }).waitFor();
    // Blair owes: nothing to remind himself of.
    expect(await pageB.getByRole('button', { name: /^Remind / }).count()).toBe(0);

    // Alex, who is owed, reminds Blair: one e-mail, then 'Reminded today' until tomorrow.
    await pageA
      .getByRole('button', { name: 'Remind Blair Bright: Blair Bright pays Alex Able £15.00' })
      .click();
    await pageA.getByText('Blair Bright will get an e-mail about the £15.00 they owe.').waitFor();
    const reminded = pageA.getByRole('button', {
      name: 'Reminded today: Blair Bright pays Alex Able £15.00',
    });
    await reminded.waitFor();
    expect(await reminded.isDisabled()).toBe(true);
    await pageA.getByText('You can remind Blair Bright again tomorrow.', { exact: false }).waitFor();
    const reminder = await mailTo(emailB, (mail) => mail.subject.includes('reminds you'));
    expect(reminder.subject).toBe(`Alex Able reminds you that you owe £15.00 to Alex Able in ${potName}`);
    expect(reminder.text).toContain(new URL(pageA.url()).pathname);
    await pageA
      .getByRole('region', { name: 'Activity' })
      .getByText('Alex Able reminded Blair Bright')
      .waitFor();

    // What Alex paid himself counts in the quick stats.
    const stats = pageA.getByRole('region', { name: 'Quick stats' });
    await stats.getByText('Of which £30.00 paid by members themselves.').waitFor();
    expect(await stats.getByText('Total spent').locator('xpath=following-sibling::dd').textContent()).toBe(
      '£30.00',
    );

    // Closing the pot (archiving it) waits until everyone has settled up, and says so.
    await pageA
      .getByText(
        'Archive is offered once everyone has settled up: Blair Bright owes £15.00, Alex Able is owed £15.00.',
      )
      .waitFor();
    expect(await pageA.getByRole('button', { name: 'Archive pot' }).isDisabled()).toBe(true);
    await pageA.getByRole('button', { name: 'Record payment: Blair Bright pays Alex Able £15.00' }).click();
    const repayment = pageA.getByRole('dialog', { name: 'Record payment' });
    await repayment.getByRole('button', { name: 'Record payment' }).click();
    await pageA.getByText('Recorded: Blair Bright paid Alex Able £15.00.', { exact: false }).waitFor();
    await pageA.getByText('Everyone is settled up.').waitFor();

    // Archived, the pot leaves Home's grid for 'Archived pots', read-only, until its owner restores it.
    await pageA.getByRole('button', { name: 'Archive pot' }).click();
    await pageA.getByRole('button', { name: 'Archive', exact: true }).click();
    await pageA.getByText('Pot archived').waitFor();
    await pageA.waitForURL(`${GATEWAY_URL}/`);
    await pageA.getByText('Archived pots (1)').click();
    await pageA.getByRole('link', { name: potName }).click();
    await pageA.getByText('This pot is archived').waitFor();
    expect(await pageA.getByRole('button', { name: 'Add Expense' }).count()).toBe(0);
    await pageA.getByRole('button', { name: 'Restore pot' }).click();
    await pageA.getByText('Pot restored').waitFor();
    await pageA.getByRole('button', { name: 'Add Expense' }).waitFor();
  }, 90_000); // two sign-ups, each confirmed through its e-mailed link (MailDev), on top of the pot flow

  it('fits a 375 px phone screen: create pot, pot page and its expense dialog', async () => {
    const page = await openPage(375);
    await page.goto('/auth?mode=sign-up');
    await signUp(page, 'Phoebe Phone', uniqueEmail('pots-phone'));
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.goto('/create-pot');
    await field(page, 'Pot name').waitFor();
    await page.getByRole('button', { name: 'Add member' }).click();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await field(page, 'Pot name').fill('Phone pot');
    await field(page, 'Member 1 name').fill('Friend');
    await field(page, 'Member 1 email').fill(uniqueEmail('friend'));
    await page.getByRole('button', { name: 'Create Pot' }).click();
    await page.getByRole('heading', { name: 'Pot Created Successfully' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Add Expense to Phone pot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Description').fill('Snacks');
    await dialog.getByLabel('Amount', { exact: true }).fill('12.50');
    await dialog.getByText('Exact amounts').click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await dialog.getByText('Equally').click();
    await chooseOption(page, dialog.getByLabel('Category'), 'Groceries');
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await page.getByText('Expense recorded!').waitFor();
    const categories = page.getByRole('region', { name: 'Spending by category' });
    await categories.getByRole('listitem').filter({ hasText: 'Groceries£12.50' }).waitFor();
    await categories.screenshot({ path: 'tmp/e2e-pots-categories-375.png' });
    // With an expense the chart (and its table for screen readers) is on the page too.
    await page.locator('.recharts-surface').first().waitFor();
    await page.getByRole('heading', { name: 'Who owes whom' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  it('records a dinner two people paid, on a phone, and both are owed what they paid less their share', async () => {
    const { pot, owner } = await potWithMembers(2);
    const page = await openPage(375);
    await page.goto('/auth');
    await field(page, 'Email').fill(owner.credentials.email);
    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    await page.goto(`/pot/${pot.id}`);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.getByRole('button', { name: 'Add Expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Description').fill('Dinner');
    await dialog.getByLabel('Amount', { exact: true }).fill('100');
    await dialog.getByRole('switch', { name: 'Several people paid' }).click();
    // The one chosen (the owner) starts with it all; Member 1 paid £40 of it.
    await dialog.getByLabel('Olive Owner paid').fill('60');
    await dialog.getByText('Left to assign: £40.00').waitFor();
    await dialog.getByLabel('Member 1 paid').fill('40');
    await dialog.getByText('Everything is assigned.').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: 'tmp/e2e-pots-several-payers-375.png' });
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await page.getByText('Expense recorded!').waitFor();

    await page.getByText('Paid by Olive Owner £60.00, Member 1 £40.00').waitFor();
    // Shared by three: £33.34, £33.33, £33.33.
    await expectPositions(page, ['is owed £26.66', 'is owed £6.67', 'owes £33.33']);
    await page.getByText('Member 2 pays Olive Owner £26.66').waitFor();
    await page.getByText('Member 2 pays Member 1 £6.67').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The owner may remind Member 2 of both debts; once reminded, a debt waits until tomorrow.
    await page.getByRole('button', { name: 'Remind Member 2: Member 2 pays Member 1 £6.67' }).click();
    await page.getByText('Member 2 will get an e-mail about the £6.67 they owe.').waitFor();
    await page.getByRole('button', { name: 'Reminded today: Member 2 pays Member 1 £6.67' }).waitFor();
    await page.getByRole('button', { name: 'Remind Member 2: Member 2 pays Olive Owner £26.66' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page
      .getByRole('list', { name: 'Settle-up plan' })
      .screenshot({ path: 'tmp/e2e-pots-remind-375.png' });
  });
  it('lets a settled member leave (1280 px) and tells one who owes to settle up first (375 px)', async () => {
    const { pot, owner, others } = await potWithMembers(2, `Leavers ${Date.now()}`);
    const [ownerId, oneId] = pot.members.map((member) => member.id);
    const expense = await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Tickets',
        amountPence: 2_000,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: oneId }] },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(expense.status).toBe(201);

    // Member 1 owes £10.00: 'Leave pot' is there but disabled, and says why.
    const phone = await openPage(375);
    await signIn(phone, others[0]);
    await phone.goto(`/pot/${pot.id}`);
    await phone.getByText('Settle up first: you owe £10.00.').waitFor();
    expect(await phone.getByRole('button', { name: 'Leave pot' }).isDisabled()).toBe(true);
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await phone.getByRole('region', { name: 'Leave pot' }).screenshot({ path: 'tmp/e2e-pots-leave-375.png' });

    // Member 2 is settled: leaves after confirming, lands on Home without the pot.
    const desk = await openPage();
    await signIn(desk, others[1]);
    await desk.getByRole('link', { name: pot.name }).waitFor();
    await desk.goto(`/pot/${pot.id}`);
    await desk.getByRole('button', { name: 'Leave pot' }).click();
    await desk.getByRole('button', { name: 'Leave', exact: true }).click();
    await desk.getByText('You left the pot').waitFor();
    await desk.waitForURL(`${GATEWAY_URL}/`);
    await desk.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    expect(await desk.getByRole('link', { name: pot.name }).count()).toBe(0);
  }, 60_000);
});
