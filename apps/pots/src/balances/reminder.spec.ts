// 'Remind' on the settle-up plan against the real Postgres: one e-mail per debt a UK day however many
// clicks race for it, within the e-mail allowance (EmailQuota), only the person owed or the owner may send
// it, and strangers learn nothing (404).
import { type EmailQuota, type EmailSender, type OutboxRelay, ProblemError } from '@kitty/nest-common';

import type { PotsConfig } from '../config';
import { refreshSettlePlan } from '../core/settle-plan';
import { ukToday } from '../core/uk-day';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { BalancesService } from './balances.service';
import { mayRemind, ReminderService } from './reminder.service';

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as ProblemError).problem as ProblemError['problem'] & { retryAfterSeconds?: number };
  }
  throw new Error('expected a problem');
}

describe('mayRemind', () => {
  const transfer = { from: 'ben', to: 'cat', amountPence: 100 };
  it('lets the person owed and the owner remind, never the debtor or a bystander', () => {
    expect(mayRemind({ memberId: 'cat', role: 'member' }, transfer)).toBe(true);
    expect(mayRemind({ memberId: 'ann', role: 'owner' }, transfer)).toBe(true);
    expect(mayRemind({ memberId: 'dan', role: 'member' }, transfer)).toBe(false);
    expect(mayRemind({ memberId: 'ben', role: 'member' }, transfer)).toBe(false);
    expect(mayRemind({ memberId: 'ben', role: 'owner' }, transfer)).toBe(false);
  });
});

