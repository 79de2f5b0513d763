// Against the real Postgres (the row locks and conditional updates are the point), with payments replaced by
// an in-memory one that decides like it: the active pot and its spending rule, approvals used once,
// idempotent keys, a pot that cannot go below zero, a cancelled hold that can never be placed afterwards.
import { randomUUID } from 'node:crypto';

import {
  type AuthorizeCardPaymentCommand,
  type CaptureCardPaymentCommand,
  type CardPaymentVerdict,
  type DecideAuthorizationCommand,
  type IssuingEventJob,
  type PotRule,
  potRuleAllows,
  ProblemCodes,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';
import { UnrecoverableError } from 'bullmq';

import type { OnboardingService } from '../accounts/onboarding.service';
import { loadDatabaseConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { AuthorizationDecisionService } from './authorization-decision.service';
import { CardAuthorizationRepository } from './card-authorization.repository';
import type { CardMoneyClient } from './card-money.client';
import { IssuingEventService } from './issuing-event.service';

interface Spending {
  role: 'owner' | 'member';
  spendRule: PotRule;
  approvalAbovePence: number;
}

class FakeMoney {
  readonly pots = new Map<string, number>();
  readonly activePots = new Map<string, string>();
  /** The holder's role and the pot's spending rule; absent: a member of a 'members' pot. */
  readonly spending = new Map<string, Spending>();
  readonly holds = new Map<string, { potId: string; amount: number }>();
  readonly cancelled = new Set<string>();
  readonly keys = new Set<string>();
  /** The authorisation each capture or release was sent for, by its ledger key. */
  readonly authorizationOf = new Map<string, string | undefined>();
  /** Approvals a second member gave, per user: up to `amount`, used by one authorisation. */
  readonly approvals = new Map<string, { amount: number; usedBy: string | null }[]>();
  spent = 0;
  failNextDecision = false;
  /** The decisions payments was asked for, by authorisation. */
  readonly asked: string[] = [];

  async authorize({
    authorizationId,
    userId,
    amountPence,
  }: AuthorizeCardPaymentCommand): Promise<CardPaymentVerdict> {
    this.asked.push(authorizationId);
    await tick();
    if (this.failNextDecision) {
      this.failNextDecision = false;
      throw ProblemError.of(503, 'Service unavailable');
    }
    const potId = this.activePots.get(userId) ?? null;
    const rule = this.spending.get(userId) ?? {
      role: 'member',
      spendRule: 'members',
      approvalAbovePence: 5000,
    };
    const declined = (reason: Extract<CardPaymentVerdict, { decision: 'declined' }>['reason']) =>
      ({ decision: 'declined', reason, potId, approvalAbovePence: rule.approvalAbovePence }) as const;
    if (!potId) return declined('no_active_pot');
    const allowed = potRuleAllows(rule.spendRule, rule.role, amountPence, rule.approvalAbovePence);
    if (allowed === 'no') return declined('pot_rule_owner');
    const theirs = this.approvals.get(userId) ?? [];
    const approval =
      allowed === 'approval'
        ? (theirs.find(({ usedBy }) => usedBy === authorizationId) ??
          theirs.find(({ usedBy, amount }) => usedBy === null && amount >= amountPence))
        : undefined;
    if (allowed === 'approval' && !approval) return declined('pot_rule_approval');
    if (this.cancelled.has(authorizationId)) return declined('hold_cancelled');
    if (!this.holds.has(authorizationId)) {
      const balance = this.pots.get(potId) ?? 0;
      // The approval is used only with the hold: a pot that cannot pay leaves it unused.
      if (balance < amountPence) return declined('insufficient_funds');
      this.pots.set(potId, balance - amountPence);
      this.holds.set(authorizationId, { potId, amount: amountPence });
    }
    if (approval) approval.usedBy = authorizationId;
    return { decision: 'approved', potId, heldPence: amountPence };
  }

  async cancelHold(authorizationId: string) {
    await tick();
    const hold = this.holds.get(authorizationId);
    if (!hold) {
      this.cancelled.add(authorizationId);
      return null;
    }
    if (this.cancelled.has(authorizationId)) return receipt(true);
    this.cancelled.add(authorizationId);
    this.pots.set(hold.potId, (this.pots.get(hold.potId) ?? 0) + hold.amount);
    for (const approval of [...this.approvals.values()].flat())
      if (approval.usedBy === authorizationId) approval.usedBy = null;
    return receipt(false);
  }

  async releaseHold(command: ReleaseCardHoldCommand) {
    await tick();
    if (!this.once(command.idempotencyKey)) return receipt(true);
    this.authorizationOf.set(command.idempotencyKey, command.authorizationId);
    this.pots.set(command.potId, (this.pots.get(command.potId) ?? 0) + command.amountPence);
    return receipt(false);
  }

  async capture(command: CaptureCardPaymentCommand) {
    await tick();
    if (!this.once(`card-capture:${command.transactionId}`)) return receipt(true);
    this.authorizationOf.set(`card-capture:${command.transactionId}`, command.authorizationId);
    const fromPot = command.amountPence - command.fromHoldPence;
    const balance = this.pots.get(command.potId) ?? 0;
    if (balance < fromPot)
      throw ProblemError.coded(ProblemCodes.insufficientFunds, 400, 'Insufficient funds');
    this.pots.set(command.potId, balance - fromPot);
    this.spent += command.amountPence;
    return receipt(false);
  }

  private once(key: string) {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const receipt = (replayed: boolean) => ({ transactionId: randomUUID(), replayed });

describe('Card authorisations (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let money: FakeMoney;
  let decisions: AuthorizationDecisionService;
  let events: IssuingEventService;

  beforeAll(() => {
    database = createThrowawayDatabase('issuing', loadDatabaseConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: 20 });
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  beforeEach(() => {
    money = new FakeMoney();
    const repository = new CardAuthorizationRepository(prisma);
    decisions = new AuthorizationDecisionService(repository, money as unknown as CardMoneyClient);
    // Authorisations never reach onboarding (account.updated is not among these events).
    const onboarding = {} as OnboardingService;
    events = new IssuingEventService(repository, money as unknown as CardMoneyClient, onboarding);
  });

  /** A Kitty user with an active card on their own account and an active pot holding `pence`. */
  async function cardholder(pence: number, status = 'active') {
    const userId = randomUUID();
    const potId = randomUUID();
    const account = `acct_${randomUUID().slice(0, 8)}`;
    const cardId = `ic_${randomUUID().slice(0, 8)}`;
    await prisma.virtualCard.create({
      data: {
        userId,
        stripeAccountId: account,
        stripeCardholderId: `ich_${userId.slice(0, 8)}`,
        stripeCardId: cardId,
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        status,
      },
    });
    money.pots.set(potId, pence);
    money.activePots.set(userId, potId);
    return { userId, potId, account, cardId };
  }

  const request = (
    holder: { account: string; cardId: string },
    amountPence: number,
    authorizationId = `iauth_${randomUUID()}`,
  ): DecideAuthorizationCommand => ({
    authorizationId,
    cardId: holder.cardId,
    account: holder.account,
    amountPence,
    currency: 'gbp',
    merchantName: 'Tesco',
  });

  const authorizationEvent = (
    authorizationId: string,
    approved: boolean,
    status: 'pending' | 'closed' | 'reversed' | 'expired',
  ): IssuingEventJob => ({
    kind: 'authorization',
    type: 'issuing_authorization.updated',
    eventId: `evt_${randomUUID()}`,
    account: null,
    receivedAt: new Date().toISOString(),
    authorizationId,
    approved,
    status,
  });

  const capture = (authorizationId: string, amountPence: number, transactionId = `ipi_${randomUUID()}`) =>
    ({
      kind: 'transaction',
      type: 'issuing_transaction.created',
      eventId: `evt_${randomUUID()}`,
      account: null,
      receivedAt: new Date().toISOString(),
      transactionId,
      authorizationId,
      transactionType: 'capture',
      amountPence,
      merchantName: 'Tesco Metro',
    }) satisfies IssuingEventJob;

  it('approves within the active pot and holds the amount; declines beyond it', async () => {
    const holder = await cardholder(2000);
    await expect(decisions.decide(request(holder, 1500))).resolves.toEqual({ approved: true });
    await expect(decisions.decide(request(holder, 600))).resolves.toEqual({ approved: false });
    expect(money.pots.get(holder.potId)).toBe(500);
    const rows = await prisma.cardAuthorization.findMany({
      where: { userId: holder.userId },
      orderBy: { createdAt: 'asc' },
    });
    expect(rows.map((row) => [row.decision, row.declineReason, row.holdRemainingPence])).toEqual([
      ['approved', null, 1500],
      ['declined', 'insufficient_funds', 0],
    ]);
  });

  it('declines a frozen card, a card of another account, an unknown card and a user without an active pot', async () => {
    const frozen = await cardholder(5000, 'inactive');
    const holder = await cardholder(5000);
    const potless = await cardholder(5000);
    money.activePots.delete(potless.userId);
    const answers = await Promise.all([
      decisions.decide(request(frozen, 100)),
      decisions.decide({ ...request(holder, 100), account: 'acct_someone_else' }),
      decisions.decide({ ...request(holder, 100), cardId: 'ic_not_ours' }),
      decisions.decide(request(potless, 100)),
    ]);
    expect(answers).toEqual(Array(4).fill({ approved: false }));
    expect([...money.holds]).toEqual([]);
  });

  describe('under the pot rules', () => {
    const notices = async (authorizationIds: string[]) => {
      const rows = await prisma.cardAuthorization.findMany({
        where: { stripeAuthorizationId: { in: authorizationIds } },
      });
      const ids = new Set(rows.map((row) => `card_declined:${row.id}`));
      return (await prisma.outboxMessage.findMany({ where: { jobName: 'notifications.notify.v1' } }))
        .map(
          (row) => row.payload as { key: string; userId: string; title: string; body: string; link: string },
        )
        .filter((notice) => ids.has(notice.key));
    };

    it("'owner': a member's card is declined with the reason recorded and told; the owner's is approved", async () => {
      const member = await cardholder(10_000);
      money.spending.set(member.userId, { role: 'member', spendRule: 'owner', approvalAbovePence: 5000 });
      const owner = await cardholder(10_000);
      money.spending.set(owner.userId, { role: 'owner', spendRule: 'owner', approvalAbovePence: 5000 });
      const refused = request(member, 100);

      await expect(decisions.decide(refused)).resolves.toEqual({ approved: false });
      await expect(decisions.decide(request(owner, 100))).resolves.toEqual({ approved: true });
      expect(money.pots.get(member.potId)).toBe(10_000);
      await expect(
        prisma.cardAuthorization.findUniqueOrThrow({
          where: { stripeAuthorizationId: refused.authorizationId },
        }),
      ).resolves.toMatchObject({
        decision: 'declined',
        declineReason: 'pot_rule_owner',
        potId: member.potId,
      });
      await expect(notices([refused.authorizationId])).resolves.toEqual([
        expect.objectContaining({
          userId: member.userId,
          kind: 'card_purchase',
          title: 'Card payment of £1.00 at Tesco declined',
          body: "This pot's rules let only its owner spend from it.",
          link: `/pot/${member.potId}`,
        }),
      ]);
    });

    it("'approval': at or below the amount approved, above it declined with the amount named, once", async () => {
      const member = await cardholder(10_000);
      money.spending.set(member.userId, { role: 'member', spendRule: 'approval', approvalAbovePence: 2500 });
      const above = request(member, 2501);

      await expect(decisions.decide(request(member, 2500))).resolves.toEqual({ approved: true });
      await expect(decisions.decide(above)).resolves.toEqual({ approved: false });
      await expect(decisions.decide(above)).resolves.toEqual({ approved: false });
      expect(money.pots.get(member.potId)).toBe(7500);
      const told = await notices([above.authorizationId]);
      expect(told).toHaveLength(1);
      expect(told[0]?.body).toBe(
        "Card payments above £25.00 need a second member's approval first: ask for it on the pot's page.",
      );
    });

    it("'approval': above the amount with an approval given before, once; freed again when the pot cannot pay", async () => {
      const member = await cardholder(10_000);
      money.spending.set(member.userId, { role: 'member', spendRule: 'approval', approvalAbovePence: 2500 });
      money.approvals.set(member.userId, [{ amount: 12_000, usedBy: null }]);

      // More than the pot holds: declined, and the approval is free for the next try.
      await expect(decisions.decide(request(member, 11_000))).resolves.toEqual({ approved: false });
      expect(money.approvals.get(member.userId)).toEqual([{ amount: 12_000, usedBy: null }]);

      const dinner = request(member, 8000);
      await expect(decisions.decide(dinner)).resolves.toEqual({ approved: true });
      await expect(decisions.decide(dinner)).resolves.toEqual({ approved: true });
      expect(money.pots.get(member.potId)).toBe(2000);
      // Used up: the next payment above the amount is declined again.
      await expect(decisions.decide(request(member, 2600))).resolves.toEqual({ approved: false });
    });

    it("'approval' does not hold back the owner, and 'members' lets any member spend any amount", async () => {
      const owner = await cardholder(10_000);
      money.spending.set(owner.userId, { role: 'owner', spendRule: 'approval', approvalAbovePence: 100 });
      const member = await cardholder(10_000);
      await expect(decisions.decide(request(owner, 9000))).resolves.toEqual({ approved: true });
      await expect(decisions.decide(request(member, 9000))).resolves.toEqual({ approved: true });
    });
  });

  it('asks payments once per decision, never for a card the record refuses or an authorisation decided', async () => {
    const holder = await cardholder(5000);
    const first = request(holder, 100);
    await expect(decisions.decide(first)).resolves.toEqual({ approved: true });
    await expect(decisions.decide(first)).resolves.toEqual({ approved: true });
    await prisma.virtualCard.update({ where: { stripeCardId: holder.cardId }, data: { status: 'inactive' } });
    await expect(decisions.decide(request(holder, 200))).resolves.toEqual({ approved: false });
    expect(money.asked).toEqual([first.authorizationId]);
  });

  it('accepts an event that names no account (card ids are unique across Stripe)', async () => {
    const holder = await cardholder(1000);
    await expect(decisions.decide({ ...request(holder, 100), account: null })).resolves.toEqual({
      approved: true,
    });
  });

  it('gives a redelivered authorisation the same answer, even once the pot has changed', async () => {
    const holder = await cardholder(1000);
    const first = request(holder, 800);
    const answers = await Promise.all(Array.from({ length: 5 }, () => decisions.decide(first)));
    expect(answers).toEqual(Array(5).fill({ approved: true }));
    expect(money.pots.get(holder.potId)).toBe(200);

    const declined = request(holder, 500);
    await expect(decisions.decide(declined)).resolves.toEqual({ approved: false });
    money.pots.set(holder.potId, 10_000);
    await expect(decisions.decide(declined)).resolves.toEqual({ approved: false });
  });

  it('never approves more than the pot holds across 100 concurrent authorisations', async () => {
    const holder = await cardholder(10_000);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => decisions.decide(request(holder, 300))),
    );
    expect(answers.filter((answer) => answer.approved)).toHaveLength(33);
    expect(money.pots.get(holder.potId)).toBe(100);
  });

  it('answers with an error when payments cannot be asked, and decides normally next time', async () => {
    const holder = await cardholder(1000);
    const command = request(holder, 400);
    money.failNextDecision = true;
    await expect(decisions.decide(command)).rejects.toBeInstanceOf(ProblemError);
    await expect(decisions.decide(command)).resolves.toEqual({ approved: true });
  });

  it('a capture takes the hold; a smaller capture gives the rest back; replays change nothing', async () => {
    const holder = await cardholder(3000);
    const full = request(holder, 1000);
    const partial = request(holder, 1000);
    await decisions.decide(full);
    await decisions.decide(partial);
    const fullCapture = capture(full.authorizationId, 1000);
    await events.process(fullCapture);
    await events.process(fullCapture);
    await events.process(capture(partial.authorizationId, 700, 'ipi_partial'));
    await events.process(capture(partial.authorizationId, 700, 'ipi_partial'));
    expect(money.pots.get(holder.potId)).toBe(1300);
    expect(money.spent).toBe(1700);
    // Each movement names its authorisation, so payments shows them as one card purchase.
    expect(Object.fromEntries(money.authorizationOf)).toEqual({
      [`card-capture:${fullCapture.transactionId}`]: full.authorizationId,
      'card-capture:ipi_partial': partial.authorizationId,
      'card-release:ipi_partial': partial.authorizationId,
    });
    const rows = await prisma.cardAuthorization.findMany({
      where: { userId: holder.userId },
      include: { transactions: true },
    });
    expect(rows.every((row) => row.holdRemainingPence === 0 && row.status === 'closed')).toBe(true);
    expect(rows.map((row) => row.transactions.length)).toEqual([1, 1]);
  });

  it('a reversal or expiry releases what is still held, once, in any order with a redelivery', async () => {
    const holder = await cardholder(2000);
    const reversed = request(holder, 500);
    const expired = request(holder, 700);
    await decisions.decide(reversed);
    await decisions.decide(expired);
    await Promise.all([
      events.process(authorizationEvent(reversed.authorizationId, true, 'reversed')),
      events.process(authorizationEvent(reversed.authorizationId, true, 'reversed')),
      events.process(authorizationEvent(expired.authorizationId, true, 'expired')),
      events.process(authorizationEvent(expired.authorizationId, true, 'pending')),
    ]);
    expect(money.pots.get(holder.potId)).toBe(2000);
    expect(Object.fromEntries(money.authorizationOf)).toEqual({
      [`card-release:${reversed.authorizationId}`]: reversed.authorizationId,
      [`card-release:${expired.authorizationId}`]: expired.authorizationId,
    });
  });

  it('releases a hold Stripe did not approve (our answer came too late), and stops one still in flight', async () => {
    const holder = await cardholder(2000);
    const late = request(holder, 900);
    await decisions.decide(late);
    await events.process(authorizationEvent(late.authorizationId, false, 'closed'));
    expect(money.pots.get(holder.potId)).toBe(2000);

    const neverDecided = request(holder, 900);
    await events.process(authorizationEvent(neverDecided.authorizationId, false, 'closed'));
    await expect(decisions.decide(neverDecided)).resolves.toEqual({ approved: false });
    expect(money.pots.get(holder.potId)).toBe(2000);
  });

  it('refuses, for an operator, a capture on an authorisation Kitty declined or never saw', async () => {
    const holder = await cardholder(100);
    const declined = request(holder, 500);
    await decisions.decide(declined);
    await expect(events.process(capture(declined.authorizationId, 500))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    await expect(events.process(capture('iauth_unknown', 500))).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
