import { randomUUID } from 'node:crypto';

import { api, signUpUser } from './api';

export interface Member {
  id: string;
  userId: string;
  name: string;
  role: 'owner' | 'member';
}

export interface PotDetail {
  id: string;
  name: string;
  description: string | null;
  balancePence: number;
  members: Member[];
  yourMemberId: string;
  rules: {
    withdrawRule: string;
    spendRule: string;
    approvalAbovePence: number;
    inviteRule: string;
    simplifyDebts: boolean;
  };
  stats: {
    totalTransactions: number;
    totalAddedPence: number;
    totalSpentPence: number;
    paidByMembersPence: number;
  };
  contributions: { memberId: string; addedPence: number; paidPence: number; sharePence: number }[];
  spendingByCategory: { category: string; amountPence: number }[];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type User = Awaited<ReturnType<typeof signUpUser>>;

/** Signs up an owner, creates a pot and has `extra` more new users join it through invitation links. */
export async function potWithMembers(extra = 1, name = 'Trip') {
  const owner = await signUpUser({ fullName: 'Olive Owner' });
  const created = await api<PotDetail>('/api/pots', {
    method: 'POST',
    body: { name },
    headers: bearer(owner.session.accessToken),
  });
  if (created.status !== 201) throw new Error(`create pot failed: ${created.status}`);
  const others: User[] = [];
  for (let i = 0; i < extra; i += 1) {
    const user = await signUpUser({ fullName: `Member ${i + 1}` });
    await joinPot(created.body.id, owner, user);
    others.push(user);
  }
  const pot = await api<PotDetail>(`/api/pots/${created.body.id}`, {
    headers: bearer(owner.session.accessToken),
  });
  return { pot: pot.body, owner, others };
}

export async function invite(potId: string, owner: User, email = 'someone@example.com') {
  const response = await api<{ inviteUrl: string }>(`/api/pots/${potId}/invitations`, {
    method: 'POST',
    body: { name: 'Friend', email },
    headers: bearer(owner.session.accessToken),
  });
  if (response.status !== 201) throw new Error(`invite failed: ${response.status}`);
  return response.body.inviteUrl.split('/invite/')[1];
}

export async function joinPot(potId: string, owner: User, user: User) {
  const token = await invite(potId, owner, user.credentials.email);
  const accepted = await api(`/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: bearer(user.session.accessToken),
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
}

/**
 * `by` records that `payerMemberId` paid `amountPence` for `description`, shared equally by `sharers`
 * (recorded by the owner, it counts at once).
 */
export async function recordEqualExpense(
  potId: string,
  by: User,
  expense: { description: string; amountPence: number; payerMemberId: string; sharers: string[] },
) {
  const response = await api(`/api/pots/${potId}/expenses`, {
    method: 'POST',
    body: {
      description: expense.description,
      amountPence: expense.amountPence,
      paidFrom: 'member',
      payerMemberId: expense.payerMemberId,
      split: { mode: 'equal', members: expense.sharers.map((memberId) => ({ memberId })) },
    },
    headers: { ...bearer(by.session.accessToken), 'idempotency-key': randomUUID() },
  });
  if (response.status !== 201) throw new Error(`record expense failed: ${response.status}`);
  return response.body;
}
