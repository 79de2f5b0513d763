import {
  type CreateExpenseCommand,
  type DecideExpenseCommand,
  type Expense,
  type ExpenseCategory,
  type ExpenseCommand,
  type PotExpensePaid,
  type PotQuery,
  PotsJobs,
  type PreparedExpense,
  type RefundDue,
  type SplitInput,
  type UpdateExpenseCommand,
} from '@kitty/contracts';
import { formatPence, payersProblem } from '@kitty/money';
import {
  idFromIdempotencyKey,
  madeByConcurrentDelivery,
  outboxMessage,
  OutboxRelay,
  ProblemError,
  shortenText,
} from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import {
  confirmed,
  decisionData,
  mayDecide,
  nameOf,
  type People,
  peopleOf,
  type RecordState,
} from '../core/confirmation';
import {
  expenseChange,
  type ExpenseEffect,
  mergeChanges,
  movePositions,
  NO_POSITION_CHANGE,
} from '../core/expense-effects';
import { type Membership, requireMember, requireOpenPot } from '../core/pot-access';
import { lockPot } from '../core/settle-plan';
import { computeShares, type Share } from '../core/split';
import { dateColumn, spentOnOf, ukToday } from '../core/uk-day';
import type {
  Expense as ExpenseRow,
  ExpensePayer,
  ExpenseShare,
  PotMember,
} from '../generated/prisma/client';
import { PrismaService, type Tx } from '../prisma.service';
import {
  amountText,
  billColumns,
  checkAmounts,
  storedBill,
  storedOriginal,
  toBill,
  toOriginal,
} from './expense-bill';
import { describeExpenseChanges } from './expense-changes';
import { confirmersOf, creditTakenBack, expenseState, nextConfirmer } from './expense-consent';

/** The refund's reason is the ledger's description of its reversal (at most this long). */
const REFUND_REASON_MAX = 200;
const expenseNotFound = () => ProblemError.of(404, 'Expense not found');
const invalid = (detail: string) => ProblemError.of(400, 'Invalid request', detail);

/** An expense's parts, in the order they were given. */
const parts = {
  shares: { orderBy: { position: 'asc' } },
  payers: { orderBy: { position: 'asc' } },
  receipt: { select: { sizeBytes: true } },
} as const;

