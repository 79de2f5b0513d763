// What a group of friends reads, in Chromium at 1280 and 375 px: Home names the pots' sum for what it is and
// each pot says what the reader owes or is owed; the pot says which pot card payments come from; the
// statement says what card lines are; the withdrawals history lists every withdrawal. No page is wider than
// a 375 px phone, nor with long names, 20 members, 200 expenses and £99,999.99 in it. The screenshots are kept under
// docs/screens/.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';
import type { Page } from 'playwright-core';

import { api, eventually, GATEWAY_URL, signUpUser } from '../support/api';
import { useChromium } from '../support/browser';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, type PotDetail, potWithMembers, recordEqualExpense } from '../support/pots';
import { stripeTestSettings } from '../support/stripe';
import { signedInAt } from '../support/web-flows';

jest.setTimeout(180_000);
const chromium = useChromium();

/** The user's card and the Connect account it is on, at Stripe. */
async function cardOf(userId: string) {
  const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const { rows } = await db
    .query<{ stripeCardId: string; stripeAccountId: string }>(
      'SELECT stripe_card_id AS "stripeCardId", stripe_account_id AS "stripeAccountId" FROM issuing.virtual_cards WHERE user_id = $1',
      [userId],
    )
    .finally(() => db.end());
  return rows[0];
}

