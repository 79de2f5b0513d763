import { randomUUID } from 'node:crypto';

import { Client } from 'pg';

import { api, type ApiResponse, eventually } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, type PotDetail, potWithMembers, type User } from '../support/pots';

/**
 * The money commands through the gateway (with every service replicated): an Idempotency-Key is required;
 * the same key and request replay the first answer (`Idempotent-Replayed: true`) and make nothing more;
 * the same key with another request is a 422; 20 deliveries at once with one key make one thing; keys
 * are the caller's own (ADR 0011).
 */
const CONCURRENT = 20;

jest.setTimeout(120_000);

interface Problem {
  status: number;
  title: string;
}

async function database<T>(query: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

const countOf = (sql: string, param: string) =>
  database(async (client) => (await client.query<{ n: number }>(sql, [param])).rows[0].n);

interface Command {
  path: string;
  /** Who sends it. */
  caller: () => User;
  body: () => Record<string, unknown>;
  /** The same route with another request. */
  otherBody: () => Record<string, unknown>;
  /** Another user, who sends the first caller's key with a request of their own. */
  stranger: () => { caller: User; body: Record<string, unknown> };
  /** The rows the command makes (of the caller, or of the pot). */
  effects: () => Promise<number>;
  /** The ledger postings of the thing an answer describes (absent: a command that posts nothing now). */
  postings?: (answer: { id: string }) => Promise<number>;
}

describe('Idempotency-Key on the money commands', () => {
  let owner: User;
  let member: User;
  let pot: PotDetail;

  beforeAll(async () => {
    const made = await potWithMembers(1, 'Idempotency');
    [owner, member, pot] = [made.owner, made.others[0], made.pot];
    await Promise.all([verifyUser(owner.session.accessToken), verifyUser(member.session.accessToken)]);
    // Money for withdrawals (the owner's wallet), pot-paid expenses (the pot) and Kitty settlements (the
    // member's wallet), added the real way.
    await Promise.all([
      topUp(owner.session.accessToken, 5000, { type: 'wallet' }),
      topUp(owner.session.accessToken, 5000, { type: 'pot', potId: pot.id }),
      topUp(member.session.accessToken, 5000, { type: 'wallet' }),
    ]);
    // The pot's balance is the ledger's, projected from its event.
    await eventually(async () => {
      const read = await api<PotDetail>(`/api/pots/${pot.id}`, {
        headers: bearer(owner.session.accessToken),
      });
      return read.body.balancePence >= 5000 ? true : undefined;
    }, 20_000);
  });

  const ledgerPostings = (prefix: string) => (answer: { id: string }) =>
    countOf(
      `SELECT count(*)::int AS n FROM payments.ledger_transactions WHERE idempotency_key = $1`,
      `${prefix}:${answer.id}`,
    );
  const ownerMemberId = () => pot.members.find((m) => m.userId === owner.session.user.id)?.id ?? '';
  const memberMemberId = () => pot.members.find((m) => m.userId === member.session.user.id)?.id ?? '';
  const potExpense = (amountPence: number) => ({
    description: 'Idempotent dinner',
    amountPence,
    paidFrom: 'pot',
    split: { mode: 'equal', members: [{ memberId: ownerMemberId() }, { memberId: memberMemberId() }] },
  });
  const settlement = (amountPence: number, payWithKitty: boolean) => ({
    fromMemberId: memberMemberId(),
    toMemberId: ownerMemberId(),
    amountPence,
    payWithKitty,
  });

  const commands: Record<string, Command> = {
    'POST /api/funding/checkout-sessions': {
      path: '/api/funding/checkout-sessions',
      caller: () => owner,
      body: () => ({ amountPence: 1000, destination: { type: 'wallet' }, method: 'card' }),
      otherBody: () => ({ amountPence: 1100, destination: { type: 'wallet' }, method: 'card' }),
      stranger: () => ({
        caller: member,
        body: { amountPence: 1200, destination: { type: 'wallet' }, method: 'card' },
      }),
      effects: () =>
        countOf(
          `SELECT count(*)::int AS n FROM payments.funding_transactions WHERE user_id = $1::uuid`,
          owner.session.user.id,
        ),
    },
    'POST /api/withdrawals': {
      path: '/api/withdrawals',
      caller: () => owner,
      body: () => ({ amountPence: 100 }),
      otherBody: () => ({ amountPence: 150 }),
      stranger: () => ({ caller: member, body: { amountPence: 120 } }),
      effects: () =>
        countOf(
          `SELECT count(*)::int AS n FROM payments.withdrawals WHERE user_id = $1::uuid`,
          owner.session.user.id,
        ),
      postings: ledgerPostings('withdrawal'),
    },
    'POST /api/pots/:potId/expenses (paid from the pot)': {
      path: `/api/pots/{potId}/expenses`,
      caller: () => owner,
      body: () => potExpense(500),
      otherBody: () => potExpense(600),
      stranger: () => ({ caller: member, body: potExpense(400) }),
      effects: () => countOf(`SELECT count(*)::int AS n FROM pots.expenses WHERE pot_id = $1::uuid`, pot.id),
      postings: ledgerPostings('expense'),
    },
    'POST /api/pots/:potId/settlements (paid with Kitty)': {
      path: `/api/pots/{potId}/settlements`,
      caller: () => member,
      body: () => settlement(700, true),
      otherBody: () => settlement(800, true),
      // The payee records a payment made elsewhere, under the payer's key.
      stranger: () => ({ caller: owner, body: settlement(300, false) }),
      effects: () =>
        countOf(`SELECT count(*)::int AS n FROM pots.settlements WHERE pot_id = $1::uuid`, pot.id),
      postings: ledgerPostings('settlement'),
    },
  };

  const send = <T = unknown>(
    command: Command,
    {
      key,
      body = command.body(),
      caller = command.caller(),
    }: { key?: string; body?: unknown; caller?: User },
  ): Promise<ApiResponse<T>> =>
    api<T>(command.path.replace('{potId}', pot.id), {
      method: 'POST',
      body,
      headers: {
        ...bearer(caller.session.accessToken),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
    });

  describe.each(Object.entries(commands))('%s', (_name, command) => {
    it('refuses a request without a key, or with an unusable one (400), and makes nothing', async () => {
      const before = await command.effects();
      const missing = await send<Problem>(command, {});
      expect(missing.status).toBe(400);
      expect(missing.body.title).toBe('Idempotency-Key required');
      const tooLong = await send<Problem>(command, { key: 'k'.repeat(256) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.title).toBe('Invalid Idempotency-Key');
      await expect(command.effects()).resolves.toBe(before);
    });

    it('answers the same key and request twice with one answer, the second replayed, and one effect', async () => {
      const before = await command.effects();
      const key = randomUUID();
      const first = await send<{ id: string }>(command, { key });
      const again = await send<{ id: string }>(command, { key });

      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      await expect(command.effects()).resolves.toBe(before + 1);
      if (command.postings) await expect(command.postings(first.body)).resolves.toBe(1);

      const other = await send<Problem>(command, { key, body: command.otherBody() });
      expect(other.status).toBe(422);
      expect(other.body.title).toBe('Idempotency-Key reused');
      await expect(command.effects()).resolves.toBe(before + 1);
    });

    it(`makes one effect of ${CONCURRENT} requests at once with one key; each answered with it or a 409`, async () => {
      const before = await command.effects();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, () => send<{ id: string }>(command, { key })),
      );

      const made = answers.filter((answer) => answer.status === 201);
      expect(made.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
      for (const answer of made) expect(answer.body).toEqual(made[0].body);
      for (const answer of answers.filter((a) => a.status === 409))
        expect(answer.headers.get('retry-after')).not.toBeNull();
      await expect(command.effects()).resolves.toBe(before + 1);
      if (command.postings) await expect(command.postings(made[0].body)).resolves.toBe(1);
      // Retried once the first has finished, any of them gets the same answer.
      const retried = await send<{ id: string }>(command, { key });
      expect(retried.status).toBe(201);
      expect(retried.body).toEqual(made[0].body);
    });

    it('keeps keys per user: another user’s request with the same key is their own', async () => {
      const key = randomUUID();
      const mine = await send<{ id?: string; sessionId?: string }>(command, { key });
      expect(mine.status).toBe(201);
      const stranger = command.stranger();
      const theirs = await send<{ id?: string; sessionId?: string }>(command, {
        key,
        body: stranger.body,
        caller: stranger.caller,
      });
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(theirs.body.id ?? theirs.body.sessionId).not.toBe(mine.body.id ?? mine.body.sessionId);
    });
  });
});
