import {
  type CreateWithdrawalRequest,
  type LiveTopic,
  type PaymentsCaller,
  PaymentsJobs,
  payoutsAvailableNotice,
  potRuleAllows,
  type PotRules,
  potTopic,
  ProblemCodes,
  type Withdrawal,
  type WithdrawalApproval,
  type WithdrawalDecision,
  type WithdrawalHistory,
  type WithdrawalHistoryRequest,
} from '@kitty/contracts';
import { formatPence, penceFromBigInt } from '@kitty/money';
import {
  idempotencyKeyReused,
  idFromIdempotencyKey,
  isUniqueViolation,
  LivePublisher,
  outboxMessage,
  OutboxRelay,
  ProblemError,
} from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { Withdrawal as WithdrawalRow } from '../generated/prisma/client';
import { PlatformAccount, potAccount, walletAccount } from '../ledger/accounts';
import { InsufficientFundsError, LedgerService } from '../ledger/ledger.service';
import {
  closeWithdrawalApprovalRequests,
  notifyWithdrawal,
  notifyWithdrawalApprovalWanted,
  notifyWithdrawalDeclined,
} from '../notices/money-notifications';
import { PeerServices } from '../peers/peer-services';
import { PrismaService, type Tx } from '../prisma.service';
import { lockedWithdrawalStatus, withdrawnInWindow } from './withdrawal.repository';

/**
 * Withdrawals (decisions.md §11): the amount is reserved at once (source → payouts:in-transit) in the
 * same transaction as the withdrawal row and the outbox job that asks Stripe for the payout. The payout's
 * outcome settles the reservation (in-transit → stripe:clearing) or releases it back to the source.
 */
/** What a withdrawal's change can alter in its owner's open tabs (live updates). */
export const WITHDRAWAL_TOPICS: LiveTopic[] = ['withdrawals', 'wallet', 'pots'];

