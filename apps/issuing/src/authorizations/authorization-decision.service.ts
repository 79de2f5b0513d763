import {
  type AuthorizationDecision,
  type CardPaymentVerdict,
  type DecideAuthorizationCommand,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { Injectable } from '@nestjs/common';

import { CardAuthorizationRepository, type CardOwner, type Verdict } from './card-authorization.repository';
import { CardMoneyClient } from './card-money.client';

const declined = (reason: string): Verdict => ({ decision: 'declined', reason, potId: null, heldPence: 0 });

/** A purchase the pot's spending rule does not allow: the holder is told why, and where. */
function declinedByRule(
  reason: 'pot_rule_owner' | 'pot_rule_approval',
  potId: string | null,
  userId: string,
  command: DecideAuthorizationCommand,
  approvalAbovePence: number,
): Verdict {
  const why =
    reason === 'pot_rule_owner'
      ? "This pot's rules let only its owner spend from it."
      : `Card payments above ${formatPence(approvalAbovePence)} need a second member's approval first: ask for it on the pot's page.`;
  return {
    decision: 'declined',
    reason,
    potId,
    heldPence: 0,
    notice: {
      userId,
      title: `Card payment of ${formatPence(command.amountPence)} at ${command.merchantName} declined`,
      body: why,
    },
  };
}

/** What issuing records of payments' verdict, with the notice a rule's decline owes the cardholder. */
function recorded(verdict: CardPaymentVerdict, userId: string, command: DecideAuthorizationCommand): Verdict {
  if (verdict.decision === 'approved')
    return { decision: 'approved', reason: null, potId: verdict.potId, heldPence: verdict.heldPence };
  if (verdict.reason === 'pot_rule_owner' || verdict.reason === 'pot_rule_approval')
    return declinedByRule(verdict.reason, verdict.potId, userId, command, verdict.approvalAbovePence ?? 0);
  return { ...declined(verdict.reason), potId: verdict.potId };
}

/**
 * Stripe's real-time question "may this card pay A?" (decisions §7, §17): yes only for an active Kitty
 * card whose owner's active pot allows them to spend A and covers A. Issuing
 * knows the card; payments decides on the pot and holds A in one transaction (one call). Anything else,
 * including an error, is no; the first recorded answer is the answer to every redelivery. Stripe waits 2 s
 * for the answer, too short for a second member to approve a purchase above the pot's approval amount, so
 * that needs an approval given before, which payments uses up with the hold.
 */
@Injectable()
export class AuthorizationDecisionService {
  constructor(
    private readonly authorizations: CardAuthorizationRepository,
    private readonly money: CardMoneyClient,
  ) {}

  async decide(command: DecideAuthorizationCommand): Promise<AuthorizationDecision> {
    // The card's owner comes with the row: an event that names an account must name the card's own.
    const row = await this.authorizations.record(command);
    if (row.decision) return { approved: row.decision === 'approved' };
    const verdict = await this.verdict(command, row.owner);
    const decided = await this.authorizations.decideOnce(row.id, verdict);
    // A concurrent delivery recorded a decline first: its answer stands, so this hold (and the approval it
    // used) must not.
    if (verdict.decision === 'approved' && decided !== 'approved')
      await this.money.cancelHold(command.authorizationId, 'Card payment declined');
    return { approved: decided === 'approved' };
  }

  private async verdict(command: DecideAuthorizationCommand, card: CardOwner | null): Promise<Verdict> {
    if (!card) return declined('unknown_card');
    if (card.status !== 'active') return declined('card_inactive');
    if (command.currency !== 'gbp') return declined('currency');
    const paid = await this.money.authorize({
      authorizationId: command.authorizationId,
      userId: card.userId,
      amountPence: command.amountPence,
      description: command.merchantName,
    });
    return recorded(paid, card.userId, command);
  }
}
