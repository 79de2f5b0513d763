import {
  type CancelRecurringExpenseCommand,
  type CreateExpenseCommand,
  type CreateExpenseRequest,
  type CreateRecurringExpenseCommand,
  MAX_RECURRING_PER_POT,
  MAX_RECURRING_START_DAYS_AHEAD,
  type PayExpenseFromPotCommand,
  type PotExpenseRefused,
  type PotsCaller,
  PotsJobs,
  type RecurringExpense,
  type RecurringExpensesQuery,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import {
  idFromIdempotencyKey,
  madeByConcurrentDelivery,
  outboxMessage,
  OutboxRelay,
  ProblemError,
} from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import { recordActivity } from '../core/activity';
import { formatDay } from '../core/describe-pot';
import { enqueue } from '../core/outbox.repository';
import { requireMember, requireOpenPot } from '../core/pot-access';
import { PotChangeNotices } from '../core/pot-change-notices';
import { calendarDay, dateColumn, ukToday } from '../core/uk-day';
import { UnitOfWork } from '../core/unit-of-work';
import { ExpenseService } from '../expenses/expense.service';
import type { RecurringExpense as RecurringRow } from '../generated/prisma/client';
import {
  authorOf,
  cancelRule,
  createRule,
  existingRule,
  latestRulesIn,
  lockedRuleIn,
  memberNamesByUser,
  moveRuleOn,
  ruleById,
  rulesDueBy,
  runningRulesIn,
  uncountPeriod,
} from './recurring-expenses.repository';
import { addDays, type CalendarDay, followingDue } from './schedule';

/** Periods one run records for one rule: a stack down for months catches up over a few runs, not at once. */
const CATCH_UP_PERIODS = 24;
/** Rules one run looks at; the rest are due again at the next run. */
const RULES_PER_RUN = 500;

const notFound = () => ProblemError.of(404, 'Recurring expense not found');

/**
 * Recurring expenses. A rule records its template as an ordinary expense of the member who
 * set it up on each due day; the expense's id derives from (rule, due day) and the due day only moves on by
 * compare-and-set, so each period is recorded exactly once whichever replica or run gets there.
 */
@Injectable()
export class RecurringExpenseService {
  private readonly logger = new Logger(RecurringExpenseService.name);

  constructor(
    private readonly work: UnitOfWork,
    private readonly expenses: ExpenseService,
    private readonly notices: PotChangeNotices,
    private readonly relay: OutboxRelay,
  ) {}

  async create(command: CreateRecurringExpenseCommand, today = ukToday()): Promise<RecurringExpense> {
    const { caller, potId, body } = command;
    const id = idFromIdempotencyKey('recurring-expense', caller.userId, command.idempotencyKey);
    const existing = await ruleById(this.work.alone, id);
    if (existing) return this.presentOne(existing, caller, potId);

    await requireMember(this.work.alone, potId, caller.userId);
    await requireOpenPot(this.work.alone, potId, 'add recurring expenses');
    if (body.startOn < today)
      throw ProblemError.of(400, 'Invalid request', 'The first date must be today or later.');
    if (body.startOn > addDays(today, MAX_RECURRING_START_DAYS_AHEAD))
      throw ProblemError.of(400, 'Invalid request', 'The first date must be within a year from today.');
    // The template must be an expense this member could add today (members, payers, split).
    await this.expenses.check(occurrence(caller, potId, body.expense, 'check'));
    const running = await runningRulesIn(this.work.alone, potId);
    if (running >= MAX_RECURRING_PER_POT)
      throw ProblemError.of(
        409,
        'Too many recurring expenses',
        `A pot can run ${MAX_RECURRING_PER_POT} recurring expenses at once: cancel one first.`,
      );

    await this.work
      .transaction(async (tx) => {
        await createRule(tx, {
          id,
          potId,
          createdByUserId: caller.userId,
          template: body.expense,
          description: body.expense.description,
          amountPence: body.expense.amountPence,
          frequency: body.frequency,
          startOn: dateColumn(body.startOn),
          endOn: body.endOn ? dateColumn(body.endOn) : null,
          nextDueOn: dateColumn(body.startOn),
        });
        await recordActivity(
          tx,
          potId,
          caller,
          'recurring.created',
          `${caller.name} set up "${body.expense.description}" (${formatPence(body.expense.amountPence)}) ` +
            `${body.frequency === 'weekly' ? 'every week' : 'every month'} from ${formatDay(body.startOn)}` +
            (body.endOn ? ` until ${formatDay(body.endOn)}` : ''),
        );
      })
      .catch(madeByConcurrentDelivery);
    // Due today: recorded now rather than at the schedule's next run.
    if (body.startOn <= today) await this.recordDue(id, today);
    return this.presentOne(await existingRule(this.work.alone, id), caller, potId);
  }

  /** The pot's rules, newest first: running, ended and cancelled. */
  async list({ caller, potId }: RecurringExpensesQuery): Promise<RecurringExpense[]> {
    const rows = await latestRulesIn(this.work.alone, potId);
    return this.present(rows, caller, potId);
  }

  /** Who set it up or the pot's owner ends it; cancelling twice answers the same. */
  async cancel({ caller, potId, recurringId }: CancelRecurringExpenseCommand): Promise<void> {
    await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      const rule = await lockedRuleIn(tx, potId, recurringId);
      if (!rule) throw notFound();
      if (rule.createdByUserId !== caller.userId && membership.role !== 'owner')
        throw ProblemError.of(403, 'Not allowed', 'Only who set it up or the pot owner can cancel it.');
      if (rule.cancelledAt) return;
      await cancelRule(tx, recurringId, caller.userId);
      await recordActivity(
        tx,
        potId,
        caller,
        'recurring.cancelled',
        `${caller.name} cancelled "${rule.description}" (recurring)`,
      );
    });
  }

  /** What the schedule runs: every rule due by today, each caught up to today. */
  async recordAllDue(today = ukToday()): Promise<number> {
    const due = await rulesDueBy(this.work.alone, today, RULES_PER_RUN);
    let recorded = 0;
    for (const { id, potId } of due) recorded += await this.recordDueAndTell(id, potId, today);
    return recorded;
  }

  /** `recordDue`, then the pot's open tabs are told (the schedule's runs are no command of theirs). */
  private async recordDueAndTell(id: string, potId: string, today: CalendarDay): Promise<number> {
    const recorded = await this.recordDue(id, today);
    await this.notices.tell(potId);
    return recorded;
  }

  /**
   * Records each period of one rule that is due by `today`, oldest first. A period its template cannot be
   * recorded for (the pot cannot pay it, a sharer left, the pot is archived) is skipped and says why; the
   * rule ends when the member who set it up has left. Anything else (the ledger unreachable) is thrown, and
   * the job's retry or the next run picks the same period up again.
   */
  async recordDue(id: string, today: CalendarDay): Promise<number> {
    let recorded = 0;
    for (let period = 0; period < CATCH_UP_PERIODS; period += 1) {
      const rule = await ruleById(this.work.alone, id);
      if (!rule?.nextDueOn || rule.cancelledAt || calendarDay(rule.nextDueOn) > today) break;
      const due = calendarDay(rule.nextDueOn);
      const author = await authorOf(this.work.alone, rule);
      if (!author?.userId || author.removedAt) {
        await this.moveOn(rule, due, null, `${author?.name ?? 'Who set it up'} left the pot, so it ended.`);
        break;
      }
      const caller: PotsCaller = { userId: author.userId, name: author.name, email: author.email };
      // Each period's expense is dated the day it fell due, also when caught up later.
      const command = occurrence(
        caller,
        rule.potId,
        { ...(rule.template as CreateExpenseRequest), spentOn: due },
        `${rule.id}:${due}`,
      );
      const { problem, payment } = await this.occur(command).then(
        (toPay) => ({ problem: null, payment: toPay }),
        (error: unknown) => {
          if (error instanceof ProblemError && error.problem.status < 500)
            return { problem: notAdded(due, error.problem.detail ?? error.problem.title), payment: null };
          throw error;
        },
      );
      const next = followingDue(due, {
        startOn: calendarDay(rule.startOn),
        endOn: rule.endOn ? calendarDay(rule.endOn) : null,
        frequency: rule.frequency === 'weekly' ? 'weekly' : 'monthly',
      });
      if (await this.moveOn(rule, due, next, problem, payment)) {
        if (problem) {
          this.logger.warn(`Recurring expense ${rule.id} skipped ${due}: ${problem}`);
          await this.work.transaction((tx) =>
            recordActivity(
              tx,
              rule.potId,
              caller,
              'recurring.skipped',
              `"${rule.description}" (recurring): ${problem}`,
            ),
          );
        } else recorded += 1;
      }
    }
    return recorded;
  }

  /**
   * One period's expense: a member-paid one is recorded now; a pot-paid one is checked, and what payments is
   * to pay for it returned (null when a run before this one already had it recorded).
   */
  private async occur(command: CreateExpenseCommand): Promise<PayExpenseFromPotCommand | null> {
    if (command.body.paidFrom === 'member') {
      await this.expenses.create(command);
      return null;
    }
    return (await this.expenses.prepare(command)).payment;
  }

  /**
   * Moves the rule from `due` to `next` if no one has yet: the compare-and-set that makes a period once. A
   * pot-paid period's payment is asked of payments in the same transaction, so it is asked exactly once.
   */
  private async moveOn(
    rule: RecurringRow,
    due: CalendarDay,
    next: CalendarDay | null,
    problem: string | null,
    payment: PayExpenseFromPotCommand | null = null,
  ) {
    const moved = await this.work.transaction(async (tx) => {
      const movedOn = await moveRuleOn(tx, rule.id, due, next, problem);
      if (movedOn && payment) await enqueue(tx, outboxMessage(PotsJobs.expensePaymentDue, payment));
      return movedOn;
    });
    if (moved && payment) this.relay.kick();
    return moved;
  }

  /**
   * Payments could not pay a period's pot-paid expense (the pot was short): that period is not counted after
   * all, and the rule and the pot's feed say why. Once per period, however often the refusal is delivered.
   */
  async noteRefused(refused: PotExpenseRefused): Promise<void> {
    const period = occurrenceOf(refused.expense.idempotencyKey);
    if (!period) return;
    const problem = notAdded(period.due, refused.detail);
    await this.work.transaction(async (tx) => {
      const rule = await ruleById(tx, period.ruleId);
      if (!rule) return;
      if (!(await uncountPeriod(tx, rule.id, problem))) return;
      await recordActivity(
        tx,
        rule.potId,
        refused.expense.caller,
        'recurring.skipped',
        `"${rule.description}" (recurring): ${problem}`,
      );
    });
    await this.notices.tell(refused.expense.potId);
  }

  private async presentOne(row: RecurringRow, caller: PotsCaller, potId: string): Promise<RecurringExpense> {
    if (row.potId !== potId) throw notFound();
    const [presented] = await this.present([row], caller, potId);
    return presented;
  }

  /** Rules as their pot's members see them (the caller must be one). */
  private async present(
    rows: RecurringRow[],
    caller: PotsCaller,
    potId: string,
  ): Promise<RecurringExpense[]> {
    const membership = await requireMember(this.work.alone, potId, caller.userId);
    const names = new Map(
      (await memberNamesByUser(this.work.alone, potId)).map((member) => [member.userId, member.name]),
    );
    return rows.map((row) => {
      const template = row.template as CreateExpenseRequest;
      const running = !row.cancelledAt && row.nextDueOn !== null;
      return {
        id: row.id,
        potId: row.potId,
        description: row.description,
        amountPence: Number(row.amountPence),
        category: template.category,
        paidFrom: template.paidFrom,
        frequency: row.frequency === 'weekly' ? 'weekly' : 'monthly',
        startOn: calendarDay(row.startOn),
        endOn: row.endOn ? calendarDay(row.endOn) : null,
        nextDueOn: row.nextDueOn ? calendarDay(row.nextDueOn) : null,
        occurrences: row.occurrences,
        lastProblem: row.lastProblem,
        createdByName: names.get(row.createdByUserId) ?? 'A former member',
        youMayCancel: running && (row.createdByUserId === caller.userId || membership.role === 'owner'),
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }
}

/** One occurrence of a template, as the member who set it up adds it; its key makes each period one expense. */
const occurrence = (
  caller: PotsCaller,
  potId: string,
  body: CreateExpenseRequest,
  periodKey: string,
): CreateExpenseCommand => ({ caller, potId, body, idempotencyKey: `recurring:${periodKey}` });

/** The rule and period an occurrence's key names (`occurrence`'s key read back), or null for any other key. */
function occurrenceOf(idempotencyKey: string): { ruleId: string; due: CalendarDay } | null {
  const match = /^recurring:([0-9a-f-]{36}):(\d{4}-\d{2}-\d{2})$/.exec(idempotencyKey);
  return match ? { ruleId: match[1], due: match[2] } : null;
}

const notAdded = (due: CalendarDay, reason: string) => `Not added on ${formatDay(due)}: ${reason}`;
