import { randomUUID } from 'node:crypto';

import {
  api,
  eventually,
  refreshCookieOf,
  signUpUser,
  uniqueEmail,
  verificationTokensFor,
} from '../../support/api';
import { mailTo, passwordResetToken } from '../../support/maildev';
import { VALID_BANK_ACCOUNT, VERIFIABLE_KYC, verifyUser } from '../../support/onboarding';
import { topUp } from '../../support/payments';
import { bearer, invite, joinPot, type PotDetail, type User } from '../../support/pots';

/** The current month as a statement names it (YYYY-MM). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** A valid request to one route, and who may make it. */
export interface PreparedRequest {
  /** Whose session makes the valid request; absent on public routes. */
  as?: User;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The request asks for `alice`'s objects: a stranger must be refused it. */
  owned?: boolean;
  /** A stranger's version of the request where it differs (e.g. their own wallet, but Alice's pot). */
  strangerBody?: unknown;
  /** The valid request's answer where it is not a 2xx (a redirect). */
  validStatus?: number;
  /** Extra ways in that must be refused (cookies for the cookie-authenticated routes). */
  refusals?: { label: string; headers: Record<string, string> }[];
}

/** How one route is exercised: `prepare` builds a valid request (fresh objects where the route uses one up). */
export interface RouteFixture {
  prepare: () => Promise<PreparedRequest>;
  /** Why the valid request is not sent (it cannot succeed here), when it is not. */
  noBaseline?: string;
  /** Why a stranger with the link may use it (a bearer capability by design). */
  capability?: string;
}

/** The users and objects every route is tried against. */
export interface World {
  alice: User;
  bob: User;
  /** A member who is not the owner: what she records as paid by Bob waits for Bob. */
  carol: User;
  mallory: User;
  potId: string;
  aliceMemberId: string;
  bobMemberId: string;
  carolMemberId: string;
  expenseId: string;
  settlementId: string;
  fundingSessionId: string;
  topUpRequestId: string;
  /** The access token of one of Alice's sessions that has signed out. */
  signedOutToken: string;
  signInUser: User;
}

/** A Kitty CSV export of one £10 dinner that `name` paid and had alone. */
const kittyCsvOfOne = (name: string) =>
  `Date,Description,Category,Cost,Currency,Type,${name},Paid by ${name}\r\n` +
  `2026-07-01,Dinner,Food and drink,10.00,GBP,Expense,10.00,10.00\r\n`;

const SAFE_PASSWORD = 'a-long-enough-password';
const NEW_PASSWORD = 'a-brand-new-long-passphrase';
const created = <T>(response: { status: number; body: unknown }, what: string): T => {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
};
const asUser = (user: User) => ({ ...bearer(user.session.accessToken), 'x-forwarded-for': '81.2.69.142' });

async function createPot(owner: User, name: string) {
  return created<PotDetail>(
    await api<PotDetail>('/api/pots', { method: 'POST', body: { name }, headers: asUser(owner) }),
    'create pot',
  );
}

async function recordExpense(world: World, payerMemberId: string, recorder = world.alice) {
  const expense = await api<{ id: string }>(`/api/pots/${world.potId}/expenses`, {
    method: 'POST',
    body: {
      description: 'Groceries',
      amountPence: 900,
      paidFrom: 'member',
      payerMemberId,
      split: { mode: 'equal', members: [{ memberId: world.aliceMemberId }, { memberId: world.bobMemberId }] },
    },
    headers: { ...asUser(recorder), 'idempotency-key': randomUUID() },
  });
  return created<{ id: string }>(expense, 'record expense').id;
}

/** A weekly expense Alice pays from a week ahead (nothing recorded yet): what a cancel fixture cancels. */
const weekAhead = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const weeklyGroceries = (world: World) => ({
  expense: {
    description: 'Weekly groceries',
    amountPence: 2_400,
    paidFrom: 'member',
    payerMemberId: world.aliceMemberId,
    split: { mode: 'equal', members: [{ memberId: world.aliceMemberId }, { memberId: world.bobMemberId }] },
  },
  frequency: 'weekly',
  startOn: weekAhead(),
});

