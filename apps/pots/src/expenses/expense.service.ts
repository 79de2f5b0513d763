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
  type UpdateExpenseCommand,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
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
import { confirmed, decisionData, mayDecide, nameOf, peopleOf, type RecordState } from '../core/confirmation';
import {
  expenseChange,
  type ExpenseEffect,
  mergeChanges,
  movePositions,
  NO_POSITION_CHANGE,
} from '../core/expense-effects';
import { enqueue } from '../core/outbox.repository';
import { type Membership, requireMember, requireOpenPot } from '../core/pot-access';
import { lockPot } from '../core/pot-rows.repository';
import { computeShares } from '../core/split';
import { dateColumn, spentOnOf } from '../core/uk-day';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import type { PotMember } from '../generated/prisma/client';
import { amountText, billColumns, checkAmounts, storedBill, storedOriginal } from './expense-bill';
import { describeExpenseChanges } from './expense-changes';
import { confirmersOf, expenseState, nextConfirmer } from './expense-consent';
import { amountsOf, effectOf, expenseNotFound, findEditableExpense, splitOf, toExpense } from './expense-records';
import { checkedPayers, payersAfterEdit, requireConsentToTakeBack, sharesFor } from './expense-rules';
import { namesOf, SETTLED_SINCE, whoPaid } from './expense-wording';
import {
  activeMembersById,
  changeableExpenseIn,
  expenseExists,
  expenseWithParts,
  insertExpense,
  listedExpenses,
  paidSince,
  rewriteExpense,
  undeletedExpenseIn,
  updateExpense,
} from './expenses.repository';

/** The refund's reason is the ledger's description of its reversal (at most this long). */
const REFUND_REASON_MAX = 200;
const invalid = (detail: string) => ProblemError.of(400, 'Invalid request', detail);

@Injectable()
export class ExpenseService {
  constructor(
    private readonly work: UnitOfWork,
    private readonly relay: OutboxRelay,
  ) {}

  /** A member-paid expense: bookkeeping only (a pot-paid one is `prepare`d, paid by payments, then recorded). */
  async create(command: CreateExpenseCommand): Promise<Expense> {
    const { potId, body } = command;
    // From the caller's Idempotency-Key: a repeat of the command finds the expense the first one made.
    const expenseId = expenseIdOf(command);
    if (await expenseExists(this.work.alone, expenseId))
      return this.getOne(potId, expenseId);
    if (body.paidFrom === 'pot') throw invalid('An expense paid from the pot is paid before it is recorded.');
    await this.work
      .transaction((tx) => this.record(tx, command, expenseId))
      .catch(madeByConcurrentDelivery);
    return this.getOne(potId, expenseId);
  }

  /**
   * A pot-paid expense before any money moves: the expense a repeat of the command finds, or what payments is
   * to pay, once everything recording it would refuse has been checked. Writes nothing.
   */
  async prepare(command: CreateExpenseCommand): Promise<PreparedExpense> {
    const expenseId = expenseIdOf(command);
    if (await expenseExists(this.work.alone, expenseId))
      return { expense: await this.getOne(command.potId, expenseId), payment: null };
    if (command.body.paidFrom !== 'pot') throw invalid('Only an expense paid from the pot is paid first.');
    await this.assess(this.work.alone, command);
    return { expense: null, payment: { expenseId, expense: command } };
  }

  /**
   * Records a pot-paid expense payments has paid: from the gateway at once and from payments' event, whichever
   * comes first. Never refused: the money has moved, so the record is the truth of what it paid for, whatever
   * changed since it was prepared (a member who left since keeps their share, which their leaving waits for).
   */
  async recordPaid(paid: PotExpensePaid): Promise<Expense> {
    const { caller, potId, body } = paid.expense;
    await this.work
      .transaction(async (tx) => {
        await lockPot(tx, potId);
        if (await expenseExists(tx, paid.expenseId)) return;
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
    await this.assess(this.work.alone, command);
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
    if (await expenseExists(tx, expenseId)) return;
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
    await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'confirm or decline expenses');
      await lockPot(tx, potId);
      const expense = await undeletedExpenseIn(tx, potId, expenseId);
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
          await updateExpense(tx, expenseId, { awaitingMemberId: next });
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
      await updateExpense(tx, expenseId, decisionData(decision, caller.userId));
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
    await requireMember(this.work.alone, potId, caller.userId);
    const [rows, people] = await Promise.all([listedExpenses(this.work.alone, potId), peopleOf(this.work.alone, potId)]);
    // By the day each was spent, newest first, then as entered; an expense from before days were kept
    // counts the UK day it was entered.
    return rows
      .map((row) => toExpense(row, people))
      .sort((a, b) => b.spentOn.localeCompare(a.spentOn));
  }

  /** One expense as `list` shows it: not found once deleted or declined, as it is then not listed. */
  async get({ caller, potId, expenseId }: ExpenseCommand): Promise<Expense> {
    await requireMember(this.work.alone, potId, caller.userId);
    const [row, people] = await Promise.all([
      changeableExpenseIn(this.work.alone, potId, expenseId),
      peopleOf(this.work.alone, potId),
    ]);
    if (!row) throw expenseNotFound();
    return toExpense(row, people);
  }

  async update({ caller, potId, expenseId, body }: UpdateExpenseCommand): Promise<Expense> {
    await this.work.transaction(async (tx) => {
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
      await rewriteExpense(
        tx,
        expenseId,
        {
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
        },
        { split, shares, payers },
      );
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
    await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'delete expenses');
      await lockPot(tx, potId);
      const current = await findEditableExpense(tx, potId, expenseId, caller.userId, membership);
      const effect = effectOf(current);
      if (current.status === 'confirmed') {
        requireConsentToTakeBack(membership, effect, await activeMembersById(tx, potId), 'delete it');
      }
      await updateExpense(tx, expenseId, { deletedAt: new Date() });
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
      await enqueue(tx, outboxMessage(PotsJobs.refundDue, refund));
    });
    this.relay.kick();
  }

  private async getOne(potId: string, expenseId: string): Promise<Expense> {
    const [row, people] = await Promise.all([
      expenseWithParts(this.work.alone, expenseId),
      peopleOf(this.work.alone, potId),
    ]);
    return toExpense(row, people);
  }
}

/** The expense's id, from the caller's Idempotency-Key (ADR 0011). */
const expenseIdOf = ({ caller, idempotencyKey }: CreateExpenseCommand) =>
  idFromIdempotencyKey('expense', caller.userId, idempotencyKey);
