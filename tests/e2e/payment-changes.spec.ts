// Correcting and undoing a recorded payment in Chromium, on a phone: the owner records
// Member 1's repayment, corrects its amount and undoes it; who owes whom follows each step.
import { randomUUID } from 'node:crypto';

import { api } from '../support/api';
import { useChromium } from '../support/browser';
import { bearer, potWithMembers } from '../support/pots';
import { signedInAt } from '../support/web-flows';

const chromium = useChromium();

describe('changing a recorded payment in the browser', () => {
  it('corrects then undoes a repayment at 375 px, and the plan follows', async () => {
    const { pot, owner } = await potWithMembers(1, `Repaid ${Date.now()}`);
    const [ownerId, oneId] = pot.members.map((member) => member.id);
    const headers = { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() };
    await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Ferry',
        amountPence: 4_000,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId: oneId }] },
      },
      headers,
    });
    await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: oneId, toMemberId: ownerId, amountPence: 1_500 },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });

    const page = await signedInAt(chromium, 375, owner);
    await page.goto(`/pot/${pot.id}`);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const payments = page.getByRole('region', { name: 'Recorded payments' });
    await payments.getByText('Member 1 paid Olive Owner £15.00').waitFor();
    await page.getByText('Member 1 pays Olive Owner £5.00').waitFor();

    await payments.getByRole('button', { name: 'Change: Member 1 paid Olive Owner £15.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change payment' });
    await dialog.getByLabel('Amount').fill('20');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: 'tmp/e2e-payment-change-375.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Payment changed').waitFor();
    await payments.getByText('Member 1 paid Olive Owner £20.00').waitFor();
    await page.getByText('Everyone is settled up').waitFor();

    await payments.getByRole('button', { name: 'Undo: Member 1 paid Olive Owner £20.00' }).click();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('Payment undone').waitFor();
    await page.getByText('Member 1 pays Olive Owner £20.00').waitFor();
    await page.getByRole('region', { name: 'Recorded payments' }).waitFor({ state: 'detached' });
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
