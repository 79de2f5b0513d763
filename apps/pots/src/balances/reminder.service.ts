import {
  ALREADY_REMINDED_TITLE,
  NotificationsJobs,
  type Problem,
  remindAgainTomorrow,
  type RemindCommand,
  type ReminderSent,
} from '@kitty/contracts';
import { formatPence, type Transfer } from '@kitty/money';
import { EmailQuota, outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { POTS_CONFIG, type PotsConfig } from '../config';
import { recordActivity } from '../core/activity';
import { enqueue } from '../core/outbox.repository';
import { type Membership, requireMember, requireOpenPot } from '../core/pot-access';
import { currentSettlePlan } from '../core/settle-plan';
import { type Tx, UnitOfWork } from '../core/unit-of-work';
import {
  currentMembersWithAddress,
  insertTodaysReminder,
  potName,
  showRemindedToday,
} from './reminders.repository';

const notInPlan = () =>
  ProblemError.of(404, 'Payment not found', "This payment is not in the pot's settle-up plan.");

/**
 * Who may press 'Remind': the person who is owed, or the pot's owner — never the debtor, and not any other
 * member. The one owed has the standing to ask for their money; the owner runs the group and cannot close
 * the pot until everyone has settled up, so chasing the last debts is theirs to do as well. Letting any
 * member nudge anyone would have bystanders e-mailing people about debts that are not theirs.
 */
export function mayRemind(membership: Pick<Membership, 'memberId' | 'role'>, transfer: Transfer): boolean {
  if (membership.memberId === transfer.from) return false;
  return membership.memberId === transfer.to || membership.role === 'owner';
}

/** A 429 that says when to try again; the gateway sends `retryAfterSeconds` as Retry-After. */
function alreadyReminded(debtorName: string, retryAfterSeconds: number): ProblemError {
  const problem: Problem & { retryAfterSeconds: number } = {
    type: 'about:blank',
    status: 429,
    title: ALREADY_REMINDED_TITLE,
    detail: remindAgainTomorrow(debtorName),
    retryAfterSeconds,
  };
  return new ProblemError(problem);
}

/**
 * 'Remind' on a transfer of the settle-up plan: e-mails the debtor through the outbox, at most once per
 * UK day for each (pot, debtor, creditor), within the e-mail allowance of the caller and of the debtor's
 * address (EmailQuota). The limit is the primary key of `pot_reminders`:
 * concurrent clicks on any replica race to insert the day's row; the losers wait for the winner's commit
 * and insert nothing, so exactly one transaction writes the e-mail.
 */
@Injectable()
export class ReminderService {
  constructor(
    private readonly work: UnitOfWork,
    private readonly outbox: OutboxRelay,
    private readonly quota: EmailQuota,
    @Inject(POTS_CONFIG) private readonly config: Pick<PotsConfig, 'PUBLIC_URL'>,
  ) {}

  async remind({ caller, potId, body }: RemindCommand): Promise<ReminderSent> {
    const sent = await this.work.transaction(async (tx) => {
      const membership = await requireMember(tx, potId, caller.userId);
      await requireOpenPot(tx, potId, 'send reminders');
      const pot = await potName(tx, potId);
      const transfer = (await currentSettlePlan(tx, potId)).find(
        ({ from, to }) => from === body.fromMemberId && to === body.toMemberId,
      );
      if (!transfer) throw notInPlan();
      const people = await currentMembersWithAddress(tx, potId, [transfer.from, transfer.to]);
      const debtor = people.find(({ id }) => id === transfer.from);
      const creditor = people.find(({ id }) => id === transfer.to);
      if (!debtor || !creditor) throw notInPlan();
      if (!mayRemind(membership, transfer)) {
        throw ProblemError.of(
          403,
          'Not allowed',
          membership.memberId === debtor.id
            ? 'You cannot remind yourself.'
            : `Only ${creditor.name} or the pot's owner can remind ${debtor.name}.`,
        );
      }
      // An account's address is erased with the account: a former member is never e-mailed.
      if (debtor.userId && !debtor.email) {
        throw ProblemError.of(
          409,
          'Former member',
          'This person has deleted their Kitty account, so Kitty cannot remind them.',
        );
      }
      // A guest given without an e-mail has nowhere to be reminded.
      if (!debtor.email) {
        throw ProblemError.of(
          409,
          'No e-mail to remind',
          `${debtor.name} is a guest without an e-mail, so Kitty cannot remind them. Remind them yourself.`,
        );
      }
      const day = await this.takeTodaysReminder(tx, potId, transfer, caller.userId, debtor.name);
      // A reminder is an e-mail to someone else's address, so it spends the caller's daily allowance and the
      // debtor's like an invitation does. Taken after today's row, so a repeated click spends nothing; a
      // refusal rolls the row back, so the debt can still be reminded once there is room.
      await this.quota.reserve(caller, [debtor.email]);
      await showRemindedToday(tx, potId, day, transfer);

      const amount = formatPence(transfer.amountPence);
      await enqueue(
        tx,
        outboxMessage(NotificationsJobs.sendEmail, {
          template: 'pot-reminder',
          to: debtor.email,
          data: {
            debtorName: debtor.name,
            reminderName: caller.name,
            creditorName: creditor.name,
            amount,
            potName: pot.name,
            potUrl: new URL(`/pot/${potId}`, this.config.PUBLIC_URL).toString(),
          },
        }),
      );
      await recordActivity(
        tx,
        potId,
        caller,
        'plan.reminded',
        `${caller.name} reminded ${debtor.name} to pay ${creditor.name} ${amount}`,
      );
      return {
        fromMemberId: transfer.from,
        toMemberId: transfer.to,
        debtorName: debtor.name,
        amountPence: transfer.amountPence,
      };
    });
    this.outbox.kick();
    return sent;
  }

  /**
   * Inserts today's row for the transfer and returns the UK day (YYYY-MM-DD), or throws the 429 when
   * someone already reminded today.
   */
  private async takeTodaysReminder(
    tx: Tx,
    potId: string,
    transfer: Transfer,
    remindedBy: string,
    debtorName: string,
  ): Promise<string> {
    const outcome = await insertTodaysReminder(tx, potId, transfer, remindedBy);
    if (!outcome.inserted) throw alreadyReminded(debtorName, Math.max(1, outcome.seconds_left));
    return outcome.day;
  }
}
