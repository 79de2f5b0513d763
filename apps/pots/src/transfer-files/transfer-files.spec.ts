// Import and export against the real Postgres: a preview proposes who is who, an import records each row
// once (again, or two imports at once, record nothing twice), and a pot's export imports into another pot
// with the same positions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { IMPORT_BATCH_ROWS, type ImportRequest, RPC_TIMEOUT_MS } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ExpenseService } from '../expenses/expense.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { TransferFilesService } from './transfer-files.service';

const splitwise = readFileSync(join(__dirname, 'fixtures', 'splitwise-group.csv'), 'utf8');

// A busy machine (the 3-replica stack running beside) makes each expense's transaction far slower.
jest.setTimeout(30_000);

describe('import and export (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let files: TransferFilesService;
  let expenses: ExpenseService;
  let balances: BalancesService;

  beforeAll(() => {
    db = potsTestDatabase();
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    files = new TransferFilesService(db.work, expenses, balances);
  }, 60_000);

  afterAll(() => db?.close());

  const newPot = () => createPot(db.prisma, ['Ann Lee', 'Ben Hart', 'Cat Moss']);
  const preview = (pot: TestPot, text = splitwise) =>
    files.preview({ caller: pot.owner.caller, potId: pot.id, body: { text } });
  const importAll = async (pot: TestPot, body: ImportRequest) => {
    const total = { created: 0, alreadyImported: 0, problems: 0 };
    for (let fromIndex: number | null = 0; fromIndex !== null;) {
      const batch = await files.importBatch({
        caller: pot.owner.caller,
        potId: pot.id,
        body: { ...body, fromIndex },
      });
      total.created += batch.created;
      total.alreadyImported += batch.alreadyImported;
      total.problems += batch.problems.length;
      fromIndex = batch.nextIndex;
    }
    return total;
  };
  const requestFor = async (pot: TestPot, text = splitwise): Promise<ImportRequest> => {
    const { format, mapping } = await preview(pot, text);
    return {
      text,
      format,
      fromIndex: 0,
      mapping: mapping.map(({ name, memberId }) => ({ name, memberId: memberId ?? pot.owner.id })),
    };
  };
  const nets = async (pot: TestPot) =>
    (await balances.balances({ caller: pot.owner.caller, potId: pot.id })).positions.map(
      (position) => position.netPence,
    );
  const expenseCount = (pot: TestPot) => db.prisma.expense.count({ where: { potId: pot.id } });
  const paymentsOf = (pot: TestPot) =>
    db.prisma.settlement.findMany({
      where: { potId: pot.id },
      select: { fromMemberId: true, toMemberId: true, amountPence: true, status: true },
    });

  it('previews the file: each name matched to the member of that name, problems by row', async () => {
    const pot = await newPot();
    const result = await preview(pot, splitwise.replace('Ben Hart', 'ben  HART'));
    expect(result.format).toBe('splitwise-csv');
    expect(result.mapping).toEqual([
      { name: 'Ann Lee', memberId: pot.members[0].id },
      { name: 'ben  HART', memberId: pot.members[1].id },
      { name: 'Cat Moss', memberId: pot.members[2].id },
    ]);
    expect(result.expenses).toHaveLength(5);
    expect(result.expenses.every((expense) => !expense.alreadyImported)).toBe(true);
    expect(result.problems.map(({ row }) => row)).toEqual([5, 7, 9]);
  });

  it('records each row once, moves positions as Splitwise shows them, and a second import adds nothing', async () => {
    const pot = await newPot();
    const body = await requestFor(pot);
    await expect(importAll(pot, body)).resolves.toEqual({ created: 5, alreadyImported: 0, problems: 3 });
    // Splitwise's nets of the imported rows: Ann +60 -8.50 -30 +100 +5, Ben -30 +17 +30 +100 -5, Cat the rest.
    expect(await nets(pot)).toEqual([12_650, 11_200, -23_850]);
    await expect(importAll(pot, body)).resolves.toEqual({ created: 0, alreadyImported: 5, problems: 3 });
    // 'Ben Hart paid Ann Lee' is a payment between them, not spending.
    await expect(expenseCount(pot)).resolves.toBe(4);
    await expect(paymentsOf(pot)).resolves.toEqual([
      {
        fromMemberId: pot.members[1].id,
        toMemberId: pot.members[0].id,
        amountPence: 3000n,
        status: 'confirmed',
      },
    ]);
    expect((await preview(pot)).expenses.every((expense) => expense.alreadyImported)).toBe(true);
    const [latest] = await expenses.list({ caller: pot.owner.caller, potId: pot.id });
    expect(latest).toMatchObject({ status: 'confirmed', splitMode: 'exact' });
  });

  it("proposes the owner's choices of the pot's last import for the next file from the same group", async () => {
    const pot = await newPot();
    const nicknames = splitwise.replace('Ann Lee,Ben Hart', 'Annie,Benny');
    const first = await preview(pot, nicknames);
    expect(first.mapping.map(({ memberId }) => memberId)).toEqual([null, null, pot.members[2].id]);
    const [ann, ben, cat] = pot.members.map(({ id }) => id);
    const chosen = { Annie: ann, Benny: ben, 'Cat Moss': cat };
    const body = await requestFor(pot, nicknames);
    const mapping = body.mapping.map(({ name }) => ({ name, memberId: chosen[name as keyof typeof chosen] }));
    await importAll(pot, { ...body, mapping });
    // Next month's file: other rows, the same people, written in another case.
    const next = nicknames.replace('Annie,Benny', 'ANNIE, benny').replace(/2026-07/g, '2026-08');
    const again = await preview(pot, next);
    expect(again.mapping).toEqual([
      { name: 'ANNIE', memberId: ann },
      { name: 'benny', memberId: ben },
      { name: 'Cat Moss', memberId: cat },
    ]);
    // Once Ben has left, his name is proposed by its guess again (none here).
    await db.prisma.potMember.update({ where: { id: ben }, data: { removedAt: new Date() } });
    expect((await preview(pot, next)).mapping[1]).toEqual({ name: 'benny', memberId: null });
  });

  it('two imports of one file at once record each expense once', async () => {
    const pot = await newPot();
    const body = await requestFor(pot);
    await Promise.all([importAll(pot, body), importAll(pot, body), importAll(pot, body)]);
    await expect(expenseCount(pot)).resolves.toBe(4);
    await expect(paymentsOf(pot)).resolves.toHaveLength(1);
    expect(await nets(pot)).toEqual([12_650, 11_200, -23_850]);
  });

  it('asks for a member for every name that pays or shares, and only the owner imports', async () => {
    const pot = await newPot();
    const body = await requestFor(pot);
    await expect(importAll(pot, { ...body, mapping: body.mapping.slice(0, 2) })).rejects.toMatchObject({
      problem: { status: 400, detail: 'Choose a member of the pot for Cat Moss.' },
    });
    await expect(
      files.importBatch({ caller: pot.members[1].caller, potId: pot.id, body }),
    ).rejects.toMatchObject({ problem: { status: 403 } });
    const stranger = await newPot();
    await expect(
      files.preview({ caller: stranger.owner.caller, potId: pot.id, body: { text: splitwise } }),
    ).rejects.toMatchObject({ problem: { status: 404 } });
    await expect(expenseCount(pot)).resolves.toBe(0);
  });

  it("a pot's export imports into another pot with the same positions", async () => {
    const pot = await newPot();
    await importAll(pot, await requestFor(pot));
    // Recorded by the owner, whom it paid: it counts at once.
    await balances.settle({
      caller: pot.owner.caller,
      potId: pot.id,
      idempotencyKey: 'cat-pays-ann',
      body: {
        fromMemberId: pot.members[2].id,
        toMemberId: pot.owner.id,
        amountPence: 5000,
        payWithKitty: false,
      },
    });
    const exported = await files.export({ caller: pot.members[1].caller, potId: pot.id });
    expect(exported.fileName).toMatch(/^kitty-ann-lee-s-pot-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.csv.split('\r\n')[0]).toBe(
      'Date,Description,Category,Cost,Currency,Type,Ann Lee,Ben Hart,Cat Moss,Paid by Ann Lee,Paid by Ben Hart,Paid by Cat Moss',
    );
    expect(exported.csv).toContain(",'=cmd|calc,");
    const copy = await newPot();
    const body = await requestFor(copy, exported.csv);
    expect(body.format).toBe('kitty-csv');
    const settled = await nets(pot);
    await expect(importAll(copy, body)).resolves.toEqual({ created: 6, alreadyImported: 0, problems: 0 });
    expect(await nets(copy)).toEqual(settled);
  });

  it('answers each batch well inside the RPC timeout, stopping early when the pot is busy', async () => {
    const pot = await newPot();
    const rows = Array.from(
      { length: 2 * IMPORT_BATCH_ROWS },
      (_, index) => `2026-08-01,Round ${index + 1},Drinks,9.00,GBP,6.00,-3.00,-3.00`,
    );
    const text = ['Date,Description,Category,Cost,Currency,Ann Lee,Ben Hart,Cat Moss', ...rows].join('\r\n');
    const body = await requestFor(pot, text);
    const timings: number[] = [];
    let created = 0;
    for (let fromIndex: number | null = 0; fromIndex !== null;) {
      const started = performance.now();
      const batch = await files.importBatch({
        caller: pot.owner.caller,
        potId: pot.id,
        body: { ...body, fromIndex },
      });
      timings.push(performance.now() - started);
      created += batch.created;
      fromIndex = batch.nextIndex;
    }
    console.info(`${rows.length} imported expenses in batches of ${timings.map(Math.round).join(', ')} ms`);
    expect(created).toBe(rows.length);
    expect(Math.max(...timings)).toBeLessThan(RPC_TIMEOUT_MS * 0.6);
  });

  it('strangers cannot export', async () => {
    const pot = await newPot();
    const stranger = await newPot();
    await expect(files.export({ caller: stranger.owner.caller, potId: pot.id })).rejects.toMatchObject({
      problem: { status: 404 },
    });
  });
});
