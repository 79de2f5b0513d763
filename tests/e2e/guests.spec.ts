// Guests in Chromium: the owner adds Sam as a guest with her e-mail and shares a dinner with
// her (1280 px); then invites her from the members list, and Sam — signed up with that e-mail — joins on
// her phone and finds the pot's record of her waiting: her share of the dinner is hers (375 px).
import { api, signUpUser, uniqueEmail } from '../support/api';
import { useChromium } from '../support/browser';
import { bearer, potWithMembers, recordEqualExpense } from '../support/pots';
import { signedInAt } from '../support/web-flows';

const chromium = useChromium();
jest.setTimeout(120_000);

describe('guests in the browser', () => {
  it('a guest shares a dinner, is invited, and takes over her place when she joins', async () => {
    const { pot, owner } = await potWithMembers(0, `Guests ${Date.now()}`);
    const samEmail = uniqueEmail('sam');
    const page = await signedInAt(chromium, 1280, owner);
    await page.goto(`/pot/${pot.id}`);

    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('button', { name: 'Add a guest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a guest' });
    await dialog.getByLabel('Name', { exact: true }).fill('Sam');
    await dialog.getByLabel('Email (optional)').fill(samEmail);
    await dialog.getByRole('button', { name: 'Add guest' }).click();
    await page.getByText('Sam can now share expenses.').waitFor();
    await members.getByText('Guest', { exact: true }).waitFor();

    const guestId = (
      await api<{ members: { id: string; role: string }[] }>(`/api/pots/${pot.id}`, {
        headers: bearer(owner.session.accessToken),
      })
    ).body.members.find(({ role }) => role === 'guest')?.id as string;
    const ownerId = pot.members[0].id;
    await recordEqualExpense(pot.id, owner, {
      description: 'Dinner',
      amountPence: 6_000,
      payerMemberId: ownerId,
      sharers: [ownerId, guestId],
    });
    await page
      .getByRole('region', { name: 'Who owes whom' })
      .getByText('Sam pays Olive Owner £30.00')
      .waitFor();
    await members.screenshot({ path: 'tmp/e2e-guests-1280.png' });

    await members.getByRole('button', { name: 'Invite Sam' }).click();
    const invite = page.getByRole('dialog', { name: /Invite people/ });
    expect(await invite.getByLabel('Email', { exact: true }).inputValue()).toBe(samEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const inviteUrl = await invite.getByLabel('Invitation link').inputValue();
    await invite.getByRole('button', { name: 'Done' }).click();

    const sam = await signUpUser({ fullName: 'Sam Lee', email: samEmail });
    const phone = await signedInAt(chromium, 375, sam);
    await phone.goto(new URL(inviteUrl).pathname);
    await phone.getByRole('button', { name: 'Join pot' }).click();
    await phone.waitForURL(`**/pot/${pot.id}`);
    const plan = phone.getByRole('region', { name: 'Who owes whom' });
    await plan.getByText('Sam Lee (you)').waitFor();
    await plan.getByText('Sam Lee pays Olive Owner £30.00').waitFor();
    await phone
      .getByRole('region', { name: 'Activity' })
      .getByText('Sam Lee joined the pot as the guest Sam: what was recorded for Sam is now theirs')
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await plan.screenshot({ path: 'tmp/e2e-guests-joined-375.png' });
  });
});