@Injectable()
export class ExpenseService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly relay: OutboxRelay,
  ) {}

  /** A member-paid expense: bookkeeping only (a pot-paid one is `prepare`d, paid by payments, then recorded). */
  async create(command: CreateExpenseCommand): Promise<Expense> {
    const { potId, body } = command;
    // From the caller's Idempotency-Key: a repeat of the command finds the expense the first one made.
    const expenseId = expenseIdOf(command);
    if (await this.prisma.expense.findUnique({ where: { id: expenseId }, select: { id: true } }))
      return this.getOne(potId, expenseId);
    if (body.paidFrom === 'pot') throw invalid('An expense paid from the pot is paid before it is recorded.');
    await this.prisma
      .$transaction((tx) => this.record(tx, command, expenseId))
      .catch(madeByConcurrentDelivery);
    return this.getOne(potId, expenseId);
  }

  /**
   * A pot-paid expense before any money moves: the expense a repeat of the command finds, or what payments is
   * to pay, once everything recording it would refuse has been checked. Writes nothing.
   */
  async prepare(command: CreateExpenseCommand): Promise<PreparedExpense> {
    const expenseId = expenseIdOf(command);
    if (await this.prisma.expense.findUnique({ where: { id: expenseId }, select: { id: true } }))
      return { expense: await this.getOne(command.potId, expenseId), payment: null };
    if (command.body.paidFrom !== 'pot') throw invalid('Only an expense paid from the pot is paid first.');
    await this.assess(this.prisma, command);
    return { expense: null, payment: { expenseId, expense: command } };
  }

  /**
   * Records a pot-paid expense payments has paid: from the gateway at once and from payments' event, whichever
   * comes first. Never refused: the money has moved, so the record is the truth of what it paid for, whatever
   * changed since it was prepared (a member who left since keeps their share, which their leaving waits for).
   */
  async recordPaid(paid: PotExpensePaid): Promise<Expense> {
    const { caller, potId, body } = paid.expense;
    await this.prisma
      .$transaction(async (tx) => {
        await lockPot(tx, potId);
        if (await tx.expense.findUnique({ where: { id: paid.expenseId }, select: { id: true } })) return;
        const effect: ExpenseEffect = {
          paidFrom: 'pot',
          payers: [],
          amountPence: body.amountPence,
          shares: computeShares(body.split, body.amountPence),
        };
        await insertExpense(tx, paid.expense, paid.expenseId, effect, confirmed, paid.transactionId);
        await movePositions(tx, potId, expenseChange(effect, 1));
        await recordActivity(
          tx,
          potId,
          caller,
          'expense.created',
          `${caller.name} added "${body.description}" (${amountText(body.amountPence, body.original)})`,
        );
      })
      .catch(madeByConcurrentDelivery);
    return this.getOne(potId, paid.expenseId);
  }

  /** Refuses what `create` would refuse now, recording nothing (a recurring expense's template is checked so). */
  async check(command: CreateExpenseCommand): Promise<void> {
    await this.assess(this.prisma, command);
  }

  /**
   * Checks the caller and the split, and works out what the expense does to its members and whether it
   * waits for anyone: an expense that credits someone other than the caller moves nobody until each such
   * person confirms (expenseState).
   */
  private async assess(
    tx: Tx,
    { caller, potId, body }: CreateExpenseCommand,
  ): Promise<{
    effect: ExpenseEffect;
    state: RecordState;
    membership: Membership;
    members: Map<string, PotMember>;
  }> {
    const membership = await requireMember(tx, potId, caller.userId);
    await requireOpenPot(tx, potId, 'add expenses');
    checkAmounts({ amountPence: body.amountPence, original: body.original, split: body.split });
    const members = await activeMembersById(tx, potId);
    if (body.payerMemberId && !members.has(body.payerMemberId)) {
      throw invalid('The payer is not a member of this pot.');
    }
    const payers =
      body.paidFrom === 'pot'
        ? []
        : checkedPayers(
            body.payers ?? [{ memberId: body.payerMemberId ?? '', amountPence: body.amountPence }],
            body.amountPence,
            members,
          );
    const effect: ExpenseEffect = {
      paidFrom: body.paidFrom,
      payers,
      amountPence: body.amountPence,
      shares: sharesFor(body.split, body.amountPence, members),
    };
    return { effect, state: expenseState(membership, effect, members), membership, members };
  }

  private async record(tx: Tx, command: CreateExpenseCommand, expenseId: string): Promise<void> {
    const { caller, potId, body } = command;
    await lockPot(tx, potId);
    // Another delivery of the same command may have recorded it since this one looked: its record stands.
    if (await tx.expense.findUnique({ where: { id: expenseId }, select: { id: true } })) return;
    // Checked again under the pot's lock: membership may have changed since the command was first looked at.
    const { effect, state, membership, members } = await this.assess(tx, command);
    await insertExpense(tx, command, expenseId, effect, state, null);
    const nameOfMember = (memberId: string) => members.get(memberId)?.name ?? 'a former member';
    const someoneElsePaid = () =>
      `${caller.name} recorded that ${whoPaid(effect.payers, nameOfMember)} for "${body.description}"`;
    if (state.status === 'pending') {
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.pending',
        `${someoneElsePaid()} — waiting for ${namesOf(confirmersOf(effect, membership.memberId, members), nameOfMember)} to confirm`,
      );
      return;
    }
    await movePositions(tx, potId, expenseChange(effect, 1));
    await recordActivity(
      tx,
      potId,
      caller,
      'expense.created',
      effect.payers.some(({ memberId }) => memberId !== membership.memberId)
        ? someoneElsePaid()
        : `${caller.name} added "${body.description}" (${amountText(body.amountPence, body.original)})`,
    );
  }

  /**
   * Each person the expense credits confirms it in turn (or the pot's owner, for all of them); once the last
   * has, it moves positions as if it had been recorded now. Any of them declining it leaves everything as
   * it was. Repeating a decision changes nothing.
   */
  async decide({ caller, potId, expenseId, decision }: DecideExpenseCommand): Promise<Expense> {
    await this.prisma.$transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'confirm or decline expenses');
      await lockPot(tx, potId);
      const expense = await tx.expense.findFirst({
        where: { id: expenseId, potId, deletedAt: null },
        include: parts,
      });
      if (!expense) throw expenseNotFound();
      const people = await peopleOf(tx, potId);
      if (!mayDecide(expense, membership, decision, nameOf(people.byMemberId, expense.awaitingMemberId)))
        return;
      const what = `${whoPaid(amountsOf(expense.payers), (memberId) => nameOf(people.byMemberId, memberId))} for "${expense.description}"`;
      if (decision === 'confirm') {
        const members = await activeMembersById(tx, potId);
        const everyone = [...expense.payers, ...expense.shares].map(({ memberId }) => memberId);
        if (everyone.some((memberId) => !members.has(memberId))) {
          throw ProblemError.of(
            409,
            'Members have changed',
            'Someone in this expense has left the pot. Decline it and record it again.',
          );
        }
        const recorder = [...members.values()].find(({ userId }) => userId === expense.createdBy);
        const next =
          membership.role === 'owner'
            ? null
            : nextConfirmer(effectOf(expense), recorder?.id ?? null, members, membership.memberId);
        if (next) {
          // Their agreement is noted; nobody moves until the last of them has agreed too.
          await tx.expense.update({ where: { id: expenseId }, data: { awaitingMemberId: next } });
          await recordActivity(
            tx,
            potId,
            caller,
            'expense.confirmed',
            `${caller.name} confirmed that ${what} — waiting for ${nameOf(people.byMemberId, next)} to confirm`,
          );
          return;
        }
        await movePositions(tx, potId, expenseChange(effectOf(expense), 1));
      }
      await tx.expense.update({ where: { id: expenseId }, data: decisionData(decision, caller.userId) });
      const recorder = nameOf(people.byUserId, expense.createdBy);
      await recordActivity(
        tx,
        potId,
        caller,
        decision === 'confirm' ? 'expense.confirmed' : 'expense.declined',
        decision === 'confirm'
          ? `${caller.name} confirmed that ${what}`
          : `${caller.name} declined ${recorder}'s record that ${what}`,
      );
    });
    return this.getOne(potId, expenseId);
  }

  async list({ caller, potId }: PotQuery): Promise<Expense[]> {
    await requireMember(this.prisma, potId, caller.userId);
    const [rows, people] = await Promise.all([
      this.prisma.expense.findMany({
        where: { potId, deletedAt: null, status: { not: 'declined' } },
        include: parts,
        orderBy: { createdAt: 'desc' },
        take: 200,
      }),
      peopleOf(this.prisma, potId),
    ]);
    return rows.map((row) => toExpense(row, people));
  }

  async update({ caller, potId, expenseId, body }: UpdateExpenseCommand): Promise<Expense> {
    await this.prisma.$transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'change expenses');
      await lockPot(tx, potId);
      const current = await findEditableExpense(tx, potId, expenseId, caller.userId, membership);
      const members = await activeMembersById(tx, potId);
      const amountPence = body.amountPence ?? Number(current.amountPence);
      const split = body.split ?? splitOf(current);
      const currentOriginal = storedOriginal(current);
      const original = body.original === undefined ? currentOriginal : body.original;
      // What the edit keeps must still agree with what it changes (a rate with the amount, a bill with both).
      checkAmounts({ amountPence, original, split });
      const shares = sharesFor(split, amountPence, members);
      const before = effectOf(current);
      const payers = payersAfterEdit(before, body.payers, amountPence, members);
      const after: ExpenseEffect = { ...before, amountPence, shares, payers };
      // Changing what someone else paid, or how it is shared, waits again for everyone it credits (their
      // own change stands as they made it).
      const moneyChanged =
        body.amountPence !== undefined || body.split !== undefined || body.payers !== undefined;
      if (moneyChanged && current.status === 'confirmed') {
        requireConsentToTakeBack(membership, before, members, 'change what it moves');
      }
      const billBefore = current.splitMode === 'itemised' ? storedBill(current.items) : undefined;
      const next: RecordState =
        before.paidFrom === 'member' && moneyChanged
          ? expenseState(membership, after, members)
          : { status: current.status as RecordState['status'], awaitingMemberId: current.awaitingMemberId };

      if (before.paidFrom === 'pot' && amountPence !== before.amountPence) {
        // The ledger's debit is what it is: changing it means deleting (a refund) and adding it again.
        throw ProblemError.of(
          409,
          'Amount cannot change',
          'This expense was paid from the pot. To change its amount, delete it and add it again.',
        );
      }
      await tx.expenseShare.deleteMany({ where: { expenseId } });
      await tx.expensePayer.deleteMany({ where: { expenseId } });
      await tx.expense.update({
        where: { id: expenseId },
        data: {
          description: body.description,
          amountPence,
          payerMemberId: payers[0]?.memberId ?? null,
          splitMode: split.mode,
          category: body.category,
          ...billColumns(split.items, original),
          ...(body.spentOn !== undefined && { spentOn: dateColumn(body.spentOn) }),
          ...(body.notes !== undefined && { notes: body.notes || null }),
          status: next.status,
          awaitingMemberId: next.awaitingMemberId,
          shares: { createMany: { data: shareRows(split, shares) } },
          payers: { createMany: { data: payerRows(payers) } },
        },
      });
      await movePositions(
        tx,
        potId,
        mergeChanges(
          current.status === 'confirmed' ? expenseChange(before, -1) : NO_POSITION_CHANGE,
          next.status === 'confirmed' ? expenseChange(after, 1) : NO_POSITION_CHANGE,
        ),
      );
      const description = body.description ?? current.description;
      const category = (body.category ?? current.category) as ExpenseCategory;
      const changes = describeExpenseChanges(
        {
          ...before,
          description: current.description,
          category: current.category as ExpenseCategory,
          original: currentOriginal,
          bill: billBefore,
          spentOn: spentOnOf(current),
          notes: current.notes,
        },
        {
          description,
          amountPence,
          shares,
          payers,
          category,
          original,
          bill: split.items,
          spentOn: body.spentOn ?? spentOnOf(current),
          notes: body.notes === undefined ? current.notes : body.notes || null,
        },
        (memberId) => members.get(memberId)?.name ?? 'a former member',
      );
      // A change to what was settled reopens debts people thought were closed: the feed says so.
      const settledSince = current.status === 'confirmed' && moneyChanged && (await paidSince(tx, current));
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.updated',
        `${caller.name} edited "${description}"` +
          (changes.length > 0 ? `: ${changes.join('; ')}` : ` (${formatPence(amountPence)})`) +
          (settledSince ? SETTLED_SINCE : '') +
          (next.status === 'pending'
            ? ` — waiting for ${namesOf(
                confirmersOf(after, membership.memberId, members),
                (memberId) => members.get(memberId)?.name ?? 'a former member',
              )} to confirm`
            : ''),
      );
    });
    return this.getOne(potId, expenseId);
  }

  /** Deleting a pot-paid expense refunds the pot: payments reverses its debit from the refund written with it. */
  async delete({ caller, potId, expenseId }: ExpenseCommand): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'delete expenses');
      await lockPot(tx, potId);
      const current = await findEditableExpense(tx, potId, expenseId, caller.userId, membership);
      const effect = effectOf(current);
      if (current.status === 'confirmed') {
        requireConsentToTakeBack(membership, effect, await activeMembersById(tx, potId), 'delete it');
      }
      await tx.expense.update({ where: { id: expenseId }, data: { deletedAt: new Date() } });
      // A pending expense never moved anyone, so there is nothing to take back.
      await movePositions(
        tx,
        potId,
        current.status === 'confirmed' ? expenseChange(effect, -1) : NO_POSITION_CHANGE,
      );
      await recordActivity(
        tx,
        potId,
        caller,
        'expense.deleted',
        `${caller.name} deleted "${current.description}" (${formatPence(effect.amountPence)})` +
          (current.status === 'confirmed' && (await paidSince(tx, current)) ? SETTLED_SINCE : ''),
      );
      if (effect.paidFrom !== 'pot') return;
      const refund: RefundDue = {
        target: { type: 'expense', expenseId },
        reason: shortenText(`Expense "${current.description}" deleted`, REFUND_REASON_MAX),
      };
      await tx.outboxMessage.create({ data: outboxMessage(PotsJobs.refundDue, refund) });
    });
    this.relay.kick();
  }

  private async getOne(potId: string, expenseId: string): Promise<Expense> {
    const [row, people] = await Promise.all([
      this.prisma.expense.findUniqueOrThrow({
        where: { id: expenseId },
        include: parts,
      }),
      peopleOf(this.prisma, potId),
    ]);
    return toExpense(row, people);
  }
}

