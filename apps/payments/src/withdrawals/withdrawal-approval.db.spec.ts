// Pot rules for withdrawals against the real Postgres: 'owner' refuses members, 'members'
// lets them, 'approval' parks a withdrawal above the amount until another member approves (one reservation
// and one payout however many approve at once), declines, or the requester cancels. The amount counts a
// member's withdrawals from the pot over a rolling day, and only members who were in the pot when a
// withdrawal was asked for may approve it.
import { randomUUID } from 'node:crypto';

import type { PaymentsCaller, PotRules } from '@kitty/contracts';
import { type LivePublisher, ProblemError } from '@kitty/nest-common';
import { RecordedLive } from '@kitty/testing';

import { PlatformAccount, potAccount } from '../ledger/accounts';
import { LedgerService } from '../ledger/ledger.service';
import type { PrismaService } from '../prisma.service';
import { openPaymentsDatabase, type PaymentsDatabase } from '../testing/database';
import { FakePeerRpc, idleRelay } from '../testing/fakes';
import { WithdrawalService } from './withdrawal.service';

const POT_PENCE = 20_000;
const APPROVERS = 8;

describe('pot withdrawals under the pot rules (PostgreSQL)', () => {
  let database: PaymentsDatabase;
  let prisma: PrismaService;
  let rpc: FakePeerRpc;
  let withdrawals: WithdrawalService;
  let live: RecordedLive;
  const ledger = new LedgerService();

  beforeAll(() => {
    database = openPaymentsDatabase();
    prisma = database.prisma;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(() => {
    rpc = new FakePeerRpc();
    live = new RecordedLive();
    withdrawals = new WithdrawalService(
      prisma,
      ledger,
      rpc.asPeers(),
      idleRelay(),
      live.asPublisher<LivePublisher>(),
    );
  });

  interface Group {
    potId: string;
    owner: PaymentsCaller;
    members: PaymentsCaller[];
  }

  /** A pot holding £200 with a verified owner and `size - 1` verified members, under these rules. */
  async function group(rules: PotRules, size = 3): Promise<Group> {
    const potId = randomUUID();
    const people = Array.from({ length: size }, (_, index) => {
      const userId = randomUUID();
      const name = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'][index] ?? 'Kim';
      rpc.verify(userId);
      rpc.join(potId, userId, index === 0 ? 'owner' : 'member', 'Lisbon trip', name);
      return { userId, email: `${name.toLowerCase()}@example.com`, name };
    });
    rpc.rules.set(potId, rules);
    await prisma.$transaction((tx) =>
      ledger.post(tx, {
        idempotencyKey: `seed:${randomUUID()}`,
        kind: 'top_up',
        description: 'Seed',
        userId: null,
        postings: [
          { accountId: PlatformAccount.stripeClearing, amountPence: -BigInt(POT_PENCE) },
          { accountId: potAccount(potId), amountPence: BigInt(POT_PENCE) },
        ],
      }),
    );
    return { potId, owner: people[0], members: people.slice(1) };
  }

  const withdraw = (g: Group, who: PaymentsCaller, amountPence: number, key = randomUUID()) =>
    withdrawals.create(who, { amountPence, source: { type: 'pot', potId: g.potId } }, key);
  const potBalance = (g: Group) => ledger.balance(prisma, potAccount(g.potId));
  const reservations = (withdrawalId: string) =>
    prisma.ledgerTransaction.count({ where: { idempotencyKey: `withdrawal:${withdrawalId}` } });
  const payoutJobs = async (withdrawalId: string) =>
    (await prisma.outboxMessage.findMany({ where: { queue: 'payments-payouts' } })).filter(
      (job) => (job.payload as { withdrawalId?: string }).withdrawalId === withdrawalId,
    ).length;
  const notices = async (key: string) =>
    (await prisma.outboxMessage.findMany({ where: { jobName: 'notifications.notify.v1' } }))
      .map((row) => row.payload as { key: string; userId: string; kind: string; title: string })
      .filter((notice) => notice.key.startsWith(key));
  /** The keys of the 'asks to withdraw' notifications marked done (the request was decided or cancelled). */
  const closedRequests = async (withdrawalId: string) =>
    (await prisma.outboxMessage.findMany({ where: { jobName: 'notifications.done.v1' } }))
      .flatMap((row) => (row.payload as { keys: string[] }).keys)
      .filter((key) => key.startsWith(`withdrawal_approval:${withdrawalId}:`))
      .sort();
  const problemOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).problem;
  };
  const approval: PotRules = {
    withdrawRule: 'approval',
    spendRule: 'members',
    approvalAbovePence: 5000,
    inviteRule: 'owner',
    simplifyDebts: true,
  };

  it("'owner': a member is refused with the rule named, the owner withdraws", async () => {
    const g = await group({ ...approval, withdrawRule: 'owner' });
    await expect(problemOf(withdraw(g, g.members[0], 1000))).resolves.toMatchObject({
      status: 403,
      detail: "This pot's rules let only its owner withdraw. Ask the owner to change the pot rules.",
    });
    await expect(withdraw(g, g.owner, 1000)).resolves.toMatchObject({ status: 'pending' });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 1000));
  });

  it("'members': any member withdraws at once, whatever the amount", async () => {
    const g = await group({ ...approval, withdrawRule: 'members' });
    await expect(withdraw(g, g.members[0], 9000)).resolves.toMatchObject({ status: 'pending' });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 9000));
  });

  it("'approval': at or below the amount at once; above it waits, moving nothing, and asks the others", async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    await expect(withdraw(g, ben, 5000)).resolves.toMatchObject({ status: 'pending' });
    const waiting = await withdraw(g, ben, 5001);

    expect(waiting.status).toBe('awaiting_approval');
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 5000));
    await expect(reservations(waiting.id)).resolves.toBe(0);
    await expect(payoutJobs(waiting.id)).resolves.toBe(0);
    const asked = await notices(`withdrawal_approval:${waiting.id}`);
    expect(asked.map((n) => n.userId).sort()).toEqual([g.owner.userId, cat.userId].sort());
    expect(asked[0].title).toBe('Ben asks to withdraw £50.01 from Lisbon trip');
    // Each member sees it; only the others may decide it.
    await expect(withdrawals.listApprovals(cat, g.potId)).resolves.toEqual([
      expect.objectContaining({
        id: waiting.id,
        amountPence: 5001,
        requesterName: 'Ben',
        requestedByYou: false,
      }),
    ]);
    await expect(withdrawals.listApprovals(ben, g.potId)).resolves.toEqual([
      expect.objectContaining({ id: waiting.id, requestedByYou: true }),
    ]);
    await expect(problemOf(withdrawals.decide(ben, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 403,
    });
  });

  it("'approval': the amount counts a member's withdrawals from the pot over a rolling day, asked for at once or not", async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    // Six of £10 under a £50 threshold, all at once: five go, the sixth waits.
    const six = await Promise.all(Array.from({ length: 6 }, () => withdraw(g, ben, 1000)));
    expect(six.map((w) => w.status).sort()).toEqual([
      'awaiting_approval',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 5000));
    await expect(withdraw(g, ben, 100)).resolves.toMatchObject({ status: 'awaiting_approval' });
    // Each member has their own window; a declined withdrawal took nothing and does not count.
    const declined = await withdraw(g, cat, 6000);
    await withdrawals.decide(ben, declined.id, 'decline');
    await expect(withdraw(g, cat, 5000)).resolves.toMatchObject({ status: 'pending' });
    // What went out more than a day ago no longer counts.
    await prisma.withdrawal.updateMany({
      where: { userId: ben.userId, potId: g.potId },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    await expect(withdraw(g, ben, 5000)).resolves.toMatchObject({ status: 'pending' });
  });

  it('only members who were in the pot when a withdrawal was asked for are asked, and may approve it', async () => {
    const g = await group({ ...approval, inviteRule: 'members' });
    const [ben, cat] = g.members;
    const waiting = await withdraw(g, ben, 6000);
    // Ben's own second account, let in by Ben after he asked.
    const second = { userId: randomUUID(), email: 'ben2@example.com', name: 'Benny' };
    rpc.verify(second.userId);
    rpc.join(g.potId, second.userId, 'member', 'Lisbon trip', 'Benny', new Date());

    await expect(problemOf(withdrawals.decide(second, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 403,
      detail: 'Only members who were in the pot when this withdrawal was asked for can approve it.',
    });
    await expect(reservations(waiting.id)).resolves.toBe(0);
    const asked = await notices(`withdrawal_approval:${waiting.id}`);
    expect(asked.map((n) => n.userId).sort()).toEqual([g.owner.userId, cat.userId].sort());
    await expect(withdrawals.decide(cat, waiting.id, 'approve')).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it("does not ask or accept the requester's own other account (the same person passed KYC on both)", async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    rpc.people.set(ben.userId, 'ben');
    rpc.people.set(cat.userId, 'ben');
    const waiting = await withdraw(g, ben, 6000);

    const asked = await notices(`withdrawal_approval:${waiting.id}`);
    expect(asked.map((n) => n.userId)).toEqual([g.owner.userId]);
    await expect(problemOf(withdrawals.decide(cat, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 403,
      detail: 'This withdrawal was asked for by your own other account: another member must approve it.',
    });
    await expect(reservations(waiting.id)).resolves.toBe(0);
    // With the owner gone from the pot, nobody but Ben's own accounts is left to approve: refused at once.
    rpc.join(g.potId, g.owner.userId, 'owner', 'Lisbon trip', 'Ann', new Date(Date.now() + 60_000));
    await expect(problemOf(withdraw(g, ben, 6000))).resolves.toMatchObject({
      status: 409,
      title: 'No one to approve',
    });
  });

  it('refuses a withdrawal needing approval when nobody else was in the pot before it (409)', async () => {
    const g = await group(approval, 2);
    const [ben] = g.members;
    rpc.join(g.potId, g.owner.userId, 'owner', 'Lisbon trip', 'Ann', new Date(Date.now() + 60_000));
    await expect(problemOf(withdraw(g, ben, 6000))).resolves.toMatchObject({
      status: 409,
      title: 'No one to approve',
    });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE));
  });

  it(`pays out once when ${APPROVERS} members approve at once`, async () => {
    const g = await group(approval, APPROVERS + 2);
    const requester = g.members[0];
    const waiting = await withdraw(g, requester, 12_000);

    const answers = await Promise.allSettled(
      g.members
        .slice(1)
        .concat(g.owner)
        .map((approver) => withdrawals.decide(approver, waiting.id, 'approve')),
    );

    for (const answer of answers) {
      expect(answer.status).toBe('fulfilled');
      if (answer.status === 'fulfilled')
        expect(answer.value).toMatchObject({ id: waiting.id, status: 'pending' });
    }
    await expect(reservations(waiting.id)).resolves.toBe(1);
    await expect(payoutJobs(waiting.id)).resolves.toBe(1);
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 12_000));
    await expect(notices(`withdrawal_initiated:${waiting.id}`)).resolves.toHaveLength(1);
    const asked = (await notices(`withdrawal_approval:${waiting.id}`)).map(({ key }) => key).sort();
    expect(asked).toHaveLength(APPROVERS + 1);
    await expect(closedRequests(waiting.id)).resolves.toEqual(expect.arrayContaining(asked));
    const row = await prisma.withdrawal.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(row.decidedBy).not.toBe(requester.userId);
    await expect(withdrawals.listApprovals(g.owner, g.potId)).resolves.toEqual([]);
  });

  it('a decline moves nothing, tells the requester, and stops later approvals', async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    const waiting = await withdraw(g, ben, 6000);

    await expect(withdrawals.decide(cat, waiting.id, 'decline')).resolves.toMatchObject({
      status: 'declined',
      failureReason: 'Declined by Cat.',
    });
    await expect(problemOf(withdrawals.decide(g.owner, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 409,
      detail: 'This withdrawal was declined.',
    });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE));
    await expect(reservations(waiting.id)).resolves.toBe(0);
    // Its own kind: turning off 'A withdrawal fails' does not hide a member's no.
    await expect(notices(`withdrawal_declined:${waiting.id}`)).resolves.toEqual([
      expect.objectContaining({
        userId: ben.userId,
        kind: 'withdrawal_declined',
        title: 'Cat declined your withdrawal of £60.00',
      }),
    ]);
    // Nobody is asked any more: every 'asks to withdraw' notification goes.
    const asked = (await notices(`withdrawal_approval:${waiting.id}`)).map(({ key }) => key).sort();
    expect(asked).toHaveLength(2);
    await expect(closedRequests(waiting.id)).resolves.toEqual(expect.arrayContaining(asked));
  });

  it("a request waiting for approval reaches the requester's other tabs and the approvers' as a change of the pot", async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    await withdraw(g, ben, 6000);

    const toldOfPot = (userId: string) =>
      live.notices.some(
        (notice) => notice.userIds.includes(userId) && notice.topics.includes(`pot:${g.potId}`),
      );
    expect([g.owner.userId, ben.userId, cat.userId].map(toldOfPot)).toEqual([true, true, true]);
    expect(live.notices).toContainEqual({
      userIds: [ben.userId],
      topics: expect.arrayContaining(['withdrawals', 'wallet']),
    });
  });

  it("keeps a pot's withdrawals as a history its members page through, each one's bank account shown to its owner only", async () => {
    const g = await group({ ...approval, withdrawRule: 'members' });
    const [ben, cat] = g.members;
    const made = [];
    for (const [who, pence] of [
      [ben, 100],
      [cat, 200],
      [ben, 300],
    ] as const)
      made.push(await withdraw(g, who, pence));
    const bens = await withdrawals.history({ caller: ben, potId: null, page: { limit: '20' } });
    expect(bens.withdrawals.map((w) => [w.amountPence, w.bankAccount, w.requesterName])).toEqual([
      [300, 'NatWest •••• 0001', 'Ben'],
      [100, 'NatWest •••• 0001', 'Ben'],
    ]);

    const first = await withdrawals.history({ caller: cat, potId: g.potId, page: { limit: '2' } });
    expect(first.withdrawals.map((w) => [w.amountPence, w.status, w.bankAccount])).toEqual([
      [300, 'pending', null],
      [200, 'pending', 'NatWest •••• 0001'],
    ]);
    expect(first.nextBefore).toBe(made[1].id);
    const second = await withdrawals.history({
      caller: cat,
      potId: g.potId,
      page: { limit: '2', before: first.nextBefore as string },
    });
    expect(second).toEqual({ withdrawals: [expect.objectContaining({ id: made[0].id })], nextBefore: null });
    await expect(
      problemOf(
        withdrawals.history({ caller: { ...cat, userId: randomUUID() }, potId: g.potId, page: { limit: '2' } }),
      ),
    ).resolves.toMatchObject({ status: 404 });
  });

  it('the requester (only) cancels while it waits; a cancelled one cannot be approved', async () => {
    const g = await group(approval);
    const [ben, cat] = g.members;
    const waiting = await withdraw(g, ben, 6000);

    await expect(problemOf(withdrawals.cancel(cat, waiting.id))).resolves.toMatchObject({ status: 403 });
    await expect(withdrawals.cancel(ben, waiting.id)).resolves.toMatchObject({ status: 'cancelled' });
    await expect(withdrawals.cancel(ben, waiting.id)).resolves.toMatchObject({ status: 'cancelled' });
    const asked = (await notices(`withdrawal_approval:${waiting.id}`)).map(({ key }) => key);
    expect(asked).toHaveLength(2);
    await expect(closedRequests(waiting.id)).resolves.toEqual(expect.arrayContaining(asked));
    await expect(problemOf(withdrawals.decide(cat, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 409,
      detail: 'This withdrawal was cancelled.',
    });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE));
  });

  it('an approval the pot can no longer cover is refused and the request keeps waiting', async () => {
    const g = await group({ ...approval, approvalAbovePence: 100 });
    const [ben, cat] = g.members;
    const first = await withdraw(g, ben, 15_000);
    const second = await withdraw(g, cat, 15_000);
    await withdrawals.decide(g.owner, first.id, 'approve');

    await expect(problemOf(withdrawals.decide(g.owner, second.id, 'approve'))).resolves.toMatchObject({
      status: 409,
      detail: 'The pot no longer holds £150.00, so this withdrawal cannot be approved now.',
    });
    await expect(prisma.withdrawal.findUniqueOrThrow({ where: { id: second.id } })).resolves.toMatchObject({
      status: 'awaiting_approval',
      decidedBy: null,
    });
    await expect(potBalance(g)).resolves.toBe(BigInt(POT_PENCE - 15_000));
  });

  it('strangers do not see a pot’s withdrawals (404); more than the pot holds is refused up front', async () => {
    const g = await group(approval);
    const waiting = await withdraw(g, g.members[0], 6000);
    const stranger = { userId: randomUUID(), email: 'eve@example.com', name: 'Eve' };
    await expect(problemOf(withdrawals.decide(stranger, waiting.id, 'approve'))).resolves.toMatchObject({
      status: 404,
    });
    await expect(problemOf(withdrawals.listApprovals(stranger, g.potId))).resolves.toMatchObject({
      status: 404,
    });
    await expect(problemOf(withdraw(g, g.members[1], POT_PENCE + 1))).resolves.toMatchObject({ status: 400 });
  });

  it('asks no approval of a pot whose only member is its owner', async () => {
    const g = await group(approval, 1);
    await expect(withdraw(g, g.owner, 9000)).resolves.toMatchObject({ status: 'pending' });
  });
});