/** A purchase on the user's card through the sandbox's test helper, on their Connect account. */
async function purchase(userId: string, amountPence: number, merchant: string) {
  const { stripeCardId, stripeAccountId } = await cardOf(userId);
  const response = await fetch(`${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_kitty_e2e',
      'stripe-account': stripeAccountId,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      card: stripeCardId,
      amount: String(amountPence),
      currency: 'gbp',
      'merchant_data[name]': merchant,
    }),
  });
  return (await response.json()) as { id: string; approved: boolean };
}

/** The merchant's side of a held purchase, through the sandbox's test helper (it announces it to Kitty). */
async function merchant(
  userId: string,
  authorizationId: string,
  action: 'capture' | 'reverse',
  params: Record<string, string> = {},
) {
  const { stripeAccountId } = await cardOf(userId);
  const response = await fetch(
    `${stripeTestSettings().apiUrl}/v1/test_helpers/issuing/authorizations/${authorizationId}/${action}`,
    {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_kitty_e2e',
        'stripe-account': stripeAccountId,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(params),
    },
  );
  expect(response.status).toBe(200);
}

/** How far the page is wider than its window (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Waits for the page to settle: nothing still loading on it, no toast over it (they close after 4 s), and
 * its fonts in. ('networkidle' never comes while the page's live stream is open: it cost 15 s a page.)
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .ant-notification-notice'),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function fits(page: Page, name: string, width: number) {
  await settled(page);
  expect({ page: name, width, overflow: await overflow(page) }).toEqual({ page: name, width, overflow: 0 });
}

async function shoot(page: Page, name: string, width: number) {
  await fits(page, name, width);
  await page.screenshot({ path: `docs/screens/${name}-${width}.png`, fullPage: true });
}

describe('what friends read', () => {
  it('Home, a pot, its statement and the withdrawals, at 1280 and 375 px', async () => {
    const { pot, owner, others } = await potWithMembers(1, 'Lisbon trip');
    const token = owner.session.accessToken;
    await verifyUser(token);
    const card = await api('/api/cards', { method: 'POST', headers: bearer(token) });
    expect(card.status).toBe(201);
    await topUp(token, 6_000, { type: 'pot', potId: pot.id });
    await topUp(token, 2_500, { type: 'wallet' });
    await recordEqualExpense(pot.id, owner, {
      description: 'Dinner at Zé',
      amountPence: 4_200,
      payerMemberId: pot.members[0].id,
      sharers: pot.members.map((member) => member.id),
    });
    await expect(purchase(owner.session.user.id, 450, 'Café Nero')).resolves.toMatchObject({
      approved: true,
    });
    await eventually(async () => {
      const read = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(token) });
      return read.body.balancePence === 5_550 ? true : undefined;
    }, 20_000);
    for (const source of [{ type: 'wallet' }, { type: 'pot', potId: pot.id }]) {
      const withdrawal = await api('/api/withdrawals', {
        method: 'POST',
        body: { amountPence: 1_000, source },
        headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      });
      expect(withdrawal.status).toBe(201);
    }
    // A second, empty pot: the card keeps spending from Lisbon trip.
    await api('/api/pots', { method: 'POST', body: { name: 'Flat bills' }, headers: bearer(token) });

    for (const width of [1280, 375]) {
      const page = await signedInAt(chromium, width, owner);
      const balance = page.getByRole('region', { name: 'Money in your pots' });
      await balance.getByText(/The groups’ money, held in your 2 active pots/).waitFor();
      // Each pot card says the reader's own position in it.
      await page.getByTestId('your-position').first().waitFor();
      expect(await page.getByTestId('your-position').allTextContents()).toEqual([
        'You are settled up',
        expect.stringMatching(/^You (owe|are owed) £[\d,]+\.\d{2}$/),
      ]);
      await shoot(page, 'home', width);

      await page.goto(`/pot/${pot.id}`);
      await page.getByText('Card payments come from this pot: it is your active pot.').waitFor();
      await shoot(page, 'pot', width);

      await page.goto(`/pot/${pot.id}/statement`);
      await page.getByText('Card purchase at Café Nero').first().waitFor();
      await shoot(page, 'statement', width);

      await page.goto('/withdrawals');
      const history = page.getByRole('list', { name: 'Withdrawals' });
      await history.getByText('£10.00 from Lisbon trip').waitFor();
      await history.getByText('£10.00 from Kitty wallet').waitFor();
      await shoot(page, 'withdrawals', width);

      await page.goto(`/pot/${pot.id}/withdrawals`);
      await page
        .getByRole('list', { name: 'Withdrawals' })
        .getByText(/£10\.00 from Lisbon trip/)
        .waitFor();
      await shoot(page, 'pot-withdrawals', width);

      await page.goto('/onboarding');
      await page.getByText('Setup Complete!').waitFor();
      await shoot(page, 'onboarding', width);
    }

    // The other member sees the pot from their side: they owe their share of the dinner.
    const member = await signedInAt(chromium, 375, others[0]);
    await member.getByText(/^You owe £[\d,]+\.\d{2}$/).waitFor();
  });

  it('a card purchase on the pot statement is one line with its hold and release, on a 375 px phone', async () => {
    const { pot, owner } = await potWithMembers(0, 'Highlands weekend');
    const token = owner.session.accessToken;
    await verifyUser(token);
    expect((await api('/api/cards', { method: 'POST', headers: bearer(token) })).status).toBe(201);
    await topUp(token, 5_000, { type: 'pot', potId: pot.id });
    const shop = 'Sainsbury’s Local, Edinburgh Waverley Station concourse';
    const charged = await purchase(owner.session.user.id, 1_500, shop);
    expect(charged.approved).toBe(true);
    // The merchant takes £12 of the £15 held; the other £3 comes back to the pot.
    await merchant(owner.session.user.id, charged.id, 'capture', { capture_amount: '1200' });
    const cafe = await purchase(owner.session.user.id, 800, 'Café Nero');
    expect(cafe.approved).toBe(true);
    // This hold is given back whole: nothing was spent.
    await merchant(owner.session.user.id, cafe.id, 'reverse');
    await eventually(async () => {
      const read = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: bearer(token) });
      return read.body.balancePence === 3_800 ? true : undefined;
    }, 20_000);

    const page = await signedInAt(chromium, 375, owner);
    await page.goto(`/pot/${pot.id}/statement`);
    const movements = page.getByRole('list', { name: 'Movements' });
    const line = (title: string) =>
      movements.getByRole('listitem').filter({ has: page.getByRole('list', { name: title }) });
    const shopSteps = page.getByRole('list', { name: `Card purchase at ${shop}` });
    await shopSteps.getByText(/^Released on /).waitFor({ timeout: 20_000 });
    // One line for the purchase: its movements listed under it with their amounts, the line its sum.
    expect(await movements.getByText(`Card purchase at ${shop}`, { exact: true }).count()).toBe(1);
    expect(await shopSteps.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Held on \d{1,2} \w+\s+−£15\.00$/),
      expect.stringMatching(/^Released on \d{1,2} \w+\s+\+£3\.00$/),
    ]);
    await line(`Card purchase at ${shop}`).getByText('−£12.00', { exact: true }).waitFor();
    const cafeSteps = page.getByRole('list', { name: 'Card purchase at Café Nero' });
    expect(await cafeSteps.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Held on \d{1,2} \w+\s+−£8\.00$/),
      expect.stringMatching(/^Released on \d{1,2} \w+\s+\+£8\.00$/),
    ]);
    await line('Card purchase at Café Nero').getByText('Not charged: the hold was given back').waitFor();
    // Each step's amount stays on one line beside its words: its text is one box, not two.
    const amountLines = await page
      .locator('.statement-card-steps li > span:last-child')
      .evaluateAll((spans) =>
        spans.map((span) => {
          const text = document.createRange();
          text.selectNodeContents(span);
          return text.getClientRects().length;
        }),
      );
    expect(amountLines).toEqual([1, 1, 1, 1]);
    // Released holds are not money in: only the top-up is.
    const summary = await page.getByRole('region', { name: 'Summary' }).locator('dt, dd').allInnerTexts();
    expect(
      Object.fromEntries(summary.flatMap((text, i) => (i % 2 ? [] : [[text, summary[i + 1]]]))),
    ).toMatchObject({
      'Opening balance': '£0.00',
      'Money in': '£50.00',
      'Money out': '£12.00',
      'Closing balance': '£38.00',
    });
    await fits(page, 'statement with card purchases', 375);
    await page.screenshot({ path: 'docs/screens/statement-card-purchases-375.png', fullPage: true });
  });

  it('every page, with long names, 20 members, 200 expenses and £99,999.99 in it, fits a 375 px phone', async () => {
    const owner = await signUpUser({ fullName: 'Maximiliana Featherstonehaugh-Montgomery-Cholmondeley' });
    const token = owner.session.accessToken;
    const created = await api<PotDetail>('/api/pots', {
      method: 'POST',
      body: { name: 'Our extraordinarily long weekend in the Scottish Highlands, summer 2027' },
      headers: bearer(token),
    });
    expect(created.status).toBe(201);
    const potId = created.body.id;
    for (let i = 1; i <= 19; i += 1) {
      const guest = await api(`/api/pots/${potId}/guests`, {
        method: 'POST',
        body: { name: `Bartholomew Wolfeschlegelsteinhausen-Bergerdorff the ${i}th` },
        headers: bearer(token),
      });
      expect(guest.status).toBe(201);
    }
    const { body: pot } = await api<PotDetail>(`/api/pots/${potId}`, { headers: bearer(token) });
    expect(pot.members).toHaveLength(20);
    const sharers = pot.members.map((member) => member.id);
    await recordEqualExpense(potId, owner, {
      description: 'Twenty-person lodge with hot tubs, sauna, boat hire and the all-inclusive catering',
      amountPence: 9_999_999,
      payerMemberId: pot.members.find(({ role }) => role === 'owner')?.id ?? '',
      sharers,
    });
    // 199 more, paid by each member in turn, four at a time: the pot holds 200.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = next++; i < 199; i = next++)
          await recordEqualExpense(potId, owner, {
            description: `Supplies run number ${i + 1}: firewood, midge spray, oatcakes and far too much tablet`,
            amountPence: 1_000 + i * 37,
            payerMemberId: sharers[i % sharers.length],
            sharers,
          });
      }),
    );
    await verifyUser(token);
    await topUp(token, 2_500, { type: 'wallet' });

    const page = await signedInAt(chromium, 375, owner);
    await page
      .getByTestId('your-position')
      .getByText(/owed £[\d,]+\.\d\d/)
      .waitFor();
    await fits(page, 'home with long content', 375);
    await page.goto(`/pot/${potId}`);
    // A pot this size takes longer to draw than the page's default wait on a busy machine.
    await page
      .getByText(/^Supplies run number \d+/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Show 25 more (25 of 200 shown)' }).waitFor();
    await page.getByRole('region', { name: 'Who owes whom' }).getByText(/£\d/).first().waitFor();
    await fits(page, 'pot with long content', 375);

    // Every other page a signed-in member reaches, as it first draws.
    const signedInPages = [
      '/pot-summary',
      `/pot/${potId}/statement`,
      '/statement',
      `/pot/${potId}/withdrawals`,
      '/withdrawals',
      '/onboarding',
      '/account',
      '/account/password',
      '/create-pot',
      '/top-up',
      '/request-top-up',
      '/payment-method-selection',
      '/funding-success',
    ];
    for (const path of signedInPages) {
      await page.goto(path);
      await page.getByRole('heading').first().waitFor();
      await fits(page, `${path} with long content`, 375);
    }
    await page.goto('/top-up');
    await page.getByRole('link', { name: /^Receipt for £25\.00/ }).click();
    await page.waitForURL('**/top-ups/*/receipt');
    await page.getByText('Total charged').waitFor();
    await fits(page, 'top-up receipt', 375);

    // And every page anyone reaches without signing in.
    const visitor = await chromium.newContext({
      baseURL: GATEWAY_URL,
      viewport: { width: 375, height: 900 },
    });
    const publicPage = await visitor.newPage();
    publicPage.setDefaultTimeout(30_000);
    for (const path of [
      '/auth',
      '/auth?mode=sign-up',
      '/about',
      '/services',
      '/terms',
      '/privacy',
      '/cookies',
      '/contact',
      '/forgot-password',
      '/reset-password?token=not-a-real-token',
      '/verify-email?token=not-a-real-token',
      '/unsubscribe?token=not-a-real-token',
      '/invite/not-a-real-invitation',
      '/funding-cancelled',
      '/no/such/page',
    ]) {
      await publicPage.goto(path);
      await publicPage.getByRole('heading').first().waitFor();
      await fits(publicPage, path, 375);
    }
  });
});
