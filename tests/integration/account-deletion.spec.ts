// Deleting an account against the running stack, where it meets pots and money: refused while the person
// owes or is owed in a pot; once gone, their name leaves what the others see, the pots they owned pass on,
// nobody can pay or remind them, and a deletion racing payments to them never strands a penny.
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, joinPot, type PotDetail, type User } from '../support/pots';

interface Problem {
  status: number;
  title: string;
  detail?: string;
}
/** A settlement as made (201), or the problem that refused it. */
interface SettlementAnswer {
  id: string;
  status: string;
  detail?: string;
}

const PASSWORD = 'a-long-enough-password';

const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => db.end());

const deleteAccount = (user: User) =>
  api<Problem>('/api/me', {
    method: 'DELETE',
    body: { password: PASSWORD },
    headers: bearer(user.session.accessToken),
  });

const readPot = async (potId: string, user: User) =>
  (await api<PotDetail>(`/api/pots/${potId}`, { headers: bearer(user.session.accessToken) })).body;

async function createPot(owner: User, name: string, members: User[]): Promise<PotDetail> {
  const created = await api<PotDetail>('/api/pots', {
    method: 'POST',
    body: { name },
    headers: bearer(owner.session.accessToken),
  });
  if (created.status !== 201) throw new Error(`create pot: ${created.status}`);
  for (const member of members) await joinPot(created.body.id, owner, member);
  return readPot(created.body.id, owner);
}

const memberIdOf = (pot: PotDetail, user: User) =>
  pot.members.find(({ userId }) => userId === user.session.user.id)!.id;

const settle = (
  potId: string,
  by: User,
  body: { fromMemberId: string; toMemberId: string; amountPence: number; payWithKitty: boolean },
) =>
  api<SettlementAnswer>(`/api/pots/${potId}/settlements`, {
    method: 'POST',
    body,
    headers: { ...bearer(by.session.accessToken), 'idempotency-key': randomUUID() },
  });

/** `from` paid `to` outside Kitty: recorded by the payee, confirmed by the payer, so it counts. */
async function paidOutsideKitty(pot: PotDetail, from: User, to: User, amountPence: number) {
  const recorded = await settle(pot.id, to, {
    fromMemberId: memberIdOf(pot, from),
    toMemberId: memberIdOf(pot, to),
    amountPence,
    payWithKitty: false,
  });
  expect(recorded.status).toBe(201);
  if (recorded.body.status === 'confirmed') return;
  const confirmed = await api(`/api/pots/${pot.id}/settlements/${recorded.body.id}/confirm`, {
    method: 'POST',
    headers: bearer(from.session.accessToken),
  });
  expect(confirmed.status).toBe(200);
}

const walletOf = async (userId: string) => {
  const { rows } = await db.query<{ balance: string; closed: boolean }>(
    `SELECT balance_pence::text AS balance, closed_at IS NOT NULL AS closed
       FROM payments.ledger_accounts WHERE id = $1`,
    [`wallet:${userId}`],
  );
  return rows[0] ? { balancePence: Number(rows[0].balance), closed: rows[0].closed } : undefined;
};

/** The ledger's invariants in SQL: no deleted account holds money, every transaction sums to zero. */
async function expectNothingStranded() {
  const { rows: stranded } = await db.query(
    `SELECT a.id, a.balance_pence::text AS balance
       FROM payments.ledger_accounts a JOIN auth.users u ON u.id = a.owner_id
      WHERE a.kind = 'wallet' AND u.deleted_at IS NOT NULL AND a.balance_pence <> 0`,
  );
  expect(stranded).toEqual([]);
  const { rows: unbalanced } = await db.query(
    `SELECT transaction_id FROM payments.ledger_postings GROUP BY transaction_id HAVING sum(amount_pence) <> 0`,
  );
  expect(unbalanced).toEqual([]);
}

