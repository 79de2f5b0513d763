import type {
  AuthSession,
  Expense,
  Me,
  PotBalances,
  PotDetail,
  PotMember,
  PotSummary,
  Residency,
} from '@kitty/api-client';

import type { SessionState } from '../session/session-slice';

export const ukResidency: Residency = {
  countryCode: 'GB',
  isUkResident: true,
  detectedAt: '2026-03-02T10:00:05Z',
  method: 'ip_address',
};

export const frenchResidency: Residency = { ...ukResidency, countryCode: 'FR', isUkResident: false };

export function aUser(overrides: Partial<Me> = {}): Me {
  return {
    id: 'user-1',
    email: 'ann@example.com',
    fullName: 'Ann Lee',
    emailVerified: true,
    residency: ukResidency,
    ...overrides,
  };
}

export function anAuthSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    accessToken: 'access-token-1',
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    user: aUser(),
    ...overrides,
  };
}

export function signedInState(user: Me = aUser()): SessionState {
  const session = anAuthSession({ user });
  return {
    status: 'signedIn',
    accessToken: session.accessToken,
    expiresAt: session.expiresAt,
    user,
    signedOutByUser: false,
  };
}

export const signedOutState: SessionState = {
  status: 'signedOut',
  accessToken: null,
  expiresAt: null,
  user: null,
  signedOutByUser: false,
};

export const loadingState: SessionState = { ...signedOutState, status: 'loading' };

// Pots. Ids are UUID-shaped like the server's; ann (user-1) owns the pot unless a test says otherwise.
export const POT_ID = '0c8e7f52-1d1b-4c55-9a55-000000000001';
export const ANN_MEMBER = 'a0000000-0000-4000-8000-000000000001';
export const BOB_MEMBER = 'a0000000-0000-4000-8000-000000000002';
export const CAT_MEMBER = 'a0000000-0000-4000-8000-000000000003';

export function aMember(overrides: Partial<PotMember> = {}): PotMember {
  return {
    id: ANN_MEMBER,
    userId: 'user-1',
    name: 'Ann Lee',
    email: 'ann@example.com',
    role: 'owner',
    joinedAt: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

export const threeMembers: PotMember[] = [
  aMember(),
  aMember({ id: BOB_MEMBER, userId: 'user-2', name: 'Bob Hart', email: 'bob@example.com', role: 'member' }),
  aMember({ id: CAT_MEMBER, userId: 'user-3', name: 'Cat Moss', email: 'cat@example.com', role: 'member' }),
];

export function aPotSummary(overrides: Partial<PotSummary> = {}): PotSummary {
  return {
    id: POT_ID,
    name: 'Lisbon trip',
    description: 'Location: Lisbon',
    balancePence: 123456,
    currency: 'GBP',
    isActive: true,
    createdBy: 'user-1',
    createdAt: '2026-03-02T10:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
    members: threeMembers,
    yourNetPence: 0,
    ...overrides,
  };
}

export function aPotDetail(overrides: Partial<PotDetail> = {}): PotDetail {
  return {
    ...aPotSummary(),
    yourRole: 'owner',
    yourMemberId: ANN_MEMBER,
    transactions: [],
    stats: { totalTransactions: 0, totalAddedPence: 0, totalSpentPence: 0, paidByMembersPence: 0 },
    contributions: threeMembers.map(({ id, name }) => ({
      memberId: id,
      name,
      addedPence: 0,
      paidPence: 0,
      sharePence: 0,
    })),
    spendingByCategory: [],
    pendingInvitations: [],
    rules: {
      withdrawRule: 'owner',
      spendRule: 'members',
      approvalAbovePence: 5_000,
      inviteRule: 'owner',
      simplifyDebts: true,
    },
    ...overrides,
  };
}

/** Paid in full by its payerMemberId unless `payers` is given (none when the pot paid). */
export function anExpense(overrides: Partial<Expense> = {}): Expense {
  const expense: Omit<Expense, 'payers'> = {
    id: 'e0000000-0000-4000-8000-000000000001',
    potId: POT_ID,
    description: 'Dinner',
    amountPence: 3000,
    paidFrom: 'member',
    payerMemberId: ANN_MEMBER,
    splitMode: 'equal',
    items: null,
    original: null,
    category: 'food',
    shares: threeMembers.map(({ id, name }) => ({ memberId: id, name, amountPence: 1000 })),
    status: 'confirmed',
    awaitingMemberId: null,
    createdBy: 'user-1',
    createdByName: 'Ann Lee',
    createdAt: '2026-03-03T19:00:00Z',
    updatedAt: '2026-03-03T19:00:00Z',
    hasReceipt: false,
    spentOn: '2026-03-03',
    notes: null,
    ...overrides,
  };
  const payer = threeMembers.find(({ id }) => id === expense.payerMemberId);
  const paidInFull =
    expense.paidFrom === 'member' && payer
      ? [{ memberId: payer.id, name: payer.name, amountPence: expense.amountPence }]
      : [];
  return { ...expense, payers: overrides.payers ?? paidInFull };
}

export const settledBalances: PotBalances = {
  positions: threeMembers.map(({ id, name }) => ({ memberId: id, name, netPence: 0, putInPence: 0 })),
  plan: [],
  potPlan: [],
  remindedToday: [],
};