type ExpenseWithShares = ExpenseRow & {
  shares: ExpenseShare[];
  payers: ExpensePayer[];
  receipt: { sizeBytes: number } | null;
};

/** Finds the expense (the pot is already locked, so edits of it apply one after the other). */
async function findEditableExpense(
  tx: Tx,
  potId: string,
  expenseId: string,
  userId: string,
  membership: Membership,
): Promise<ExpenseWithShares> {
  const expense = await tx.expense.findFirst({
    where: { id: expenseId, potId, deletedAt: null, status: { not: 'declined' } },
    include: parts,
  });
  if (!expense) throw expenseNotFound();
  if (expense.createdBy !== userId && membership.role !== 'owner') {
    throw ProblemError.of(
      403,
      'Not allowed',
      'Only the person who added this expense or the pot owner can change it.',
    );
  }
  return expense;
}

/** Writes the expense with its shares and payers (one INSERT each, under the pot's lock). */
async function insertExpense(
  tx: Tx,
  { caller, potId, body }: CreateExpenseCommand,
  expenseId: string,
  effect: ExpenseEffect,
  state: RecordState,
  ledgerTransactionId: string | null,
): Promise<void> {
  await tx.expense.create({
    data: {
      id: expenseId,
      potId,
      description: body.description,
      amountPence: body.amountPence,
      paidFrom: effect.paidFrom,
      payerMemberId: effect.payers[0]?.memberId ?? null,
      splitMode: body.split.mode,
      category: body.category,
      ...billColumns(body.split.items, body.original),
      spentOn: dateColumn(body.spentOn ?? ukToday()),
      notes: body.notes || null,
      ledgerTransactionId,
      createdBy: caller.userId,
      ...state,
      // createMany: one INSERT for all the shares (a nested create is one per row).
      shares: { createMany: { data: shareRows(body.split, effect.shares) } },
      payers: { createMany: { data: payerRows(effect.payers) } },
    },
  });
}

