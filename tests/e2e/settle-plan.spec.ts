// A plan people trust, in Chromium: Olive paid lunch for herself and Member 1, Member 1 paid
// a taxi for himself and Member 2. Simplified, Member 2 pays Olive; the owner turns simplifying off and
// each pays back exactly whom they owe (1280 px). On a phone, a member asks 'Why?' and reads the expense
// behind their transfer (375 px).
import { api } from '../support/api';
import { useChromium } from '../support/browser';
import { bearer, potWithMembers, recordEqualExpense } from '../support/pots';
import { signedInAt } from '../support/web-flows';

const chromium = useChromium();
jest.setTimeout(90_000);

async function lunchAndTaxi() {
  const { pot, owner, others } = await potWithMembers(2, `Plan ${Date.now()}`);
  const [olive, one, two] = pot.members.map((member) => member.id);
  const spend = (description: string, payerMemberId: string, sharers: string[]) =>
    recordEqualExpense(pot.id, owner, { description, amountPence: 3_000, payerMemberId, sharers });
  await spend('Lunch', olive, [olive, one]);
  await spend('Taxi', one, [one, two]);
  return { pot, owner, member: others[0] };
}

describe('the settle-up plan in the browser', () => {
  it('the owner turns simplifying off and the plan pays back exactly whom each owes (1280 px)', async () => {
    const { pot, owner } = await lunchAndTaxi();
    const page = await signedInAt(chromium, 1280, owner);
    await page.goto(`/pot/${pot.id}`);
    const plan = page.getByRole('region', { name: 'Who owes whom' });
    await plan.getByText('Member 2 pays Olive Owner £15.00').waitFor();

    await plan.getByRole('switch', { name: 'Simplify debts' }).click();
    await page.getByText('Debts no longer simplified').waitFor();
    await plan.getByText('Member 1 pays Olive Owner £15.00').waitFor();
    await plan.getByText('Member 2 pays Member 1 £15.00').waitFor();
    await plan.getByText('Debts are not simplified: everyone pays back exactly whom they owe.').waitFor();
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText(/debts not simplified \(everyone pays back exactly whom they owe\)/)
      .waitFor();
    await plan.screenshot({ path: 'tmp/e2e-settle-plan-1280.png' });

    await plan.getByRole('switch', { name: 'Simplify debts' }).click();
    await plan.getByText('Member 2 pays Olive Owner £15.00').waitFor();
    expect(await plan.getByText('Member 1 pays Olive Owner £15.00').count()).toBe(0);
  });

  it('a member asks why they pay and reads the expenses behind it (375 px)', async () => {
    const { pot, owner, member } = await lunchAndTaxi();
    await api(`/api/pots/${pot.id}/rules`, {
      method: 'PATCH',
      body: { withdrawRule: 'owner', spendRule: 'members', approvalAbovePence: 5_000, simplifyDebts: false },
      headers: bearer(owner.session.accessToken),
    });
    const page = await signedInAt(chromium, 375, member);
    await page.goto(`/pot/${pot.id}`);
    const plan = page.getByRole('region', { name: 'Who owes whom' });
    await plan.getByRole('button', { name: 'Why: Member 1 pays Olive Owner £15.00' }).click();

    const why = page.getByRole('dialog', { name: 'Why Member 1 pays Olive Owner £15.00' });
    await why.getByText('Between the two of them, Member 1 owes Olive Owner £15.00').waitFor();
    await why.getByText("Lunch: Member 1's share of what Olive Owner paid").waitFor();
    await why
      .getByText('Debts in this pot are not simplified: everyone pays back exactly whom they owe.')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await why.screenshot({ path: 'tmp/e2e-settle-plan-why-375.png' });
    await why.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await why.waitFor({ state: 'hidden' });
  });
});
