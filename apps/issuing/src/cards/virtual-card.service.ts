import type { CardCreation, CardStatusChange, IssuingCaller, IssuingCardView } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { type AccountState, cardNotReadyReason } from '../accounts/account-state';
import { toVirtualCard } from '../accounts/onboarding.service';
import { PaymentAccountRepository } from '../accounts/payment-account.repository';
import { StripeAccounts } from '../accounts/stripe-accounts';
import { StripeCards } from './stripe-cards';
import { VirtualCardRepository } from './virtual-card.repository';

const noCard = () => ProblemError.of(404, 'Card not found', 'You have no virtual card yet.');

/**
 * The caller's virtual card, on a verified account with card issuing. Only ever looked up by the caller's
 * own user id, so nobody can reach another user's card. Creating it twice returns the first: the provider
 * calls share idempotency keys and the row is inserted only once.
 */
@Injectable()
export class VirtualCardService {
  constructor(
    private readonly accounts: PaymentAccountRepository,
    private readonly cards: VirtualCardRepository,
    private readonly stripeAccounts: StripeAccounts,
    private readonly stripeCards: StripeCards,
  ) {}

  async create(caller: IssuingCaller): Promise<CardCreation> {
    const existing = await this.cards.findByUserId(caller.userId);
    if (existing) return { created: false, card: toVirtualCard(existing) };
    const account = await this.accounts.findByUserId(caller.userId);
    // Stripe's word decides, as last recorded from its account.updated: never an assumption that what was
    // sent will verify.
    if (account?.kycStatus === 'verifying' || account?.cardIssuingCapability === 'pending') {
      throw ProblemError.of(
        409,
        'Card not ready yet',
        cardNotReadyReason({ ...account, kycStatus: account.kycStatus as AccountState['kycStatus'] }) ??
          undefined,
      );
    }
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
    const { row, inserted } = await this.cards.insertIfAbsent(caller.userId, account.stripeAccountId, card);
    return { created: inserted, card: toVirtualCard(row) };
  }

  async current(caller: IssuingCaller): Promise<IssuingCardView> {
    const row = await this.cards.findByUserId(caller.userId);
    if (!row) throw noCard();
    return toVirtualCard(row);
  }

  /** Freezes or unfreezes the caller's card; asking for the status it already has changes nothing. */
  async setStatus(caller: IssuingCaller, { status }: CardStatusChange): Promise<IssuingCardView> {
    const card = await this.cards.findByUserId(caller.userId);
    if (!card) throw noCard();
    if (card.status === status) return toVirtualCard(card);
    if (card.status === 'canceled') {
      throw ProblemError.of(409, 'Card canceled', 'This card can no longer be used.');
    }
    const updated = await this.stripeCards.setStatus(card.stripeAccountId, card.stripeCardId, status);
    const row = await this.cards.recordStatus(caller.userId, card.stripeCardId, updated.status);
    if (!row) throw noCard();
    return toVirtualCard(row);
  }

  /**
   * The owner deleted their account: the card is cancelled at the issuer for good (a cancelled card cannot
   * be reactivated). The payment account and its identity checks stay with the issuer, which must keep them
   * (money-laundering rules); nothing of the person is stored here beyond the card's last four digits.
   */
  async cancelForDeletedUser(userId: string): Promise<void> {
    const card = await this.cards.findByUserId(userId);
    if (!card || card.status === 'canceled') return;
    const updated = await this.stripeCards.setStatus(card.stripeAccountId, card.stripeCardId, 'canceled');
    await this.cards.recordStatus(userId, card.stripeCardId, updated.status);
  }
}