async function recurringExpense(world: World) {
  const rule = await api<{ id: string }>(`/api/pots/${world.potId}/recurring-expenses`, {
    method: 'POST',
    body: weeklyGroceries(world),
    headers: { ...asUser(world.alice), 'idempotency-key': randomUUID() },
  });
  return created<{ id: string }>(rule, 'set up recurring expense').id;
}

/** A 1×1 PNG: a receipt photo as small as one gets. */
const RECEIPT_PHOTO = {
  contentType: 'image/png',
  dataBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
};

/** An expense of Alice's with its receipt attached. */
async function expenseWithReceipt(world: World) {
  const expenseId = await recordExpense(world, world.aliceMemberId);
  const attached = await api(`/api/pots/${world.potId}/expenses/${expenseId}/receipt`, {
    method: 'PUT',
    body: RECEIPT_PHOTO,
    headers: asUser(world.alice),
  });
  created(attached, 'attach receipt');
  return expenseId;
}

/** A settlement Carol records as paid to her by Bob: pending until Bob confirms it. */
async function pendingSettlement(world: World) {
  const settlement = await api<{ id: string }>(`/api/pots/${world.potId}/settlements`, {
    method: 'POST',
    body: { fromMemberId: world.bobMemberId, toMemberId: world.carolMemberId, amountPence: 150 },
    headers: { ...asUser(world.carol), 'idempotency-key': randomUUID() },
  });
  return created<{ id: string }>(settlement, 'record settlement').id;
}

/**
 * A pot withdrawal waiting for a second member: Wes, a verified member of Alice's pot whose
 * rules ask approval above £1, asks for £2 of its £10. The pot is made once; each call asks anew.
 */
let approvalPot: Promise<{ potId: string; requester: User }> | undefined;
async function waitingWithdrawal(world: World): Promise<{ withdrawalId: string; requester: User }> {
  approvalPot ??= (async () => {
    const pot = await createPot(world.alice, 'Approval pot');
    const requester = await freshUser('Wes');
    await verifyUser(requester.session.accessToken);
    await joinPot(pot.id, world.alice, requester);
    created(
      await api(`/api/pots/${pot.id}/rules`, {
        method: 'PATCH',
        body: { withdrawRule: 'approval', spendRule: 'members', approvalAbovePence: 100 },
        headers: asUser(world.alice),
      }),
      'set pot rules',
    );
    await topUp(world.alice.session.accessToken, 1_000, { type: 'pot', potId: pot.id });
    return { potId: pot.id, requester };
  })();
  const { potId, requester } = await approvalPot;
  const asked = await api<{ id: string; status: string }>('/api/withdrawals', {
    method: 'POST',
    body: { amountPence: 200, source: { type: 'pot', potId } },
    headers: { ...asUser(requester), 'idempotency-key': randomUUID() },
  });
  const withdrawal = created<{ id: string; status: string }>(asked, 'ask to withdraw');
  if (withdrawal.status !== 'awaiting_approval') throw new Error(`withdrawal is ${withdrawal.status}`);
  return { withdrawalId: withdrawal.id, requester };
}

/**
 * A card spending request waiting for a second member, in a pot of Alice's whose rules ask
 * approval above £1: a fresh member asks each time (a member may have only a few open at once).
 */
let spendApprovalPot: Promise<string> | undefined;
/** The pot, and a fresh member of it who has asked nothing yet. */
async function cardApprovalMember(world: World): Promise<{ potId: string; requester: User }> {
  spendApprovalPot ??= (async () => {
    const pot = await createPot(world.alice, 'Card approval pot');
    created(
      await api(`/api/pots/${pot.id}/rules`, {
        method: 'PATCH',
        body: { withdrawRule: 'owner', spendRule: 'approval', approvalAbovePence: 100 },
        headers: asUser(world.alice),
      }),
      'set pot rules',
    );
    return pot.id;
  })();
  const potId = await spendApprovalPot;
  const requester = await freshUser('Spender');
  await joinPot(potId, world.alice, requester);
  return { potId, requester };
}

async function waitingSpendApproval(
  world: World,
): Promise<{ potId: string; approvalId: string; requester: User }> {
  const { potId, requester } = await cardApprovalMember(world);
  const asked = await api<{ id: string }>(`/api/pots/${potId}/spend-approvals`, {
    method: 'POST',
    body: { amountPence: 500 },
    headers: asUser(requester),
  });
  return { potId, approvalId: created<{ id: string }>(asked, 'ask to spend').id, requester };
}

