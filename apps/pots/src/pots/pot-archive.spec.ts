// An archived pot keeps its record but takes no new one: every write is a 409 naming what cannot
// be done, against the real Postgres; reads still answer.
import { randomUUID } from 'node:crypto';

import type { CreateExpenseRequest } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ExpenseService } from '../expenses/expense.service';
import type { InvitationService } from '../invitations/invitation.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { invitationServiceOn, potServiceOn } from '../testing/services';
import type { PotService } from './pot.service';

describe('an archived pot (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let invitations: InvitationService;
  let pots: PotService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    invitations = invitationServiceOn(db.prisma);
    pots = potServiceOn(db.prisma, invitations);
  }, 60_000);

  afterAll(() => db?.close());

  const dinner = (pot: TestPot): CreateExpenseRequest => ({
    description: 'Dinner',
    amountPence: 3000,
    paidFrom: 'member',
    payerMemberId: pot.owner.id,
    category: 'food',
    split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  });
  const archive = (pot: TestPot) =>
    db.prisma.pot.update({ where: { id: pot.id }, data: { isActive: false } });

  it('refuses new and changed expenses, payments and invitations with 409, and still answers reads', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const expense = await expenses.create({
      caller: pot.owner.caller,
      potId: pot.id,
      body: dinner(pot),
      idempotencyKey: randomUUID(),
    });
    await archive(pot);
    const owner = pot.owner.caller;
    const refusals = await Promise.all([
      problemOf(
        expenses.create({ caller: owner, potId: pot.id, body: dinner(pot), idempotencyKey: randomUUID() }),
      ),
      problemOf(
        expenses.update({ caller: owner, potId: pot.id, expenseId: expense.id, body: { amountPence: 1 } }),
      ),
      problemOf(expenses.delete({ caller: owner, potId: pot.id, expenseId: expense.id })),
      problemOf(
        balances.settle({
          caller: pot.members[1].caller,
          potId: pot.id,
          body: {
            fromMemberId: pot.members[1].id,
            toMemberId: pot.owner.id,
            amountPence: 1500,
            payWithKitty: false,
          },
          idempotencyKey: randomUUID(),
        }),
      ),
      problemOf(
        invitations.create({ caller: owner, potId: pot.id, body: { name: 'Cat', email: 'cat@example.com' } }),
      ),
    ]);
    expect(refusals.map((problem) => [problem.status, problem.title])).toEqual(
      Array(5).fill([409, 'Pot archived']),
    );
    expect(refusals[0].detail).toBe('This pot is archived, so you can no longer add expenses.');

    const read = await balances.balances({ caller: owner, potId: pot.id });
    expect(read.positions.map((position) => position.netPence)).toEqual([1500, -1500]);
    expect(read.plan).toEqual([
      { fromMemberId: pot.members[1].id, toMemberId: pot.owner.id, amountPence: 1500 },
    ]);
  });
  it('closes (archives) only once everyone is settled up, naming who still owes or is owed', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const owner = pot.owner.caller;
    await expenses.create({ caller: owner, potId: pot.id, body: dinner(pot), idempotencyKey: randomUUID() });
    const refused = await problemOf(pots.update({ caller: owner, potId: pot.id, body: { isActive: false } }));
    expect(refused).toMatchObject({
      status: 409,
      title: 'Settle up first',
      detail:
        'Everyone must be settled up before the pot is archived: Ben owes £10.00, Cat owes £10.00, Ann is owed £20.00.',
    });
    // Renaming is still fine, and the pot stays open.
    await expect(
      pots.update({ caller: owner, potId: pot.id, body: { name: 'Renamed' } }),
    ).resolves.toMatchObject({ name: 'Renamed', isActive: true });

    for (const member of pot.members.slice(1)) {
      await balances.settle({
        caller: owner,
        potId: pot.id,
        body: { fromMemberId: member.id, toMemberId: pot.owner.id, amountPence: 1000, payWithKitty: false },
        idempotencyKey: randomUUID(),
      });
    }
    await expect(
      pots.update({ caller: owner, potId: pot.id, body: { isActive: false } }),
    ).resolves.toMatchObject({ isActive: false });
    // Restoring never needs it.
    await expect(
      pots.update({ caller: owner, potId: pot.id, body: { isActive: true } }),
    ).resolves.toMatchObject({ isActive: true });
  });
});
