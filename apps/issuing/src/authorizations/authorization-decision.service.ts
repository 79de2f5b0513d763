import type { AuthorizationDecision, DecideAuthorizationCommand } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

import { CardAuthorizationRepository, type CardOwner, type Verdict } from './card-authorization.repository';
import { CardMoneyClient } from './card-money.client';

const declined = (reason: string): Verdict => ({ decision: 'declined', reason, potId: null, heldPence: 0 });

/**
 * Stripe's real-time question "may this card pay A?" (decisions §7, §17): yes only for an active Kitty
 * card whose owner's active pot covers A, proven by placing the hold in the ledger. Anything else,
 * including an error, is no; the first recorded answer is the answer to every redelivery.
 */
@Injectable()
export class AuthorizationDecisionService {
  private readonly logger = new Logger(AuthorizationDecisionService.name);

  constructor(
    private readonly authorizations: CardAuthorizationRepository,
    private readonly money: CardMoneyClient,
  ) {}

  async decide(command: DecideAuthorizationCommand): Promise<AuthorizationDecision> {
    const card = await this.authorizations.findCard(command.cardId);
    // Card ids are unique across Stripe; an event that names an account must name the card's own.
    const owner =
      card && (command.account === null || command.account === card.stripeAccountId) ? card : null;
    const row = await this.authorizations.record(command, owner?.userId ?? null);
    if (row.decision) return { approved: row.decision === 'approved' };

    const verdict = await this.verdict(command, owner);
    const decided = await this.authorizations.decideOnce(row.id, verdict);
    if (verdict.decision === 'approved' && decided !== 'approved') {
      // A concurrent delivery recorded a decline first: its answer stands, so this hold must not.
      await this.money.cancelHold(command.authorizationId, 'Card payment declined');
    }
    return { approved: decided === 'approved' };
  }

  private async verdict(command: DecideAuthorizationCommand, card: CardOwner | null): Promise<Verdict> {
    if (!card) return declined('unknown_card');
    if (card.status !== 'active') return declined('card_inactive');
    if (command.currency !== 'gbp') return declined('currency');
    const potId = await this.money.activePotOf(card.userId);
    if (!potId) return declined('no_active_pot');
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
      if (error instanceof ProblemError && error.problem.status === 400)
        return declined('insufficient_funds');
      // 409: the hold was cancelled already (Stripe closed the authorisation); a decline is the only answer.
      if (error instanceof ProblemError && error.problem.status === 409) return declined('hold_cancelled');
      this.logger.error(`Hold for ${command.authorizationId} failed: ${String(error)}`);
      throw error;
    }
    return { decision: 'approved', reason: null, potId, heldPence: command.amountPence };
  }
}