async function signOutSession(user: User) {
  const signIn = await api<{ accessToken: string }>('/api/auth/sign-in', {
    method: 'POST',
    body: { email: user.credentials.email, password: user.credentials.password },
  });
  const session = created<{ accessToken: string }>(signIn, 'sign in');
  await api('/api/auth/sign-out', { method: 'POST', headers: { cookie: refreshCookieOf(signIn) } });
  return session.accessToken;
}

export async function buildWorld(): Promise<World> {
  const [alice, bob, carol, mallory, signInUser] = await Promise.all([
    signUpUser({ fullName: 'Alice Owner' }),
    signUpUser({ fullName: 'Bob Member' }),
    signUpUser({ fullName: 'Carol Member' }),
    signUpUser({ fullName: 'Mallory Stranger' }),
    signUpUser({ fullName: 'Sign In' }),
  ]);
  await verifyUser(alice.session.accessToken);
  created(await api('/api/cards', { method: 'POST', headers: asUser(alice) }), 'issue card');
  const pot = await createPot(alice, 'Walked pot');
  await joinPot(pot.id, alice, bob);
  await joinPot(pot.id, alice, carol);
  await createPot(mallory, "Mallory's pot");
  const detail = created<PotDetail>(
    await api<PotDetail>(`/api/pots/${pot.id}`, { headers: asUser(alice) }),
    'read pot',
  );
  const memberOf = (user: User) =>
    detail.members.find((m) => m.userId === user.session.user.id)?.id as string;
  const { checkout } = await topUp(alice.session.accessToken, 2_000, { type: 'wallet' });
  const request = await api<{ id: string }>('/api/top-up-requests', {
    method: 'POST',
    body: { amountPence: 1_000, recipients: [uniqueEmail('friend')], target: { type: 'wallet' } },
    headers: asUser(alice),
  });
  const world: World = {
    alice,
    bob,
    carol,
    mallory,
    signInUser,
    carolMemberId: memberOf(carol),
    potId: pot.id,
    aliceMemberId: memberOf(alice),
    bobMemberId: memberOf(bob),
    expenseId: '',
    settlementId: '',
    fundingSessionId: checkout.sessionId,
    topUpRequestId: created<{ id: string }>(request, 'top-up request').id,
    signedOutToken: await signOutSession(alice),
  };
  world.expenseId = await recordExpense(world, world.aliceMemberId);
  const settlement = await api<{ id: string }>(`/api/pots/${world.potId}/settlements`, {
    method: 'POST',
    body: { fromMemberId: world.aliceMemberId, toMemberId: world.bobMemberId, amountPence: 100 },
    headers: { ...asUser(alice), 'idempotency-key': randomUUID() },
  });
  world.settlementId = created<{ id: string }>(settlement, 'settlement').id;
  return world;
}

/** Signs up a user whose e-mail is confirmed and who has done nothing else. */
const freshUser = (label: string) => signUpUser({ fullName: label, email: uniqueEmail(label.toLowerCase()) });

async function unverifiedUser(): Promise<User> {
  const credentials = { fullName: 'Una Verified', email: uniqueEmail('unverified'), password: SAFE_PASSWORD };
  created(await api('/api/auth/sign-up', { method: 'POST', body: credentials }), 'sign up');
  const signIn = await api<User['session']>('/api/auth/sign-in', {
    method: 'POST',
    body: { email: credentials.email, password: credentials.password },
  });
  return {
    credentials,
    session: created<User['session']>(signIn, 'unverified sign-in'),
    cookie: refreshCookieOf(signIn),
  };
}

/** The opt-out token of an invitation e-mailed to someone who has no account. */
async function unsubscribeToken(world: World) {
  const address = uniqueEmail('outsider');
  await invite(world.potId, world.alice, address);
  const mail = await mailTo(address);
  return decodeURIComponent(/unsubscribe\?token=([\w%.~-]+)/.exec(mail.text)?.[1] ?? '');
}