describe('account deletion and pots', () => {
  it('is refused while the person owes or is owed in a pot, saying what to settle first; then their name, address and ownership leave the pot', async () => {
    const potName = `Lisbon ${randomUUID().slice(0, 6)}`;
    const dan = await signUpUser({ fullName: 'Dan Dixon' });
    const cat = await signUpUser({ fullName: 'Cat Carter' });
    const eve = await signUpUser({ fullName: 'Eve Evans' });
    const pot = await createPot(dan, potName, [cat, eve]);
    // Cat paid £20 for Dan: Dan owes Cat £20.
    await paidOutsideKitty(pot, cat, dan, 2_000);

    const owing = await deleteAccount(dan);
    expect(owing.status).toBe(409);
    expect(owing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(owing.body.detail).toContain(`you owe £20.00 in ${potName}: settle up first`);
    const owed = await deleteAccount(cat);
    expect(owed.status).toBe(409);
    expect(owed.body.detail).toContain(`you are owed £20.00 in ${potName}: settle up first`);
    expect((await api('/api/me', { headers: bearer(dan.session.accessToken) })).status).toBe(200);

    // Dan pays Cat back; with nothing left to settle he can go.
    await paidOutsideKitty(pot, dan, cat, 2_000);
    await verifyUser(cat.session.accessToken);
    await topUp(cat.session.accessToken, 1_000, { type: 'wallet' });
    expect((await deleteAccount(dan)).status).toBe(204);

    // The pot passes to Cat, its longest-standing member; Dan is gone from its members.
    const after = await eventually(async () => {
      const read = await readPot(pot.id, cat);
      return read.members.some(({ userId }) => userId === dan.session.user.id) ? undefined : read;
    });
    expect(after.members.find(({ userId }) => userId === cat.session.user.id)?.role).toBe('owner');
    expect(after.members.find(({ userId }) => userId === eve.session.user.id)?.role).toBe('member');

    // Nobody can pay him, with Kitty or otherwise, nor remind him.
    const danMember = memberIdOf(pot, dan);
    const paid = await settle(pot.id, cat, {
      fromMemberId: memberIdOf(pot, cat),
      toMemberId: danMember,
      amountPence: 1_000,
      payWithKitty: true,
    });
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toMatch(/no longer a member of this pot/);
    const reminded = await api<Problem>(`/api/pots/${pot.id}/reminders`, {
      method: 'POST',
      body: { fromMemberId: danMember, toMemberId: memberIdOf(pot, cat) },
      headers: bearer(cat.session.accessToken),
    });
    expect(reminded.status).toBeGreaterThanOrEqual(400);
    expect(reminded.status).toBeLessThan(500);
    expect(await walletOf(dan.session.user.id)).toEqual({ balancePence: 0, closed: true });

    // The feed and the history no longer name him: 'a former member'.
    const feed = await api<{ actorName: string; summary: string }[]>(`/api/pots/${pot.id}/activity`, {
      headers: bearer(cat.session.accessToken),
    });
    expect(JSON.stringify(feed.body)).not.toContain('Dan Dixon');
    expect(feed.body.some(({ summary }) => /former member/i.test(summary))).toBe(true);
    const { rows: named } = await db.query(
      `SELECT (SELECT count(*) FROM pots.activity_events WHERE pot_id = $1::uuid AND summary LIKE '%Dan Dixon%')::int
            + (SELECT count(*) FROM pots.pot_members WHERE pot_id = $1::uuid AND (name = 'Dan Dixon' OR email = $2))::int
              AS n`,
      [pot.id, dan.credentials.email],
    );
    expect(named).toEqual([{ n: 0 }]);

    // Its new owner can archive it.
    const archived = await api(`/api/pots/${pot.id}`, {
      method: 'PATCH',
      body: { isActive: false },
      headers: bearer(cat.session.accessToken),
    });
    expect(archived.status).toBe(200);
    await expectNothingStranded();
  }, 120_000);
});

describe('account deletion and payments to the person', () => {
  it('a deletion racing pay-with-Kitty payments to the person strands nothing: the payments or the deletion are refused', async () => {
    const RACES = 3;
    const PAYMENTS = 12;
    const AMOUNT = 100;
    const payer = await signUpUser({ fullName: 'Pat Payer' });
    await verifyUser(payer.session.accessToken);
    await topUp(payer.session.accessToken, RACES * PAYMENTS * AMOUNT, { type: 'wallet' });

    for (let race = 0; race < RACES; race += 1) {
      const leaver = await signUpUser({ fullName: `Dana Leaver ${race}` });
      const pot = await createPot(payer, `Race ${race} ${randomUUID().slice(0, 6)}`, [leaver]);
      const body = {
        fromMemberId: memberIdOf(pot, payer),
        toMemberId: memberIdOf(pot, leaver),
        amountPence: AMOUNT,
        payWithKitty: true,
      };
      // The deletion starts a little later in each race, so that it meets the payments at different points.
      const payments = Array.from({ length: PAYMENTS }, () => settle(pot.id, payer, body));
      await new Promise((resolve) => setTimeout(resolve, race * 40));
      const [deletion, ...paid] = await Promise.all([deleteAccount(leaver), ...payments]);

      expect([204, 409]).toContain(deletion.status);
      // 503: the gateway gave up waiting (a loaded machine); the payment may still land, or be refused.
      for (const { status } of paid) expect([201, 409, 503]).toContain(status);
      const landed = paid.filter(({ status }) => status === 201).length;
      const unknown = paid.filter(({ status }) => status === 503).length;
      const wallet = await walletOf(leaver.session.user.id);
      if (deletion.status === 204) {
        expect(wallet).toEqual({ balancePence: 0, closed: true });
        expect(landed).toBe(0);
      } else {
        expect(wallet?.balancePence ?? 0).toBeGreaterThanOrEqual(landed * AMOUNT);
        expect(wallet?.balancePence ?? 0).toBeLessThanOrEqual((landed + unknown) * AMOUNT);
      }
      await expectNothingStranded();
    }
  }, 180_000);
});
