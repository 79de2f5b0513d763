// Receipt photos against the real Postgres, and the byte check that decides what an upload
// is: members read a receipt, only who added the expense or the owner attach or remove one, an upload
// must be the image it claims, and a stranger learns nothing.

import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { sniffImageType } from './image-type';
import { ReceiptsService } from './receipts.service';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their bytes, and nothing else', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    for (const other of [
      SVG,
      Buffer.from('GIF89a'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('RIFF....WAVE'),
      Buffer.alloc(0),
    ])
      expect(sniffImageType(other)).toBeNull();
  });
});

describe('receipt photos (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let receipts: ReceiptsService;
  // The first test also waits for the throwaway database's migrations.
  jest.setTimeout(30_000);

  beforeAll(() => {
    db = potsTestDatabase();
    receipts = new ReceiptsService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben, Cat; Ben added "Taxi". */
  async function potWithExpense(): Promise<{ p: TestPot; expenseId: string }> {
    const p = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const expense = await db.prisma.expense.create({
      data: {
        potId: p.id,
        description: 'Taxi',
        amountPence: 1_200,
        paidFrom: 'member',
        payerMemberId: p.members[1].id,
        splitMode: 'equal',
        createdBy: p.members[1].caller.userId,
      },
    });
    return { p, expenseId: expense.id };
  }
  const attach = (p: TestPot, who: number, expenseId: string, bytes: Buffer, contentType = 'image/png') =>
    receipts.attach({
      caller: p.members[who].caller,
      potId: p.id,
      expenseId,
      body: { contentType: contentType as 'image/png', dataBase64: bytes.toString('base64') },
    });

  it('keeps one photo per expense for every member to see, replaced by a new one', async () => {
    const { p, expenseId } = await potWithExpense();
    const saved = await attach(p, 1, expenseId, PNG);
    expect(saved).toMatchObject({ expenseId, contentType: 'image/png', sizeBytes: PNG.length });

    const seen = await receipts.get({ caller: p.members[2].caller, potId: p.id, expenseId });
    expect(Buffer.from(seen.dataBase64, 'base64').equals(PNG)).toBe(true);

    await attach(p, 0, expenseId, JPEG, 'image/jpeg');
    const replaced = await receipts.get({ caller: p.members[1].caller, potId: p.id, expenseId });
    expect(replaced.contentType).toBe('image/jpeg');
    expect(await db.prisma.expenseReceipt.count({ where: { expenseId } })).toBe(1);
    const feed = await db.prisma.activityEvent.findMany({ where: { potId: p.id, type: 'expense.receipt' } });
    expect(feed.map(({ summary }) => summary).sort()).toEqual([
      'Ann added a receipt to "Taxi"',
      'Ben added a receipt to "Taxi"',
    ]);
  });

  it('refuses what is not the image it says, whoever may not change the expense, and strangers', async () => {
    const { p, expenseId } = await potWithExpense();
    expect(await problemOf(attach(p, 1, expenseId, SVG))).toMatchObject({
      status: 400,
      detail: 'That file is not a JPEG, PNG or WebP photo.',
    });
    expect(await problemOf(attach(p, 1, expenseId, JPEG, 'image/png'))).toMatchObject({
      status: 400,
      detail: 'That photo is a JPEG, not what it says.',
    });
    expect(await problemOf(attach(p, 2, expenseId, PNG))).toMatchObject({ status: 403 });
    const other = await createPot(db.prisma, ['Zed']);
    expect(
      await problemOf(receipts.get({ caller: other.owner.caller, potId: p.id, expenseId })),
    ).toMatchObject({ status: 404, detail: 'This pot does not exist or you are not a member.' });
    // Another pot's expense through this pot's id: not found either.
    const theirs = await potWithExpense();
    await attach(theirs.p, 1, theirs.expenseId, PNG);
    expect(
      await problemOf(receipts.get({ caller: p.owner.caller, potId: p.id, expenseId: theirs.expenseId })),
    ).toMatchObject({ status: 404 });
    expect(await db.prisma.expenseReceipt.count({ where: { expenseId } })).toBe(0);
  });

  it('is removed by who may change the expense, twice safely, and goes with a deleted expense', async () => {
    const { p, expenseId } = await potWithExpense();
    await attach(p, 1, expenseId, WEBP, 'image/webp');
    expect(
      await problemOf(receipts.remove({ caller: p.members[2].caller, potId: p.id, expenseId })),
    ).toMatchObject({ status: 403 });
    await receipts.remove({ caller: p.members[1].caller, potId: p.id, expenseId });
    await receipts.remove({ caller: p.owner.caller, potId: p.id, expenseId });
    expect(await problemOf(receipts.get({ caller: p.owner.caller, potId: p.id, expenseId }))).toMatchObject({
      status: 404,
      detail: 'This expense has no receipt photo.',
    });

    await attach(p, 1, expenseId, PNG);
    await db.prisma.expense.update({ where: { id: expenseId }, data: { deletedAt: new Date() } });
    expect(await problemOf(receipts.get({ caller: p.owner.caller, potId: p.id, expenseId }))).toMatchObject({
      status: 404,
    });
  });
});
