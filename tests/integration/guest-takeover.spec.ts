// Through the gateway: a guest's place — and what the pot owes them — goes only to the account that accepts
// the invitation sent to the guest's address, with that address confirmed. Signing up with a guest's
// address (never confirming it) and accepting an invitation sent elsewhere makes a new member, not the guest,
// and Kitty pays the guest nobody's wallet.
import { randomUUID } from 'node:crypto';

import { api, eventually, followVerificationLink, randomPublicIp, uniqueEmail } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, invite, type PotDetail, potWithMembers, recordEqualExpense } from '../support/pots';

jest.setTimeout(180_000);

const PASSWORD = 'a-long-enough-password';

/** Signs up with `email` and signs in without following the confirmation link (sign-in still works). */
async function signUpUnconfirmed(fullName: string, email: string): Promise<string> {
  const headers = { 'x-forwarded-for': randomPublicIp() };
  const body = { fullName, email, password: PASSWORD };
  expect((await api('/api/auth/sign-up', { method: 'POST', body, headers })).status).toBe(202);
  const signIn = await api<{ accessToken: string }>('/api/auth/sign-in', {
    method: 'POST',
    body: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.status).toBe(200);
  return signIn.body.accessToken;
}

const accept = (token: string, accessToken: string) =>
  api<{ potId: string }>(`/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: bearer(accessToken),
  });

async function walletPence(accessToken: string): Promise<number> {
  const wallet = await api<{ balancePence?: number }>('/api/wallet', { headers: bearer(accessToken) });
  return wallet.body.balancePence ?? 0;
}

describe("a guest's place", () => {
  it("is not taken by an unconfirmed account with the guest's address, nor paid to it", async () => {
    const { pot, owner } = await potWithMembers(0, `Takeover ${Date.now()}`);
    const asOwner = bearer(owner.session.accessToken);
    const ownerId = pot.members[0].id;
    const gregEmail = uniqueEmail('greg');
    const greg = await api<{ id: string }>(`/api/pots/${pot.id}/guests`, {
      method: 'POST',
      body: { name: 'Greg Guest', email: gregEmail },
      headers: asOwner,
    });
    expect(greg.status).toBe(201);
    await recordEqualExpense(pot.id, owner, {
      description: 'Greg paid the taxi',
      amountPence: 3_000,
      payerMemberId: greg.body.id,
      sharers: [ownerId, greg.body.id],
    });

    const mallory = await signUpUnconfirmed('Mallory', gregEmail);
    const token = await invite(pot.id, owner, uniqueEmail('mallory'));
    expect((await accept(token, mallory)).status).toBe(200);

    const detail = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: asOwner });
    expect(detail.body.members.find(({ id }) => id === greg.body.id)).toMatchObject({
      name: 'Greg Guest',
      role: 'guest',
      userId: null,
    });
    expect(detail.body.members.filter(({ name }) => name === 'Mallory')).toHaveLength(1);
    expect(detail.body.members.find(({ name }) => name === 'Mallory')?.id).not.toBe(greg.body.id);

    // The owner pays Greg back with Kitty: a guest has no wallet, so nothing reaches Mallory's.
    await verifyUser(owner.session.accessToken);
    await topUp(owner.session.accessToken, 2_000, { type: 'wallet' });
    const paid = await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: ownerId, toMemberId: greg.body.id, amountPence: 1_500, payWithKitty: true },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(409);
    expect(await walletPence(mallory)).toBe(0);
  });

  it('goes to the guest who accepts the invitation sent to them once their address is confirmed', async () => {
    const { pot, owner } = await potWithMembers(0, `Claim ${Date.now()}`);
    const asOwner = bearer(owner.session.accessToken);
    const ownerId = pot.members[0].id;
    const gregEmail = uniqueEmail('greg');
    const greg = await api<{ id: string }>(`/api/pots/${pot.id}/guests`, {
      method: 'POST',
      body: { name: 'Greg Guest', email: gregEmail },
      headers: asOwner,
    });
    await recordEqualExpense(pot.id, owner, {
      description: 'Greg paid the taxi',
      amountPence: 3_000,
      payerMemberId: greg.body.id,
      sharers: [ownerId, greg.body.id],
    });
    const token = await invite(pot.id, owner, gregEmail);

    // Greg signs up and opens the link before confirming his address: it waits, the link still usable.
    const unconfirmed = await signUpUnconfirmed('Greg Green', gregEmail);
    const early = await accept(token, unconfirmed);
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ title: 'Confirm your e-mail' });

    const confirmed = await followVerificationLink(gregEmail);
    expect(confirmed.status).toBe(200);
    // Confirming proves the address; the session Greg already has is what he accepts with.
    const asGreg = unconfirmed;
    expect((await accept(token, asGreg)).status).toBe(200);
    const detail = await api<PotDetail>(`/api/pots/${pot.id}`, { headers: asOwner });
    expect(detail.body.members.find(({ id }) => id === greg.body.id)).toMatchObject({
      name: 'Greg Green',
      role: 'member',
    });

    // Now a member with a wallet, Greg is paid back with Kitty.
    await verifyUser(owner.session.accessToken);
    await topUp(owner.session.accessToken, 2_000, { type: 'wallet' });
    const paid = await api(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: ownerId, toMemberId: greg.body.id, amountPence: 1_500, payWithKitty: true },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(paid.status).toBe(201);
    expect(await eventually(async () => ((await walletPence(asGreg)) === 1_500 ? 1_500 : undefined))).toBe(
      1_500,
    );
  });
});
