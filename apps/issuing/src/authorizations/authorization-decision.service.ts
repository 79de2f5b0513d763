import {
  type AuthorizationDecision,
  type CardSpending,
  type DecideAuthorizationCommand,
  potRuleAllows,
  ProblemCodes,
} from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { hasProblemCode, ProblemError } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import { CardAuthorizationRepository, type CardOwner, type Verdict } from './card-authorization.repository';
import { CardMoneyClient } from './card-money.client';
import { CardOwners } from './card-owners';

const declined = (reason: string): Verdict => ({ decision: 'declined', reason, potId: null, heldPence: 0 });

/** A purchase the pot's spending rule does not allow (issue 13 §4): the holder is told why, and where. */
function declinedByRule(
  reason: 'pot_rule_owner' | 'pot_rule_approval',
  potId: string,
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

/**
 * Stripe's real-time question "may this card pay A?" (decisions §7, §17): yes only for an active Kitty
 * card whose owner's active pot allows them to spend A (its spending rule, issue 13 §4) and covers A,
 * proven by placing the hold in the ledger. Anything else, including an error, is no; the first recorded
 * answer is the answer to every redelivery. Stripe waits 2 s for the answer, too short for a second member
 * to approve a purchase above the pot's approval amount, so that needs an approval given before: one is
 * used up by the purchase (and freed again if the purchase is declined after all).
 */
@Injectable()
export class AuthorizationDecisionService {
  private readonly logger = new Logger(AuthorizationDecisionService.name);
  private readonly cardOwners = new CardOwners();

  constructor(
    private readonly authorizations: CardAuthorizationRepository,
    private readonly money: CardMoneyClient,
  ) {}

  async decide(command: DecideAuthorizationCommand): Promise<AuthorizationDecision> {
    // A card seen before: its owner's spending is asked for while the authorisation is recorded, which
    // takes a round trip off the answer Stripe waits for (issue 15 §2).
    const guessedOwner = this.cardOwners.ownerOf(command.cardId, command.account);
    const early = guessedOwner ? this.money.spendingOf(guessedOwner) : null;
    // Not awaited when the row holds an answer already, or the guess proves wrong: never unhandled.
    early?.catch(() => undefined);
    // The card's owner comes with the row: an event that names an account must name the card's own.
    const row = await this.authorizations.record(command);
    if (row.decision) return { approved: row.decision === 'approved' };
    if (row.owner) this.cardOwners.remember(command.cardId, command.account, row.owner.userId);

    const spendingOf = (userId: string) =>
      early && userId === guessedOwner ? early : this.money.spendingOf(userId);
    const verdict = await this.verdict(command, row.owner, spendingOf);
    const decided = await this.authorizations.decideOnce(row.id, verdict);
    if (verdict.decision === 'approved' && decided !== 'approved') {
      // A concurrent delivery recorded a decline first: its answer stands, so this hold must not.
      await this.money.cancelHold(command.authorizationId, 'Card payment declined');
      if (verdict.usedApproval) await this.money.releaseSpendApproval(command.authorizationId);
    }
    return { approved: decided === 'approved' };
  }

  private async verdict(
    command: DecideAuthorizationCommand,
    card: CardOwner | null,
    spendingOf: (userId: string) => Promise<CardSpending>,
  ): Promise<Verdict> {
    if (!card) return declined('unknown_card');
    if (card.status !== 'active') return declined('card_inactive');
    if (command.currency !== 'gbp') return declined('currency');
    // The active pot and its rule in one call.
    const spending = await spendingOf(card.userId);
    const { potId } = spending;
    if (!potId || !spending.role || !spending.spendRule) return declined('no_active_pot');
    const limit = spending.approvalAbovePence ?? 0;
    const allowed = potRuleAllows(spending.spendRule, spending.role, command.amountPence, limit);
    if (allowed === 'no') return declinedByRule('pot_rule_owner', potId, card.userId, command, limit);
    const usedApproval =
      allowed === 'approval' &&
      (
        await this.money.useSpendApproval({
          userId: card.userId,
          potId,
          amountPence: command.amountPence,
          authorizationId: command.authorizationId,
        })
      ).approved;
    if (allowed === 'approval' && !usedApproval)
      return declinedByRule('pot_rule_approval', potId, card.userId, command, limit);
    // A zero-amount authorisation (a card check) holds nothing.
    if (command.amountPence === 0) return { decision: 'approved', reason: null, potId, heldPence: 0 };
    try {
      await this.money.placeHold({
        authorizationId: command.authorizationId,
        potId,
        userId: card.userId,
        amountPence: command.amountPence,
        description: command.merchantName,
      });
    } catch (error) {
      if (usedApproval) await this.money.releaseSpendApproval(command.authorizationId);
      if (hasProblemCode(error, ProblemCodes.insufficientFunds)) return declined('insufficient_funds');
      // 409: the hold was cancelled already (Stripe closed the authorisation); a decline is the only answer.
      if (error instanceof ProblemError && error.problem.status === 409) return declined('hold_cancelled');
      this.logger.error(`Hold for ${command.authorizationId} failed: ${String(error)}`);
      throw error;
    }
    return { decision: 'approved', reason: null, potId, heldPence: command.amountPence, usedApproval };
  }
}
