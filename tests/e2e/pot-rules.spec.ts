// Pot rules in Chromium: the owner lets members withdraw with a second member's approval
// above £10 and approves a member's request from the pot page (1280 px); on a phone a member reads the
// rules, is told in the Withdraw dialog that a larger withdrawal waits for approval, asks and cancels (375 px).
import { randomUUID } from 'node:crypto';

import type { Page } from 'playwright-core';

import { api } from '../support/api';
import { useChromium } from '../support/browser';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, potWithMembers } from '../support/pots';
import { signedInAt } from '../support/web-flows';

const chromium = useChromium();
// Two verified people and a real top-up before the browser starts.
jest.setTimeout(120_000);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A pot of Olive (owner) and Member 1, both verified, holding £50. */
async function fundedPot() {
  const { pot, owner, others } = await potWithMembers(1, `Rules ${Date.now()}`);
  await Promise.all([verifyUser(owner.session.accessToken), verifyUser(others[0].session.accessToken)]);
  await topUp(owner.session.accessToken, 5_000, { type: 'pot', potId: pot.id });
  return { pot, owner, member: others[0] };
}

describe('pot rules in the browser', () => {
  it('the owner sets approval above £10 and approves a member’s withdrawal (1280 px)', async () => {
    const { pot, owner, member } = await fundedPot();
    const page = await signedInAt(chromium, 1280, owner);
    await page.goto(`/pot/${pot.id}`);

    const rules = page.getByRole('region', { name: 'Pot rules' });
    await rules.getByText('Every withdrawal from the pot is announced to its members.').waitFor();
    const secondApproves = 'Any member, a second member approves above the amount';
    await rules.getByRole('radio', { name: secondApproves }).first().check();
    const amount = rules.getByLabel('Approval amount in pounds');
    await amount.fill('10');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Pot rules saved').waitFor();
    await rules.getByText('Any member; above £10.00 a second member approves first').waitFor();
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText(/changed the pot rules: withdrawals: any member/)
      .waitFor();

    // Member 1 asks for £20 (through the API, as their own app would): the owner's page lists it live.
    const asked = await api<{ id: string; status: string }>('/api/withdrawals', {
      method: 'POST',
      body: { amountPence: 2_000, source: { type: 'pot', potId: pot.id } },
      headers: { ...bearer(member.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(asked.body.status).toBe('awaiting_approval');
    await rules.getByText('Member 1 asked to withdraw £20.00').waitFor();
    await rules.screenshot({ path: 'tmp/e2e-pot-rules-1280.png' });

    await rules.getByRole('button', { name: 'Approve: Member 1 withdraws £20.00' }).click();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Withdrawal approved').waitFor();
    await rules.getByText('Member 1 asked to withdraw £20.00').waitFor({ state: 'detached' });
    await page.locator('.pot-balance-amount', { hasText: '£30.00' }).waitFor();
  });

  it('a member reads the rules, asks for more than the amount and cancels, on a phone (375 px)', async () => {
    const { pot, owner, member } = await fundedPot();
    const patched = await api(`/api/pots/${pot.id}/rules`, {
      method: 'PATCH',
      body: {
        withdrawRule: 'approval',
        spendRule: 'owner',
        approvalAbovePence: 1_000,
        inviteRule: 'members',
      },
      headers: bearer(owner.session.accessToken),
    });
    expect(patched.status).toBe(200);
    const page = await signedInAt(chromium, 375, member);
    await page.goto(`/pot/${pot.id}`);

    const rules = page.getByRole('region', { name: 'Pot rules' });
    await rules.getByText('Any member; above £10.00 a second member approves first').waitFor();
    await rules.getByText("Only the owner's card").waitFor();
    expect(await rules.getByRole('button', { name: 'Save rules' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw' });
    await dialog.getByText('Above £10.00, a second member approves').waitFor();
    await dialog.getByLabel('Amount').fill('25');
    await dialog
      .getByText(
        'This withdrawal will wait for another member to approve it; nothing leaves the pot until then.',
      )
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Ask for approval' }).click();
    await dialog.getByText('Waiting for approval').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await rules.getByText('You asked to withdraw £25.00').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await rules.screenshot({ path: 'tmp/e2e-pot-rules-375.png' });
    await rules.getByRole('button', { name: 'Cancel request' }).click();
    await page.getByText('Withdrawal cancelled').waitFor();
    await rules.getByText('You asked to withdraw £25.00').waitFor({ state: 'detached' });
    await page.locator('.pot-balance-amount', { hasText: '£50.00' }).waitFor();

    // The owner lets members invite: Member 1 invites a friend and sees the invitation.
    await page.getByRole('button', { name: 'Invite Members' }).click();
    const invite = page.getByRole('dialog', { name: /Invite/ });
    await invite.getByLabel('Name', { exact: true }).fill('Dana Friend');
    await invite.getByLabel('Email', { exact: true }).fill(`dana-${randomUUID()}@example.com`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByLabel('Invitation link').waitFor();
    await invite.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText('Dana Friend').waitFor();
    await page
      .getByRole('region', { name: 'Activity' })
      .getByText(/invited Dana Friend/)
      .waitFor();
  });

  it('a member asks ahead to pay £120 by card; the owner approves it and the phone shows it live (375 px)', async () => {
    const { pot, owner, others } = await potWithMembers(1, `Card rules ${Date.now()}`);
    const member = others[0];
    const patched = await api(`/api/pots/${pot.id}/rules`, {
      method: 'PATCH',
      body: { withdrawRule: 'owner', spendRule: 'approval', approvalAbovePence: 5_000 },
      headers: bearer(owner.session.accessToken),
    });
    expect(patched.status).toBe(200);
    const page = await signedInAt(chromium, 375, member);
    await page.goto(`/pot/${pot.id}`);

    const rules = page.getByRole('region', { name: 'Pot rules' });
    await rules.getByText(/more once a second member has approved it in advance/).waitFor();
    await rules.getByLabel('Amount').fill('120');
    await rules.getByLabel('What it is for (optional)').fill('Team dinner');
    await rules.getByRole('button', { name: 'Ask for approval' }).click();
    await page.getByText('Approval requested').waitFor();
    const requests = rules.getByRole('list', { name: 'Card spending requests' });
    await requests.getByText('You asked to spend up to £120.00 (Team dinner)').waitFor();
    await requests.getByText('Waiting for approval').waitFor();

    const [asked] = (
      await api<{ id: string }[]>(`/api/pots/${pot.id}/spend-approvals`, {
        headers: bearer(owner.session.accessToken),
      })
    ).body;
    const approved = await api(`/api/pots/${pot.id}/spend-approvals/${asked.id}/approve`, {
      method: 'POST',
      headers: bearer(owner.session.accessToken),
    });
    expect(approved.status).toBe(200);
    // Live: the member's page learns of the approval without a reload.
    await requests.getByText('Approved', { exact: true }).waitFor();
    await requests.getByText(/approved by Olive Owner: one card payment up to £120.00 until/).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await rules.screenshot({ path: 'tmp/e2e-card-approval-375.png' });
  });
});