/** The expense's id, from the caller's Idempotency-Key (ADR 0011). */
const expenseIdOf = ({ caller, idempotencyKey }: CreateExpenseCommand) =>
  idFromIdempotencyKey('expense', caller.userId, idempotencyKey);

async function activeMembersById(tx: Tx, potId: string): Promise<Map<string, PotMember>> {
  const members = await tx.potMember.findMany({ where: { potId, removedAt: null } });
  return new Map(members.map((member) => [member.id, member]));
}

function sharesFor(split: SplitInput, amountPence: number, members: Map<string, PotMember>) {
  const outsider = split.members.find((member) => !members.has(member.memberId));
  if (outsider)
    throw ProblemError.of(400, 'Invalid request', 'Everyone in the split must be a member of this pot.');
  return computeShares(split, amountPence);
}

/** Payers must be current members; what they paid must add up to the expense (`payersProblem`). */
function checkedPayers(payers: Share[], amountPence: number, members: Map<string, PotMember>): Share[] {
  if (payers.some(({ memberId }) => !members.has(memberId)))
    throw invalid('Everyone who paid must be a member of this pot.');
  const problem = payersProblem(payers, amountPence);
  if (problem) throw invalid(problem);
  return payers.map(({ memberId, amountPence: paid }) => ({ memberId, amountPence: paid }));
}