@Injectable()
export class WithdrawalService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: LedgerService,
    private readonly peers: PeerServices,
    private readonly relay: OutboxRelay,
    private readonly live: LivePublisher,
  ) {}

  /**
   * The withdrawal's id derives from the caller's Idempotency-Key: a repeat of the command (a retry after
   * a lost answer, on any replica) finds the withdrawal the first one made and reserves nothing again.
   */
  async create(
    caller: PaymentsCaller,
    body: CreateWithdrawalRequest,
    idempotencyKey: string,
  ): Promise<Withdrawal> {
    const id = idFromIdempotencyKey('withdrawal', caller.userId, idempotencyKey);
    const earlier = await this.prisma.withdrawal.findUnique({ where: { id } });
    if (earlier) return sameWithdrawal(earlier, body);
    const account = await this.peers.requireVerified(caller.userId, 'withdraw');
    if (!account.payoutDestination)
      throw ProblemError.of(
        409,
        'Bank Account Required',
        'Add your bank account first: withdrawals are paid to your own bank account.',
      );
    if (account.payoutsAvailableFrom && new Date(account.payoutsAvailableFrom) > new Date())
      throw bankAccountCoolingOff(account.payoutAccountLabel, account.payoutsAvailableFrom);
    const source = await this.resolveSource(caller, body.source, body.amountPence);
    // Waiting for a second member moves nothing: the group's money stays usable by the
    // group meanwhile, and the approval takes it (or finds it gone) as one reservation.
    const requestedAt = new Date();
    const approvers =
      source.approvalAbovePence === null
        ? []
        : await this.approversOf(caller, source.potId as string, requestedAt);

    let row: WithdrawalRow;
    try {
      row = await this.prisma.$transaction(async (tx) => {
        const needsApproval =
          source.approvalAbovePence !== null &&
          (await this.overApprovalWindow(
            tx,
            caller.userId,
            source.potId as string,
            body.amountPence,
            source.approvalAbovePence,
          ));
        if (needsApproval && approvers.length === 0) throw noOneToApprove();
        const created = await tx.withdrawal.create({
          data: {
            id,
            userId: caller.userId,
            requesterName: caller.name,
            sourceType: body.source.type,
            potId: source.potId,
            sourceName: source.name,
            sourceAccountId: source.accountId,
            amountPence: BigInt(body.amountPence),
            status: needsApproval ? 'awaiting_approval' : 'pending',
            createdAt: requestedAt,
            stripeAccountId: account.accountId,
            destination: account.payoutDestination as string,
            destinationLabel: account.payoutAccountLabel,
          },
        });
        if (needsApproval) {
          if ((await this.ledger.balance(tx, source.accountId)) < BigInt(body.amountPence))
            throw new InsufficientFundsError(source.accountId);
          await notifyWithdrawalApprovalWanted(tx, created, approvers);
        } else {
          await this.reserve(tx, created);
        }
        return created;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw ProblemError.coded(
          ProblemCodes.insufficientFunds,
          400,
          'Insufficient Funds',
          'You cannot withdraw more than your available balance',
        );
      if (isUniqueViolation(error)) {
        // The same command, delivered twice at once: the other delivery made it.
        const made = await this.prisma.withdrawal.findUniqueOrThrow({ where: { id } });
        return sameWithdrawal(made, body);
      }
      throw error;
    }
    this.relay.kick();
    // The requester's other tabs list the pot's waiting withdrawals too (theirs with Cancel).
    await this.live.publish(
      [caller.userId],
      [...WITHDRAWAL_TOPICS, ...(row.potId ? [potTopic(row.potId)] : [])],
    );
    if (row.status === 'awaiting_approval')
      await this.live.publish(approvers, [potTopic(source.potId as string)]);
    return toWithdrawal(row);
  }

  /**
   * Another member approves or declines a pot withdrawal waiting for approval. The row's lock makes the
   * first decision the only one: two approvers at once reserve and pay out once (the second is answered
   * with the approved withdrawal), and an approval after a decline or a cancellation is a 409.
   */
  async decide(
    caller: PaymentsCaller,
    withdrawalId: string,
    decision: WithdrawalDecision,
  ): Promise<Withdrawal> {
    const waiting = await this.findPotWithdrawal(caller, withdrawalId);
    if (waiting.userId === caller.userId)
      throw ProblemError.of(
        403,
        'Not allowed',
        'Another member of the pot must approve your withdrawal. You can cancel it instead.',
      );
    if (decision === 'approve' && waiting.status === 'awaiting_approval') {
      await this.requireStillAllowed(waiting);
      await this.requireMemberBefore(caller, waiting);
    }
    const { names: members } = await this.peers.potMembers(caller, waiting.potId as string);

    const row = await this.prisma.$transaction(async (tx) => {
      const locked = await lockWithdrawal(tx, withdrawalId);
      if (locked.status !== 'awaiting_approval') {
        // Two members pressing Approve at once: the second sees the same outcome, and nothing moves twice.
        if (decision === 'approve' && wasApproved(locked.status))
          return tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
        throw ProblemError.of(409, 'Already decided', decidedWords(locked.status));
      }
      const decided = await tx.withdrawal.update({
        where: { id: withdrawalId },
        data: {
          status: decision === 'approve' ? 'pending' : 'declined',
          decidedBy: caller.userId,
          decidedByName: caller.name,
          decidedAt: new Date(),
          ...(decision === 'decline'
            ? { failureReason: `Declined by ${caller.name}.`, settledAt: new Date() }
            : {}),
        },
      });
      if (decision === 'approve') {
        try {
          await this.reserve(tx, decided);
        } catch (error) {
          if (error instanceof InsufficientFundsError)
            throw ProblemError.coded(
              ProblemCodes.insufficientFunds,
              409,
              'Insufficient Funds',
              `The pot no longer holds ${formatPence(Number(decided.amountPence))}, so this withdrawal cannot be approved now.`,
            );
          throw error;
        }
      } else {
        await notifyWithdrawalDeclined(tx, decided, caller.name);
      }
      await closeWithdrawalApprovalRequests(tx, withdrawalId, members.keys());
      return decided;
    });
    this.relay.kick();
    await this.tellAbout(row, members.keys());
    return toWithdrawal(row);
  }

  /** The requester takes back a withdrawal still waiting for approval (a repeat finds it cancelled). */
  async cancel(caller: PaymentsCaller, withdrawalId: string): Promise<Withdrawal> {
    const waiting = await this.findPotWithdrawal(caller, withdrawalId);
    if (waiting.userId !== caller.userId)
      throw ProblemError.of(403, 'Not allowed', 'Only the member who asked for a withdrawal can cancel it.');
    const { names: members } = await this.peers.potMembers(caller, waiting.potId as string);
    const row = await this.prisma.$transaction(async (tx) => {
      const locked = await lockWithdrawal(tx, withdrawalId);
      if (locked.status === 'cancelled')
        return tx.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
      if (locked.status !== 'awaiting_approval')
        throw ProblemError.of(409, 'Already decided', decidedWords(locked.status));
      await closeWithdrawalApprovalRequests(tx, withdrawalId, members.keys());
      return tx.withdrawal.update({
        where: { id: withdrawalId },
        data: { status: 'cancelled', failureReason: 'Cancelled by you.', settledAt: new Date() },
      });
    });
    this.relay.kick();
    await this.tellAbout(row, members.keys());
    return toWithdrawal(row);
  }

  /** A pot's withdrawals waiting for a second member, for its members (anyone else: the pot's 404). */
  async listApprovals(caller: PaymentsCaller, potId: string): Promise<WithdrawalApproval[]> {
    await this.peers.requireMembership(potId, caller.userId);
    const rows = await this.prisma.withdrawal.findMany({
      where: { potId, status: 'awaiting_approval' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 50,
    });
    return rows.map((row) => ({
      id: row.id,
      potId,
      amountPence: penceFromBigInt(row.amountPence),
      requesterName: row.requesterName ?? 'A member',
      requestedByYou: row.userId === caller.userId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * A page of withdrawals, newest first: the caller's own (from every source), or, for a pot of theirs, every
   * member's from it. The page after `before` starts at the withdrawal after that one (its id breaks ties).
   */
  async history({ caller, potId, page }: WithdrawalHistoryRequest): Promise<WithdrawalHistory> {
    if (potId) await this.peers.requireMembership(potId, caller.userId);
    const whose = potId ? { potId } : { userId: caller.userId };
    const after = page.before
      ? await this.prisma.withdrawal.findFirst({ where: { id: page.before, ...whose } })
      : null;
    const rows = await this.prisma.withdrawal.findMany({
      where: {
        ...whose,
        ...(after
          ? {
              OR: [
                { createdAt: { lt: after.createdAt } },
                { createdAt: after.createdAt, id: { lt: after.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: Number(page.limit) + 1,
    });
    const shown = rows.slice(0, Number(page.limit));
    return {
      // A member's bank account is theirs alone: the pot's other members see only that it went to a bank.
      withdrawals: shown.map((row) => ({
        ...toWithdrawal(row),
        ...(row.userId === caller.userId ? {} : { bankAccount: null }),
      })),
      nextBefore: rows.length > Number(page.limit) ? (shown.at(-1)?.id ?? null) : null,
    };
  }

  async list(caller: PaymentsCaller): Promise<Withdrawal[]> {
    const rows = await this.prisma.withdrawal.findMany({
      where: { userId: caller.userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 200,
    });
    return rows.map(toWithdrawal);
  }

  /**
   * Reserves the amount (source → payouts:in-transit) and asks for the payout, in the caller's transaction.
   * The ledger key is the withdrawal's, so an approval replayed reserves once.
   */
  private async reserve(tx: Tx, withdrawal: WithdrawalRow): Promise<void> {
    await this.ledger.post(tx, {
      idempotencyKey: `withdrawal:${withdrawal.id}`,
      kind: 'withdrawal',
      description: 'Withdrawal to bank account',
      userId: withdrawal.userId,
      postings: [
        { accountId: withdrawal.sourceAccountId, amountPence: -withdrawal.amountPence },
        { accountId: PlatformAccount.payoutsInTransit, amountPence: withdrawal.amountPence },
      ],
      metadata: { withdrawalId: withdrawal.id },
    });
    await tx.outboxMessage.create({
      data: outboxMessage(PaymentsJobs.createPayout, { withdrawalId: withdrawal.id }),
    });
    await notifyWithdrawal(tx, 'withdrawal_initiated', {
      id: withdrawal.id,
      user_id: withdrawal.userId,
      amount_pence: withdrawal.amountPence,
    });
  }

  private async resolveSource(
    caller: PaymentsCaller,
    source: CreateWithdrawalRequest['source'],
    amountPence: number,
  ) {
    if (source.type === 'wallet')
      return {
        potId: null,
        name: 'Kitty wallet',
        accountId: walletAccount(caller.userId),
        approvalAbovePence: null,
      };
    const membership = await this.peers.requireMembership(
      source.potId,
      caller.userId,
      ({ rules, role }) => withdrawalAllowed(rules, role, amountPence) !== 'no',
    );
    const allowed = withdrawalAllowed(membership.rules, membership.role, amountPence);
    if (allowed === 'no') throw ownerOnly();
    // Under the approval rule a member's withdrawals count together (see overApprovalWindow).
    const underApproval = membership.role === 'member' && membership.rules?.withdrawRule === 'approval';
    return {
      potId: source.potId,
      name: membership.potName,
      accountId: potAccount(source.potId),
      approvalAbovePence: underApproval ? (membership.rules?.approvalAbovePence ?? null) : null,
    };
  }

  /**
   * Who may approve the caller's withdrawal: the pot's other members who had joined before it was asked
   * for, and who are not the requester's own other accounts (the same phone number passed KYC on both).
   * Someone let in afterwards (by any member, under `inviteRule: members`: perhaps the requester's own
   * second account) approves nothing that was waiting when they came.
   */
  private async approversOf(caller: PaymentsCaller, potId: string, requestedAt: Date): Promise<string[]> {
    const { joinedAt } = await this.peers.potMembers(caller, potId);
    const joinedBefore = [...joinedAt].flatMap(([userId, joined]) =>
      userId !== caller.userId && joined < requestedAt ? [userId] : [],
    );
    const requestersOwn = await this.peers.samePerson(caller.userId, joinedBefore);
    return joinedBefore.filter((userId) => !requestersOwn.has(userId));
  }

  /**
   * The approval threshold applies to what the member takes from the pot in a rolling day, this withdrawal
   * included, not to each withdrawal: six of £10 under a £50 threshold need approval from the fifth on.
   * Counted under a lock per member and pot, so withdrawals asked for at once are counted one after another.
   * Declined, cancelled and failed withdrawals took nothing and do not count.
   */
  private async overApprovalWindow(
    tx: Tx,
    userId: string,
    potId: string,
    amountPence: number,
    approvalAbovePence: number,
  ): Promise<boolean> {
    const taken = await withdrawnInWindow(tx, userId, potId, APPROVAL_WINDOW_MS);
    return taken + BigInt(amountPence) > BigInt(approvalAbovePence);
  }

  /**
   * Only a member who was in the pot when the withdrawal was asked for, and who is not the requester under
   * another account, may approve it.
   */
  private async requireMemberBefore(caller: PaymentsCaller, waiting: WithdrawalRow): Promise<void> {
    const { joinedAt } = await this.peers.potMembers(caller, waiting.potId as string);
    const joined = joinedAt.get(caller.userId);
    if (!joined || joined >= waiting.createdAt)
      throw ProblemError.of(
        403,
        'Not allowed',
        'Only members who were in the pot when this withdrawal was asked for can approve it.',
      );
    if ((await this.peers.samePerson(waiting.userId, [caller.userId])).has(caller.userId))
      throw ProblemError.of(
        403,
        'Not allowed',
        'This withdrawal was asked for by your own other account: another member must approve it.',
      );
  }

  /** A pot withdrawal the caller may see: one of a pot they belong to (anything else does not exist). */
  private async findPotWithdrawal(caller: PaymentsCaller, withdrawalId: string): Promise<WithdrawalRow> {
    const row = await this.prisma.withdrawal.findUnique({ where: { id: withdrawalId } });
    if (!row || !row.potId) throw withdrawalNotFound();
    try {
      await this.peers.requireMembership(row.potId, caller.userId);
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 404) throw withdrawalNotFound();
      throw error;
    }
    return row;
  }

  /** The requester must still be in the pot and allowed by its rules as they are now. */
  private async requireStillAllowed(waiting: WithdrawalRow): Promise<void> {
    const potId = waiting.potId as string;
    let membership;
    try {
      membership = await this.peers.requireMembership(
        potId,
        waiting.userId,
        ({ rules, role }) => withdrawalAllowed(rules, role, Number(waiting.amountPence)) !== 'no',
      );
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 404)
        throw ProblemError.of(
          409,
          'Not a member',
          'Whoever asked for this withdrawal is no longer in the pot.',
        );
      throw error;
    }
    if (withdrawalAllowed(membership.rules, membership.role, Number(waiting.amountPence)) === 'no')
      throw ProblemError.of(
        409,
        'Pot rules changed',
        'The pot rules now let only the owner withdraw, so this withdrawal cannot be approved.',
      );
  }

  /** The requester's tabs (their withdrawals) and the pot's members' (the waiting list, the balance). */
  private async tellAbout(row: WithdrawalRow, memberIds: Iterable<string>): Promise<void> {
    await this.live.publish([row.userId], WITHDRAWAL_TOPICS);
    await this.live.publish(memberIds, [potTopic(row.potId as string), 'pots']);
  }
}

/** The rolling window over which a member's withdrawals from a pot count against its approval threshold. */
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

const noOneToApprove = () =>
  ProblemError.of(
    409,
    'No one to approve',
    'This pot needs a second member to approve withdrawals of this size, and no other member was in it before you asked.',
  );

const withdrawalNotFound = () =>
  ProblemError.of(404, 'Withdrawal not found', 'This withdrawal does not exist or is not in a pot of yours.');

/**
 * The bank account replaced another one recently: nothing is paid to it until the cooling-off period ends,
 * so an owner told of a change they did not make can act before any money follows it.
 */
const bankAccountCoolingOff = (label: string | null, availableFrom: string) =>
  ProblemError.of(
    409,
    'Bank Account Cooling Off',
    `${payoutsAvailableNotice(label ?? 'your new bank account', availableFrom)} A bank account that replaces another one waits a while first, in case the change was not yours.`,
  );

const ownerOnly = () =>
  ProblemError.of(
    403,
    'Not allowed',
    "This pot's rules let only its owner withdraw. Ask the owner to change the pot rules.",
  );

/** What a pot's withdrawal rule says of this member and amount (rules absent: the owner alone). */
function withdrawalAllowed(
  rules: PotRules | null,
  role: 'owner' | 'member',
  amountPence: number,
): 'yes' | 'no' | 'approval' {
  if (!rules) return role === 'owner' ? 'yes' : 'no';
  return potRuleAllows(rules.withdrawRule, role, amountPence, rules.approvalAbovePence);
}

async function lockWithdrawal(tx: Tx, withdrawalId: string): Promise<{ status: string }> {
  const row = await lockedWithdrawalStatus(tx, withdrawalId);
  if (!row) throw withdrawalNotFound();
  return row;
}

function decidedWords(status: string): string {
  if (status === 'declined') return 'This withdrawal was declined.';
  if (status === 'cancelled') return 'This withdrawal was cancelled.';
  return 'This withdrawal was approved.';
}

/** Approved at some point: paid out, on its way, or failed after the approval reserved it. */
const wasApproved = (status: string) => ['pending', 'paid', 'failed'].includes(status);

/** The answer to a repeated command: the withdrawal it made, if the repeat asks for the same thing. */
function sameWithdrawal(row: WithdrawalRow, body: CreateWithdrawalRequest): Withdrawal {
  const potId = body.source.type === 'pot' ? body.source.potId : null;
  if (
    Number(row.amountPence) !== body.amountPence ||
    row.sourceType !== body.source.type ||
    row.potId !== potId
  )
    throw idempotencyKeyReused();
  return toWithdrawal(row);
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPence: penceFromBigInt(row.amountPence),
    source: { type: row.sourceType as 'wallet' | 'pot', potId: row.potId, name: row.sourceName },
    status: row.status as Withdrawal['status'],
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    requesterName: row.requesterName,
    bankAccount: row.destinationLabel,
  };
}
