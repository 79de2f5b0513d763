// An expense's date and notes, against the real Postgres: as given or today's UK day, kept
// through edits of other things, changed and cleared by an edit the feed describes; and the request schema
// refuses dates out of range and notes too long or with control characters.
import { randomUUID } from 'node:crypto';

import {
  CreateExpenseRequest,
  latestSpentOn,
  MAX_EXPENSE_NOTES_LENGTH,
  UpdateExpenseRequest,
} from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ukToday } from '../core/uk-day';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { ExpenseService } from './expense.service';

const taxi = (pot: TestPot, extra: Partial<CreateExpenseRequest> = {}): CreateExpenseRequest => ({
  description: 'Taxi to the airport',
  amountPence: 3000,
  paidFrom: 'member',
  payerMemberId: pot.members[0].id,
  category: 'transport',
  split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
  ...extra,
});

describe('CreateExpenseRequest and UpdateExpenseRequest: date and notes', () => {
  const base = {
    description: 'Taxi',
    amountPence: 3000,
    paidFrom: 'pot',
    split: { mode: 'equal', members: [{ memberId: randomUUID() }] },
  };

  it('takes a day from 2000 to tomorrow (UTC), as YYYY-MM-DD only', () => {
    for (const spentOn of ['2000-01-01', '2026-02-28', latestSpentOn()])
      expect(CreateExpenseRequest.safeParse({ ...base, spentOn }).success).toBe(true);
    const tooLate = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const spentOn of ['1999-12-31', tooLate, '2026-02-30', '2026-2-1', '01/02/2026', 20260201, null, ''])
      expect(CreateExpenseRequest.safeParse({ ...base, spentOn }).success).toBe(false);
    expect(UpdateExpenseRequest.safeParse({ spentOn: '2026-02-28T10:00:00Z' }).success).toBe(false);
  });

  it(`takes notes of up to ${MAX_EXPENSE_NOTES_LENGTH} characters, line breaks allowed, other control characters not`, () => {
    const notes = (value: unknown) => CreateExpenseRequest.safeParse({ ...base, notes: value });
    expect(notes('Booked by Ann.\nReceipt in the group chat.').success).toBe(true);
    expect(notes('x'.repeat(MAX_EXPENSE_NOTES_LENGTH)).success).toBe(true);
    expect(notes('x'.repeat(MAX_EXPENSE_NOTES_LENGTH + 1)).success).toBe(false);
    expect(notes('bell\u0007').success).toBe(false);
    expect(notes(42).success).toBe(false);
    expect(UpdateExpenseRequest.safeParse({ notes: null }).success).toBe(true);
  });
});

describe('an expense’s date and notes (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  const record = (pot: TestPot, body: CreateExpenseRequest) =>
    expenses.create({ caller: pot.owner.caller, potId: pot.id, body, idempotencyKey: randomUUID() });
  const feed = async (pot: TestPot) =>
    (await balances.activity({ caller: pot.owner.caller, potId: pot.id })).map((entry) => entry.summary);

  it('is today’s UK day with no notes unless given', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    await expect(record(pot, taxi(pot))).resolves.toMatchObject({ spentOn: ukToday(), notes: null });
    await expect(
      record(pot, taxi(pot, { spentOn: '2026-02-28', notes: 'Night bus was cancelled.' })),
    ).resolves.toMatchObject({ spentOn: '2026-02-28', notes: 'Night bus was cancelled.' });
    // Blank notes are none.
    await expect(record(pot, taxi(pot, { notes: '' }))).resolves.toMatchObject({ notes: null });
  });

  it('keeps them through other edits; an edit changes or clears them and the feed says so', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const expense = await record(pot, taxi(pot, { spentOn: '2026-03-03', notes: 'Booked by Ann.' }));
    const edit = (body: UpdateExpenseRequest) =>
      expenses.update({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id, body });

    await expect(edit({ description: 'Taxi home' })).resolves.toMatchObject({
      spentOn: '2026-03-03',
      notes: 'Booked by Ann.',
    });
    await expect(edit({ spentOn: '2026-03-05', notes: 'Booked by Ben.' })).resolves.toMatchObject({
      spentOn: '2026-03-05',
      notes: 'Booked by Ben.',
    });
    expect((await feed(pot))[0]).toBe('Ann edited "Taxi home": date 3 Mar 2026 → 5 Mar 2026; notes changed');
    await expect(edit({ notes: null })).resolves.toMatchObject({ notes: null, spentOn: '2026-03-05' });
    expect((await feed(pot))[0]).toBe('Ann edited "Taxi home": notes removed');
    // A date or notes change moves no money: positions are as they were.
    const { positions } = await balances.balances({ caller: pot.owner.caller, potId: pot.id });
    expect(positions.map((position) => position.netPence)).toEqual([1500, -1500]);
  });

  it('lists expenses by their day, newest first, then by when they were entered', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const entered = [];
    for (const [description, spentOn] of [
      ['Museum', '2026-03-05'],
      ['Dinner', '2026-03-01'],
      ['Breakfast', '2026-03-05'],
      ['Hotel', '2026-03-09'],
    ])
      entered.push(await record(pot, taxi(pot, { description, spentOn })));
    // One from before expenses had days: its day is the UK day it was entered.
    await db.prisma.expense.update({
      where: { id: entered[3].id },
      data: { spentOn: null, createdAt: new Date('2026-03-02T12:00:00Z') },
    });

    const listed = await expenses.list({ caller: pot.owner.caller, potId: pot.id });
    expect(listed.map((expense) => expense.description)).toEqual(['Breakfast', 'Museum', 'Hotel', 'Dinner']);
  });
});