/**
 * Who paid after an edit: the payers given, or those before — one payer alone paid whatever the amount
 * becomes, but several must say again what each paid of a new amount.
 */
function payersAfterEdit(
  before: ExpenseEffect,
  given: Share[] | undefined,
  amountPence: number,
  members: Map<string, PotMember>,
): Share[] {
  if (before.paidFrom === 'pot') {
    if (given) throw invalid('The pot paid this expense: it has no payers.');
    return [];
  }
  if (!given && before.payers.length > 1 && amountPence !== before.amountPence)
    throw invalid('The amount changed: say how much each person paid of it.');
  const payers =
    given ??
    (before.payers.length === 1 ? [{ memberId: before.payers[0].memberId, amountPence }] : before.payers);
  return checkedPayers(payers, amountPence, members);
}

/** 'Ann', 'Ann and Ben', 'Ann, Ben and Cat' (for the feed). */
/**
 * Refuses to take back credit that members other than the caller agreed to (see `creditTakenBack`) unless the
 * caller owns the pot.
 */
function requireConsentToTakeBack(
  membership: Membership,
  effect: ExpenseEffect,
  members: ReadonlyMap<string, PotMember>,
  action: string,
): void {
  if (membership.role === 'owner') return;
  const credited = creditTakenBack(effect, membership.memberId);
  if (credited.length === 0) return;
  const names = namesOf(credited, (memberId) => members.get(memberId)?.name ?? 'a former member');
  throw ProblemError.of(
    409,
    'Ask the pot owner',
    `This expense is money owed to ${names}, as confirmed. Only the pot's owner can ${action} now.`,
  );
}

