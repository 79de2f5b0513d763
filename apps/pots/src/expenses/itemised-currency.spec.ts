// Itemised bills and expenses in other currencies, against the real Postgres: the shares
// come from the bill's lines and the total in pounds, the bill and the original amount are kept for the
// expense's details and its edits, and the feed says what an edit changed.
import { randomUUID } from 'node:crypto';

import type { BillInput, CreateExpenseRequest } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { ExpenseService } from './expense.service';

describe('itemised bills and other currencies (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben and Cat. */
  const newPot = () => createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
  /** Pizza €30 for Ann and Ben, salad €12 for Cat, 12.5% service: €47.25, or £40.54 at £0.858. */
  const bill = (pot: TestPot): BillInput => {
    const [ann, ben, cat] = pot.members.map((member) => member.id);
    return {
      lines: [
        { description: 'Pizza', amount: 3000, memberIds: [ann, ben] },
        { description: 'Salad', amount: 1200, memberIds: [cat] },
      ],
      extras: [{ kind: 'service', basisPoints: 1250 }],
    };
  };
  const dinner = (pot: TestPot): CreateExpenseRequest => ({
    description: 'Dinner in Lyon',
    amountPence: 4054,
    paidFrom: 'member',
    payerMemberId: pot.members[0].id,
    category: 'food',
    original: { currency: 'EUR', amountMinor: 4725, rate: '0.858' },
    split: {
      mode: 'itemised',
      members: pot.members.map((member) => ({ memberId: member.id })),
      items: bill(pot),
    },
  });
  const record = (pot: TestPot, body: CreateExpenseRequest) =>
    expenses.create({ caller: pot.owner.caller, potId: pot.id, body, idempotencyKey: randomUUID() });
  const nets = async (pot: TestPot) =>
    (await balances.balances({ caller: pot.owner.caller, potId: pot.id })).positions.map(
      (position) => position.netPence,
    );
  const feed = async (pot: TestPot) =>
    (await balances.activity({ caller: pot.owner.caller, potId: pot.id })).map((entry) => entry.summary);

  it('shares the pounds in proportion to the lines, service included, and keeps the bill and the euros', async () => {
    const pot = await newPot();
    const expense = await record(pot, dinner(pot));
    // £40.54 in proportion 1,500 : 1,500 : 1,200 → £14.48, £14.48, £11.58.
    expect(expense.shares.map((share) => share.amountPence)).toEqual([1448, 1448, 1158]);
    expect(expense).toMatchObject({
      splitMode: 'itemised',
      amountPence: 4054,
      original: { currency: 'EUR', amountMinor: 4725, rate: '0.858' },
      items: {
        lines: [
          { description: 'Pizza', amount: 3000 },
          { description: 'Salad', amount: 1200 },
        ],
        extras: [{ kind: 'service', amount: 525, basisPoints: 1250 }],
        subtotal: 4200,
        total: 4725,
      },
    });
    expect(await nets(pot)).toEqual([4054 - 1448, -1448, -1158]);
    expect(await feed(pot)).toEqual(['Ann added "Dinner in Lyon" (€47.25 (£40.54))']);
    const [listed] = await expenses.list({ caller: pot.members[2].caller, potId: pot.id });
    expect(listed.items?.lines).toHaveLength(2);
  });

  it('keeps the bill and the currency through an edit of something else, and says what changed', async () => {
    const pot = await newPot();
    const expense = await record(pot, dinner(pot));
    const edit = (body: Parameters<ExpenseService['update']>[0]['body']) =>
      expenses.update({ caller: pot.owner.caller, potId: pot.id, expenseId: expense.id, body });
    const renamed = await edit({ description: 'Dinner at Paul Bocuse' });
    expect(renamed).toMatchObject({
      items: expense.items,
      original: expense.original,
      shares: expense.shares,
    });

    // The amount alone cannot change: the rate and the lines say otherwise.
    await expect(edit({ amountPence: 5000 })).rejects.toMatchObject({
      problem: { status: 400, detail: 'At £0.858 per €1.00, €47.25 is £40.54, not £50.00.' },
    });
    // What the bank charged instead of the rate; Cat's salad was €15 and there was no service.
    const [ann, ben, cat] = pot.members.map((member) => member.id);
    const items: BillInput = {
      lines: [
        { description: 'Pizza', amount: 3000, memberIds: [ann, ben] },
        { description: 'Salad', amount: 1500, memberIds: [cat] },
      ],
      extras: [],
    };
    const edited = await edit({
      amountPence: 3900,
      original: { currency: 'EUR', amountMinor: 4500 },
      split: { mode: 'itemised', members: expense.shares.map(({ memberId }) => ({ memberId })), items },
    });
    expect(edited.shares.map((share) => share.amountPence)).toEqual([1300, 1300, 1300]);
    expect(await nets(pot)).toEqual([3900 - 1300, -1300, -1300]);
    expect((await feed(pot))[0]).toBe(
      'Ann edited "Dinner at Paul Bocuse": £40.54 → £39.00; paid €47.25 at £0.858 → €45.00 at the bank\'s rate; ' +
        '"Salad" €12.00 → €15.00; service 12.50% → none; Ann\'s share £14.48 → £13.00; ' +
        "Ben's share £14.48 → £13.00; Cat's share £11.58 → £13.00",
    );

    // Back to pounds and an equal split: the bill goes.
    const plain = await edit({
      original: null,
      split: { mode: 'equal', members: [{ memberId: ann }, { memberId: ben }] },
    });
    expect(plain).toMatchObject({
      items: null,
      original: null,
      shares: [{ amountPence: 1950 }, { amountPence: 1950 }],
    });
    expect((await feed(pot))[0]).toContain("paid €45.00 at the bank's rate → in pounds; no longer itemised");
  });

  it('refuses lines that do not add up to the expense, and a line shared by someone outside the pot', async () => {
    const pot = await newPot();
    const short = dinner(pot);
    await expect(
      record(pot, { ...short, original: { ...short.original!, amountMinor: 4800, rate: undefined } }),
    ).rejects.toMatchObject({
      problem: {
        status: 400,
        detail: "The lines with tax and service come to €47.25, not the expense's €48.00.",
      },
    });
    const stranger = randomUUID();
    const outsider = dinner(pot);
    outsider.split.members.push({ memberId: stranger });
    outsider.split.items!.lines[1].memberIds = [stranger];
    await expect(record(pot, outsider)).rejects.toMatchObject({
      problem: { status: 400, detail: 'Everyone in the split must be a member of this pot.' },
    });
    await expect(db.prisma.expense.count({ where: { potId: pot.id } })).resolves.toBe(0);
  });
});