describe('ukToday', () => {
  it('is the date in London, summer time included', () => {
    expect(ukToday(new Date('2026-01-15T23:59:00Z'))).toBe('2026-01-15');
    expect(ukToday(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
    expect(ukToday(new Date('2026-07-15T22:59:00Z'))).toBe('2026-07-15');
  });
});

describe('reminders (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let reminders: ReminderService;
  let balances: BalancesService;
  let kicks = 0;
  /** What was asked of the e-mail allowance, and the refusal it gives while `refusing` is set. */
  const reserved: [sender: string, recipients: readonly string[]][] = [];
  let refusing: ProblemError | null = null;
  const quota = {
    reserve: async (sender: EmailSender, recipients: readonly string[]) => {
      if (refusing) throw refusing;
      reserved.push([sender.userId, recipients]);
    },
  } as unknown as EmailQuota;

  beforeAll(() => {
    db = potsTestDatabase();
    reminders = new ReminderService(
      db.work,
      { kick: () => (kicks += 1) } as unknown as OutboxRelay,
      quota,
      { PUBLIC_URL: 'http://kitty.test' } as PotsConfig,
    );
    balances = new BalancesService(db.work);
  }, 60_000);

  afterAll(() => db?.close());

  /** Ann (owner), Ben, Cat, Dan: Ben owes Cat £12.50 and Dan owes Ann £3.00. */
  async function potWithDebts(): Promise<TestPot> {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat', 'Dan']);
    const [ann, ben, cat, dan] = pot.members;
    await db.prisma.$transaction(async (tx) => {
      for (const [member, net] of [
        [ann, 300],
        [ben, -1250],
        [cat, 1250],
        [dan, -300],
      ] as const) {
        await tx.potMember.update({ where: { id: member.id }, data: { netPence: net } });
      }
      await refreshSettlePlan(tx, pot.id);
    });
    return pot;
  }
  const remind = (pot: TestPot, by: number, from: number, to: number) =>
    reminders.remind({
      caller: pot.members[by].caller,
      potId: pot.id,
      body: { fromMemberId: pot.members[from].id, toMemberId: pot.members[to].id },
    });
  const reminderMails = (pot: TestPot) =>
    db.prisma.outboxMessage
      .findMany({ orderBy: { createdAt: 'asc' } })
      .then((rows) =>
        rows
          .map((row) => row.payload as { template: string; to: string; data: Record<string, string> })
          .filter((mail) => mail.template === 'pot-reminder' && mail.data['potUrl']?.endsWith(pot.id)),
      );

  it('e-mails the debtor once through the outbox, records it in the feed and marks the debt for today', async () => {
    const pot = await potWithDebts();
    const [ann, ben, cat] = pot.members;
    const kicked = kicks;

    await expect(remind(pot, 2, 1, 2)).resolves.toEqual({
      fromMemberId: ben.id,
      toMemberId: cat.id,
      debtorName: 'Ben',
      amountPence: 1250,
    });

    expect(kicks).toBe(kicked + 1);
    expect(await reminderMails(pot)).toEqual([
      {
        template: 'pot-reminder',
        to: 'ben@example.com',
        data: {
          debtorName: 'Ben',
          reminderName: 'Cat',
          creditorName: 'Cat',
          amount: '£12.50',
          potName: "Ann's pot",
          potUrl: `http://kitty.test/pot/${pot.id}`,
        },
      },
    ]);
    const feed = await db.prisma.activityEvent.findMany({ where: { potId: pot.id } });
    expect(feed.map((entry) => [entry.type, entry.summary])).toEqual([
      ['plan.reminded', 'Cat reminded Ben to pay Cat £12.50'],
    ]);
    const read = await balances.balances({ caller: ann.caller, potId: pot.id });
    expect(read.remindedToday).toEqual([{ fromMemberId: ben.id, toMemberId: cat.id }]);

    // The same debt again today, even from the owner: 429 saying when; the other debt is still open.
    const again = await problemOf(remind(pot, 0, 1, 2));
    expect(again).toMatchObject({
      status: 429,
      title: 'Already reminded today',
      detail: 'You can remind Ben again tomorrow.',
    });
    expect(again.retryAfterSeconds).toBeGreaterThan(0);
    expect(again.retryAfterSeconds).toBeLessThanOrEqual(25 * 60 * 60);
    await expect(remind(pot, 0, 3, 0)).resolves.toMatchObject({ debtorName: 'Dan', amountPence: 300 });
    expect(await reminderMails(pot)).toHaveLength(2);
  });

  it('sends exactly one e-mail when 12 clicks race for the same debt', async () => {
    const pot = await potWithDebts();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => remind(pot, i % 2 === 0 ? 2 : 0, 1, 2)),
    );
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as ProblemError).problem.status] : [],
    );
    expect(refusals).toEqual(Array(11).fill(429));
    expect(await reminderMails(pot)).toHaveLength(1);
    expect(await db.prisma.potReminder.count({ where: { potId: pot.id } })).toBe(1);
  });

  it('lists every debt reminded today, even reminded at the same moment, and forgets them the next day', async () => {
    const pot = await potWithDebts();
    const [ann, ben, cat, dan] = pot.members;
    await Promise.all([remind(pot, 2, 1, 2), remind(pot, 0, 3, 0)]);
    const read = await balances.balances({ caller: ann.caller, potId: pot.id });
    expect(read.remindedToday).toEqual(
      expect.arrayContaining([
        { fromMemberId: ben.id, toMemberId: cat.id },
        { fromMemberId: dan.id, toMemberId: ann.id },
      ]),
    );
    expect(read.remindedToday).toHaveLength(2);

    // Written on another day: nothing shows as reminded today.
    await db.prisma.pot.update({
      where: { id: pot.id },
      data: { remindedToday: { day: '2000-01-01', pairs: [[ben.id, cat.id]] } },
    });
    expect((await balances.balances({ caller: ann.caller, potId: pot.id })).remindedToday).toEqual([]);
  });

  it('is only for the person owed or the owner, only for a debt in the plan, and 404 to strangers', async () => {
    const pot = await potWithDebts();
    const other = await potWithDebts();
    const problems = await Promise.all([
      problemOf(remind(pot, 1, 1, 2)), // the debtor
      problemOf(remind(pot, 3, 1, 2)), // a bystander
      problemOf(remind(pot, 2, 2, 1)), // the wrong way round
      problemOf(remind(pot, 0, 1, 0)), // not a debt of the plan
      // A stranger with real ids of the pot, and a member with ids of another pot.
      problemOf(
        reminders.remind({
          caller: other.owner.caller,
          potId: pot.id,
          body: { fromMemberId: pot.members[1].id, toMemberId: pot.members[2].id },
        }),
      ),
      problemOf(
        reminders.remind({
          caller: pot.owner.caller,
          potId: pot.id,
          body: { fromMemberId: other.members[1].id, toMemberId: other.members[2].id },
        }),
      ),
    ]);
    expect(problems.map(({ status, detail }) => [status, detail])).toEqual([
      [403, 'You cannot remind yourself.'],
      [403, "Only Cat or the pot's owner can remind Ben."],
      [404, "This payment is not in the pot's settle-up plan."],
      [404, "This payment is not in the pot's settle-up plan."],
      [404, 'This pot does not exist or you are not a member.'],
      [404, "This payment is not in the pot's settle-up plan."],
    ]);
    expect(await reminderMails(pot)).toEqual([]);
    expect(await reminderMails(other)).toEqual([]);
  });

  it("spends the caller's e-mail allowance on the debtor's address, and sends nothing when it is refused", async () => {
    const pot = await potWithDebts();
    const [, ben, cat] = pot.members;
    reserved.length = 0;
    refusing = ProblemError.of(
      429,
      'Too many e-mails',
      "We can't send more e-mails to ben@example.com today.",
    );
    try {
      expect(await problemOf(remind(pot, 2, 1, 2))).toMatchObject({ status: 429, title: 'Too many e-mails' });
    } finally {
      refusing = null;
    }
    expect(await reminderMails(pot)).toEqual([]);
    expect(await db.prisma.potReminder.count({ where: { potId: pot.id } })).toBe(0);

    // The refusal took nothing: once there is room the debt is reminded, and a repeat spends nothing.
    await remind(pot, 2, 1, 2);
    expect((await problemOf(remind(pot, 0, 1, 2))).status).toBe(429);
    expect(reserved).toEqual([[cat.caller.userId, [ben.caller.email]]]);
    expect(await reminderMails(pot)).toHaveLength(1);
  });

  it('refuses a removed member and an archived pot', async () => {
    const pot = await potWithDebts();
    await db.prisma.potMember.update({ where: { id: pot.members[2].id }, data: { removedAt: new Date() } });
    expect((await problemOf(remind(pot, 2, 1, 2))).status).toBe(404);
    await db.prisma.pot.update({ where: { id: pot.id }, data: { isActive: false } });
    expect(await problemOf(remind(pot, 0, 3, 0))).toMatchObject({
      status: 409,
      detail: 'This pot is archived, so you can no longer send reminders.',
    });
    expect(await reminderMails(pot)).toEqual([]);
  });
});
