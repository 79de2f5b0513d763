import type { IssuingCaller, OnboardingStatus, SetCardStatusRequest, VirtualCard } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { OnboardingService, toVirtualCard } from '../accounts/onboarding.service';
import { PaymentAccountRepository } from '../accounts/payment-account.repository';
import { StripeAccounts } from '../accounts/stripe-accounts';
import { StripeCards } from './stripe-cards';
import { VirtualCardRepository } from './virtual-card.repository';

/**
 * The virtual card of a verified account with card issuing. Creating it twice returns the first: the
 * provider calls share idempotency keys and the row is inserted only once.
 */
@Injectable()
export class VirtualCardService {
  constructor(
    private readonly accounts: PaymentAccountRepository,
    private readonly cards: VirtualCardRepository,
    private readonly stripeAccounts: StripeAccounts,
    private readonly stripeCards: StripeCards,
    private readonly onboarding: OnboardingService,
  ) {}

  async create(caller: IssuingCaller): Promise<OnboardingStatus> {
    if (await this.cards.findByUserId(caller.userId)) return this.onboarding.status(caller);
    const account = await this.accounts.findByUserId(caller.userId);
    if (account?.kycStatus !== 'complete') {
      throw ProblemError.of(409, 'Account Setup Required', 'Complete your account verification first.');
    }
    if (account.cardIssuingCapability !== 'active') {
      throw ProblemError.of(
        422,
        'Card Issuing Not Available',
        'Your payment account cannot issue cards. Create a new account with card issuing.',
      );
    }
    const details = await this.stripeAccounts.retrieve(account.stripeAccountId);
    const cardholder = await this.stripeCards.createCardholder(
      account.stripeAccountId,
      caller.userId,
      details,
    );
    const card = await this.stripeCards.createCard(account.stripeAccountId, caller.userId, cardholder.id);
    await this.cards.insertIfAbsent(caller.userId, account.stripeAccountId, card);
    return this.onboarding.status(caller);
  }

  /** Freezes or unfreezes the caller's own card (the only one they can name). */
  async setStatus(caller: IssuingCaller, { status }: SetCardStatusRequest): Promise<VirtualCard> {
    const card = await this.cards.findByUserId(caller.userId);
    if (!card) throw ProblemError.of(404, 'Card not found', 'You have no virtual card yet.');
    if (card.status === 'canceled')
      throw ProblemError.of(409, 'Card canceled', 'This card can no longer be used.');
    const updated = await this.stripeCards.setStatus(card.stripeAccountId, card.stripeCardId, status);
    const row = await this.cards.recordStatus(caller.userId, card.stripeCardId, updated.status);
    if (!row) throw ProblemError.of(404, 'Card not found', 'You have no virtual card yet.');
    return toVirtualCard(row);
  }
}