/** A route for every operation of the OpenAPI document, keyed `METHOD /path`. */
export function routeFixtures(world: World): Record<string, RouteFixture> {
  const { alice, bob } = world;
  const pot = { potId: world.potId };
  const equalSplit = {
    mode: 'equal',
    members: [{ memberId: world.aliceMemberId }, { memberId: world.bobMemberId }],
  };
  const idempotent = () => ({ 'idempotency-key': randomUUID() });
  const refreshRefusals: PreparedRequest['refusals'] = [
    { label: 'no cookie', headers: {} },
    { label: 'garbage cookie', headers: { cookie: 'kitty_refresh=garbage' } },
    { label: 'tampered cookie', headers: { cookie: `${world.signInUser.cookie.slice(0, -2)}xx` } },
    { label: 'NUL in cookie', headers: { cookie: `${world.signInUser.cookie}%00` } },
  ];
  return {
    'POST /api/auth/sign-up': {
      prepare: async () => ({
        body: { fullName: 'Sam Secure', email: uniqueEmail('walk'), password: SAFE_PASSWORD },
      }),
    },
    'POST /api/auth/verify-email': {
      prepare: async () => {
        const email = uniqueEmail('confirm');
        await api('/api/auth/sign-up', {
          method: 'POST',
          body: { fullName: 'Cora Confirm', email, password: SAFE_PASSWORD },
        });
        return { body: { token: await eventually(async () => (await verificationTokensFor(email)).at(-1)) } };
      },
    },
    'POST /api/auth/password-reset': {
      prepare: async () => ({ body: { email: uniqueEmail('reset') } }),
    },
    'POST /api/auth/password-reset/confirm': {
      prepare: async () => {
        const user = await freshUser('Resetta');
        await api('/api/auth/password-reset', { method: 'POST', body: { email: user.credentials.email } });
        return { body: { token: await passwordResetToken(user.credentials.email), password: NEW_PASSWORD } };
      },
    },
    'POST /api/me/password': {
      prepare: async () => ({
        as: await freshUser('Changer'),
        body: { currentPassword: SAFE_PASSWORD, newPassword: NEW_PASSWORD },
      }),
    },
    'POST /api/auth/sign-in': {
      prepare: async () => ({
        body: { email: world.signInUser.credentials.email, password: world.signInUser.credentials.password },
      }),
    },
    'POST /api/auth/refresh': {
      prepare: async () => ({
        headers: { cookie: (await freshUser('Refresher')).cookie },
        refusals: refreshRefusals,
      }),
    },
    'POST /api/auth/sign-out': {
      prepare: async () => ({ headers: { cookie: (await freshUser('Leaver')).cookie } }),
    },
    'GET /api/me': { prepare: async () => ({ as: alice }) },
    'DELETE /api/me': {
      prepare: async () => ({ as: await freshUser('Deleter'), body: { password: SAFE_PASSWORD } }),
    },
    'GET /api/me/sessions': { prepare: async () => ({ as: alice }) },
    'DELETE /api/me/sessions/{sessionId}': {
      prepare: async () => {
        // Alice's own other session: a stranger must not be able to sign it out.
        const signIn = await api('/api/auth/sign-in', {
          method: 'POST',
          body: { email: alice.credentials.email, password: alice.credentials.password },
          headers: { 'x-forwarded-for': '81.2.69.142' },
        });
        created(signIn, 'second sign-in');
        const listed = await api<{ sessions: { id: string; current: boolean; lastSeenAt: string }[] }>(
          '/api/me/sessions',
          { headers: asUser(alice) },
        );
        const newest = listed.body.sessions
          .filter(({ current }) => !current)
          .sort((a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt))[0];
        return { as: alice, owned: true, params: { sessionId: newest.id } };
      },
    },
    'POST /api/me/sessions/sign-out-others': { prepare: async () => ({ as: await freshUser('Lonely') }) },
    'GET /api/me/export': { prepare: async () => ({ as: alice }) },
    // The caller's own notifications and preferences: the gateway names the user, so a stranger's request
    // reads or changes only their own (the ids of someone else's notifications match nothing).
    'GET /api/notifications': { prepare: async () => ({ as: alice }) },
    'POST /api/notifications/read': { prepare: async () => ({ as: alice, body: {} }) },
    'GET /api/me/notification-preferences': { prepare: async () => ({ as: alice }) },
    'PUT /api/me/notification-preferences': {
      prepare: async () => ({
        as: alice,
        body: { preferences: [{ kind: 'expense_added', inApp: true, email: true }] },
      }),
    },
    'GET /api/me/export/{dataset}': { prepare: async () => ({ as: alice, params: { dataset: 'expenses' } }) },
    'POST /api/me/verification-email': { prepare: async () => ({ as: await unverifiedUser() }) },
    'POST /api/contact': {
      prepare: async () => ({
        body: {
          name: 'Cleo Contact',
          email: uniqueEmail('contact'),
          subject: 'Hello',
          message: 'Two\nlines',
        },
      }),
    },
    'GET /api/email-preferences/unsubscribe': {
      prepare: async () => ({ query: { token: await unsubscribeToken(world) }, validStatus: 303 }),
    },
    'POST /api/email-preferences/unsubscribe': {
      prepare: async () => ({ query: { token: await unsubscribeToken(world) } }),
    },
    'POST /api/client-events': {
      prepare: async () => ({ body: { type: 'route-not-found', path: '/nowhere' } }),
    },
    'GET /api/health': { prepare: async () => ({}) },
    'POST /api/pots': {
      prepare: async () => ({
        as: alice,
        body: {
          name: 'Weekend',
          location: 'Leeds',
          startDate: '2026-07-01',
          endDate: '2026-07-08',
          members: [{ name: 'Fay Friend', email: uniqueEmail('fay') }],
        },
      }),
    },
    'GET /api/pots': { prepare: async () => ({ as: alice }) },
    'GET /api/pots/archived': { prepare: async () => ({ as: alice }) },
    'GET /api/pots/{potId}': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'PATCH /api/pots/{potId}': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        body: { name: 'Walked pot', description: 'Renamed by the walk' },
      }),
    },
    'PATCH /api/pots/{potId}/rules': {
      // The rules the pot already has: the walk's other routes keep the owner-only withdrawals they expect.
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        body: { withdrawRule: 'owner', spendRule: 'members', approvalAbovePence: 5_000 },
      }),
    },
    'GET /api/pots/{potId}/withdrawal-approvals': {
      prepare: async () => ({ as: alice, params: pot, owned: true }),
    },
    'GET /api/pots/{potId}/withdrawals': {
      prepare: async () => ({ as: alice, params: pot, owned: true }),
    },
    'POST /api/pots/{potId}/invitations': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        body: { name: 'Ivy Invitee', email: uniqueEmail('ivy') },
      }),
    },
    'DELETE /api/pots/{potId}/invitations/{invitationId}': {
      prepare: async () => {
        const invitation = await api<{ id: string }>(`/api/pots/${world.potId}/invitations`, {
          method: 'POST',
          body: { name: 'Short Lived', email: uniqueEmail('short') },
          headers: asUser(alice),
        });
        return {
          as: alice,
          owned: true,
          params: { ...pot, invitationId: created<{ id: string }>(invitation, 'invite').id },
        };
      },
    },
    'DELETE /api/pots/{potId}/members/{memberId}': {
      prepare: async () => {
        const leaving = await freshUser('Lee');
        await joinPot(world.potId, alice, leaving);
        const detail = created<PotDetail>(
          await api<PotDetail>(`/api/pots/${world.potId}`, { headers: asUser(alice) }),
          'read pot',
        );
        const memberId = detail.members.find((m) => m.userId === leaving.session.user.id)?.id as string;
        return { as: alice, owned: true, params: { ...pot, memberId } };
      },
    },
    'POST /api/pots/{potId}/leave': {
      // Someone who has just joined (a position of zero) leaves; a stranger must not be able to.
      prepare: async () => {
        const leaving = await freshUser('Lou');
        await joinPot(world.potId, alice, leaving);
        return { as: leaving, owned: true, params: pot };
      },
    },
    'GET /api/pots/{potId}/activity': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'GET /api/pots/{potId}/export.csv': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'POST /api/pots/{potId}/import/preview': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        body: { text: kittyCsvOfOne('Alice Owner') },
      }),
    },
    'POST /api/pots/{potId}/import': {
      // Into a pot of her own, so the pot every other route uses keeps its positions.
      prepare: async () => {
        const own = await createPot(alice, 'Imported');
        const aliceId = own.members[0].id;
        return {
          as: alice,
          params: { potId: own.id },
          owned: true,
          body: {
            text: kittyCsvOfOne('Alice Owner'),
            format: 'kitty-csv',
            mapping: [{ name: 'Alice Owner', memberId: aliceId }],
          },
        };
      },
    },
    'GET /api/pots/{potId}/statement': {
      prepare: async () => ({ as: alice, params: pot, query: { month: thisMonth() }, owned: true }),
    },
    'POST /api/pots/{potId}/expenses': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        headers: idempotent(),
        body: {
          description: 'Dinner',
          amountPence: 1_000,
          paidFrom: 'member',
          payerMemberId: world.aliceMemberId,
          split: equalSplit,
        },
      }),
    },
    'GET /api/pots/{potId}/expenses': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'PUT /api/pots/{potId}/expenses/{expenseId}/receipt': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, expenseId: await recordExpense(world, world.aliceMemberId) },
        body: RECEIPT_PHOTO,
      }),
    },
    'GET /api/pots/{potId}/expenses/{expenseId}/receipt': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, expenseId: await expenseWithReceipt(world) },
      }),
    },
    'DELETE /api/pots/{potId}/expenses/{expenseId}/receipt': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, expenseId: await expenseWithReceipt(world) },
      }),
    },
    'POST /api/pots/{potId}/recurring-expenses': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        headers: idempotent(),
        body: weeklyGroceries(world),
      }),
    },
    'GET /api/pots/{potId}/recurring-expenses': {
      prepare: async () => ({ as: alice, params: pot, owned: true }),
    },
    'DELETE /api/pots/{potId}/recurring-expenses/{recurringId}': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, recurringId: await recurringExpense(world) },
      }),
    },
    'GET /api/pots/{potId}/expenses/{expenseId}': {
      prepare: async () => ({ as: alice, owned: true, params: { ...pot, expenseId: world.expenseId } }),
    },
    'PATCH /api/pots/{potId}/expenses/{expenseId}': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, expenseId: world.expenseId },
        // Alice and Bob paid it between them: the walk tries the payers' fields too.
        body: {
          description: 'Groceries (edited)',
          amountPence: 1_200,
          split: equalSplit,
          payers: [
            { memberId: world.aliceMemberId, amountPence: 700 },
            { memberId: world.bobMemberId, amountPence: 500 },
          ],
        },
      }),
    },
    'DELETE /api/pots/{potId}/expenses/{expenseId}': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, expenseId: await recordExpense(world, world.aliceMemberId) },
      }),
    },
    'GET /api/pots/{potId}/balances': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'POST /api/pots/{potId}/expenses/{expenseId}/confirm': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, expenseId: await recordExpense(world, world.bobMemberId, world.carol) },
      }),
    },
    'POST /api/pots/{potId}/expenses/{expenseId}/decline': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, expenseId: await recordExpense(world, world.bobMemberId, world.carol) },
      }),
    },
    'GET /api/pots/{potId}/settlements': { prepare: async () => ({ as: alice, params: pot, owned: true }) },
    'POST /api/pots/{potId}/settlements': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        headers: idempotent(),
        body: { fromMemberId: world.aliceMemberId, toMemberId: world.bobMemberId, amountPence: 250 },
      }),
    },
    // Bob's payment to Carol as Carol recorded it: either of them (or the owner) may correct or undo it.
    'PATCH /api/pots/{potId}/settlements/{settlementId}': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, settlementId: await pendingSettlement(world) },
        body: { amountPence: 175 },
      }),
    },
    'DELETE /api/pots/{potId}/settlements/{settlementId}': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, settlementId: await pendingSettlement(world) },
      }),
    },
    'POST /api/pots/{potId}/settlements/{settlementId}/confirm': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, settlementId: await pendingSettlement(world) },
      }),
    },
    'POST /api/pots/{potId}/settlements/{settlementId}/decline': {
      prepare: async () => ({
        as: bob,
        owned: true,
        params: { ...pot, settlementId: await pendingSettlement(world) },
      }),
    },
    'POST /api/pots/{potId}/guests': {
      prepare: async () => ({
        as: alice,
        params: pot,
        owned: true,
        body: { name: `Guest ${randomUUID().slice(0, 8)}`, email: uniqueEmail('guest') },
      }),
    },
    'GET /api/pots/{potId}/plan/{fromMemberId}/{toMemberId}/explanation': {
      prepare: async () => ({
        as: alice,
        owned: true,
        params: { ...pot, fromMemberId: world.bobMemberId, toMemberId: world.aliceMemberId },
      }),
    },
    'GET /api/pots/{potId}/spend-approvals': {
      prepare: async () => ({ as: alice, params: pot, owned: true }),
    },
    'POST /api/pots/{potId}/spend-approvals': {
      prepare: async () => {
        const { potId, requester } = await cardApprovalMember(world);
        return { as: requester, owned: true, params: { potId }, body: { amountPence: 800, note: 'Dinner' } };
      },
    },
    'POST /api/pots/{potId}/spend-approvals/{approvalId}/approve': {
      prepare: async () => {
        const { potId, approvalId } = await waitingSpendApproval(world);
        return { as: alice, owned: true, params: { potId, approvalId } };
      },
    },
    'POST /api/pots/{potId}/spend-approvals/{approvalId}/decline': {
      prepare: async () => {
        const { potId, approvalId } = await waitingSpendApproval(world);
        return { as: alice, owned: true, params: { potId, approvalId } };
      },
    },
    'POST /api/pots/{potId}/spend-approvals/{approvalId}/cancel': {
      prepare: async () => {
        const { potId, approvalId, requester } = await waitingSpendApproval(world);
        return { as: requester, owned: true, params: { potId, approvalId } };
      },
    },
    'POST /api/pots/{potId}/reminders': {
      // A pot of its own where Bob owes Alice: its one reminder a day is the valid request's.
      prepare: async () => {
        const owed = await createPot(alice, 'Reminded pot');
        await joinPot(owed.id, alice, bob);
        const detail = created<PotDetail>(
          await api<PotDetail>(`/api/pots/${owed.id}`, { headers: asUser(alice) }),
          'read pot',
        );
        const bobMemberId = detail.members.find((m) => m.userId === bob.session.user.id)?.id as string;
        const expense = await api(`/api/pots/${owed.id}/expenses`, {
          method: 'POST',
          body: {
            description: 'Taxi',
            amountPence: 800,
            paidFrom: 'member',
            payerMemberId: detail.yourMemberId,
            split: { mode: 'equal', members: [{ memberId: detail.yourMemberId }, { memberId: bobMemberId }] },
          },
          headers: { ...asUser(alice), ...idempotent() },
        });
        created(expense, 'record expense');
        return {
          as: alice,
          owned: true,
          params: { potId: owed.id },
          body: { fromMemberId: bobMemberId, toMemberId: detail.yourMemberId },
        };
      },
    },
    'GET /api/invitations/{token}': {
      capability: 'an invitation link admits whoever holds it (it is e-mailed to the invitee)',
      prepare: async () => ({ params: { token: await invite(world.potId, alice, uniqueEmail('link')) } }),
    },
    'POST /api/invitations/{token}/accept': {
      capability: 'an invitation link admits whoever holds it (it is e-mailed to the invitee)',
      prepare: async () => ({
        as: await freshUser('Joiner'),
        params: { token: await invite(world.potId, alice, uniqueEmail('joiner')) },
      }),
    },
    'GET /api/active-pot': { prepare: async () => ({ as: alice }) },
    'PUT /api/active-pot': { prepare: async () => ({ as: alice, owned: true, body: pot }) },
    'GET /api/onboarding': { prepare: async () => ({ as: alice }) },
    'POST /api/onboarding/account': { prepare: async () => ({ as: await freshUser('Acer') }) },
    'POST /api/onboarding/kyc': {
      prepare: async () => ({ as: await freshUser('Kyra'), body: VERIFIABLE_KYC }),
    },
    'POST /api/onboarding/account/recreate': {
      noBaseline: 'only a payment account Stripe has rejected can be recreated',
      prepare: async () => ({ as: alice }),
    },
    'GET /api/me/bank-account': { prepare: async () => ({ as: alice }) },
    'PUT /api/me/bank-account': {
      prepare: async () => ({
        as: await freshUser('Banks'),
        body: { ...VALID_BANK_ACCOUNT, password: SAFE_PASSWORD },
      }),
    },
    'POST /api/cards': {
      prepare: async () => {
        const user = await freshUser('Carda');
        await verifyUser(user.session.accessToken);
        return { as: user };
      },
    },
    'GET /api/cards/current': { prepare: async () => ({ as: alice }) },
    'POST /api/cards/current/freeze': { prepare: async () => ({ as: alice }) },
    'POST /api/cards/current/unfreeze': { prepare: async () => ({ as: alice }) },
    'POST /api/funding/checkout-sessions': {
      prepare: async () => ({
        as: alice,
        owned: true,
        headers: idempotent(),
        body: { amountPence: 1_000, destination: { type: 'pot', potId: world.potId }, method: 'card' },
      }),
    },
    'GET /api/funding/sessions/{sessionId}': {
      prepare: async () => ({ as: alice, owned: true, params: { sessionId: world.fundingSessionId } }),
    },
    // A top-up of Alice's left unpaid: cancelling it is the valid request (sent last; a repeat is harmless).
    'POST /api/funding/top-ups/{topUpId}/cancel': {
      prepare: async () => {
        const started = await api<{ sessionId: string }>('/api/funding/checkout-sessions', {
          method: 'POST',
          body: { amountPence: 1_000, destination: { type: 'wallet' }, method: 'card' },
          headers: { ...asUser(alice), ...idempotent() },
        });
        const history = await api<{ id: string; sessionId: string }[]>('/api/funding/transactions', {
          headers: asUser(alice),
        });
        const topUp = history.body.find((row) => row.sessionId === started.body.sessionId);
        if (!topUp) throw new Error(`no unpaid top-up to cancel (${started.status})`);
        return { as: alice, owned: true, params: { topUpId: topUp.id } };
      },
    },
    'GET /api/funding/top-ups/{topUpId}': {
      prepare: async () => {
        const history = await api<{ id: string }[]>('/api/funding/transactions', { headers: asUser(alice) });
        const topUp = history.body[0];
        if (!topUp) throw new Error('Alice has no top-up');
        return { as: alice, owned: true, params: { topUpId: topUp.id } };
      },
    },
    'GET /api/funding/fee-quote': { prepare: async () => ({ as: alice, query: { amountPence: '1000' } }) },
    'GET /api/funding/transactions': { prepare: async () => ({ as: alice }) },
    'GET /api/wallet': { prepare: async () => ({ as: alice }) },
    'GET /api/wallet/statement': { prepare: async () => ({ as: alice, query: { month: thisMonth() } }) },
    'POST /api/withdrawals': {
      prepare: async () => ({
        as: alice,
        owned: true,
        headers: idempotent(),
        body: { amountPence: 100, source: { type: 'wallet' } },
        strangerBody: { amountPence: 100, source: { type: 'pot', potId: world.potId } },
      }),
    },
    'GET /api/withdrawals': { prepare: async () => ({ as: alice }) },
    'GET /api/withdrawals/history': { prepare: async () => ({ as: alice }) },
    'POST /api/withdrawals/{withdrawalId}/approve': {
      prepare: async () => {
        const { withdrawalId } = await waitingWithdrawal(world);
        return { as: alice, owned: true, params: { withdrawalId } };
      },
    },
    'POST /api/withdrawals/{withdrawalId}/decline': {
      prepare: async () => {
        const { withdrawalId } = await waitingWithdrawal(world);
        return { as: alice, owned: true, params: { withdrawalId } };
      },
    },
    'POST /api/withdrawals/{withdrawalId}/cancel': {
      prepare: async () => {
        const { withdrawalId, requester } = await waitingWithdrawal(world);
        return { as: requester, owned: true, params: { withdrawalId } };
      },
    },
    'POST /api/top-up-requests': {
      prepare: async () => ({
        as: alice,
        owned: true,
        body: {
          amountPence: 1_000,
          recipients: [uniqueEmail('asked')],
          message: 'For the cabin',
          target: { type: 'pot', potId: world.potId },
        },
      }),
    },
    'GET /api/top-up-requests/{requestId}': {
      prepare: async () => ({ as: alice, owned: true, params: { requestId: world.topUpRequestId } }),
    },
  };
}