function namesOf(memberIds: string[], nameOf: (memberId: string) => string): string {
  const names = memberIds.map(nameOf);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** 'Ann Lee paid £100.00', or 'Ann Lee paid £60.00, Ben Hart £30.00 and Cat Moss £10.00' (for the feed). */
function whoPaid(payers: Share[], nameOf: (memberId: string) => string): string {
  const each = payers.map(
    ({ memberId, amountPence }, index) =>
      `${nameOf(memberId)}${index === 0 ? ' paid' : ''} ${formatPence(amountPence)}`,
  );
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each.join('');
}

function payerRows(payers: Share[]) {
  return payers.map((payer, position) => ({ ...payer, position }));
}

const amountsOf = (rows: { memberId: string; amountPence: bigint }[]): Share[] =>
  rows.map((row) => ({ memberId: row.memberId, amountPence: Number(row.amountPence) }));

function shareRows(split: SplitInput, shares: { memberId: string; amountPence: number }[]) {
  return shares.map((share, position) => ({
    memberId: share.memberId,
    amountPence: share.amountPence,
    inputValue: split.members[position]?.value ?? null,
    position,
  }));
}

/** The split an expense was recorded with, its bill included: an edit that leaves it alone keeps it. */
function splitOf(expense: ExpenseWithShares): SplitInput {
  const items = expense.splitMode === 'itemised' ? storedBill(expense.items) : undefined;
  return {
    mode: expense.splitMode as SplitInput['mode'],
    members: expense.shares.map((share) => ({
      memberId: share.memberId,
      value: share.inputValue ?? undefined,
    })),
    ...(items ? { items } : {}),
  };
}

function effectOf(expense: ExpenseWithShares): ExpenseEffect {
  return {
    paidFrom: expense.paidFrom === 'pot' ? 'pot' : 'member',
    payers: amountsOf(expense.payers),
    amountPence: Number(expense.amountPence),
    shares: amountsOf(expense.shares),
  };
}

function toExpense(row: ExpenseWithShares, { byMemberId: names, byUserId }: People): Expense {
  const bill = row.splitMode === 'itemised' ? storedBill(row.items) : undefined;
  return {
    id: row.id,
    potId: row.potId,
    description: row.description,
    amountPence: Number(row.amountPence),
    paidFrom: row.paidFrom === 'pot' ? 'pot' : 'member',
    payerMemberId: row.payerMemberId,
    payers: row.payers.map((payer) => ({
      memberId: payer.memberId,
      name: names.get(payer.memberId) ?? 'Former member',
      amountPence: Number(payer.amountPence),
    })),
    splitMode: row.splitMode as Expense['splitMode'],
    items: bill ? toBill(bill) : null,
    original: toOriginal(storedOriginal(row)),
    category: row.category as Expense['category'],
    shares: row.shares.map((share) => ({
      memberId: share.memberId,
      name: names.get(share.memberId) ?? 'Former member',
      amountPence: Number(share.amountPence),
    })),
    status: row.status as Expense['status'],
    awaitingMemberId: row.awaitingMemberId,
    createdBy: row.createdBy,
    createdByName: nameOf(byUserId, row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hasReceipt: row.receipt !== null,
    spentOn: spentOnOf(row),
    notes: row.notes,
  };
}

const SETTLED_SINCE = ' — after a payment was recorded, so who owes whom changed';

/** Whether a payment between members was recorded after the expense: changing it reopens settled debts. */
async function paidSince(tx: Tx, expense: { potId: string; createdAt: Date }): Promise<boolean> {
  const payments = await tx.settlement.count({
    where: { potId: expense.potId, status: 'confirmed', createdAt: { gt: expense.createdAt } },
  });
  return payments > 0;
}
