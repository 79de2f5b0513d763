import { STRIPE_CLIENT } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';

import { callStripe } from '../accounts/stripe-accounts';

const FAILED = 'Failed to create virtual card';

/** Issuing on the user's connected account: the calls carry `Stripe-Account`. */
@Injectable()
export class StripeCards {
  private readonly logger = new Logger(StripeCards.name);

  constructor(@Inject(STRIPE_CLIENT) private readonly stripe: Stripe) {}

  /** The account's individual becomes the cardholder; one per account (idempotency key). */
  createCardholder(
    accountId: string,
    userId: string,
    account: Stripe.Account,
  ): Promise<Stripe.Issuing.Cardholder> {
    const person = account.individual;
    const address = person?.address;
    const name = [person?.first_name, person?.last_name].filter(Boolean).join(' ');
    return callStripe(FAILED, this.logger, () =>
      this.stripe.issuing.cardholders.create(
        {
          type: 'individual',
          name,
          phone_number: person?.phone ?? undefined,
          billing: {
            address: {
              line1: address?.line1 ?? '',
              city: address?.city ?? '',
              postal_code: address?.postal_code ?? '',
              country: address?.country ?? 'GB',
            },
          },
          individual: {
            first_name: person?.first_name ?? undefined,
            last_name: person?.last_name ?? undefined,
          },
          metadata: { userId },
        },
        { stripeAccount: accountId, idempotencyKey: `issuing.cardholder:${userId}:${accountId}` },
      ),
    );
  }

  /** An active virtual card in pounds; one per account (idempotency key). */
  createCard(accountId: string, userId: string, cardholderId: string): Promise<Stripe.Issuing.Card> {
    return callStripe(FAILED, this.logger, () =>
      this.stripe.issuing.cards.create(
        {
          cardholder: cardholderId,
          currency: 'gbp',
          type: 'virtual',
          status: 'active',
          metadata: { userId },
        },
        { stripeAccount: accountId, idempotencyKey: `issuing.card:${userId}:${accountId}` },
      ),
    );
  }

  setStatus(
    accountId: string,
    cardId: string,
    status: 'active' | 'inactive' | 'canceled',
  ): Promise<Stripe.Issuing.Card> {
    return callStripe('Failed to update card', this.logger, () =>
      this.stripe.issuing.cards.update(cardId, { status }, { stripeAccount: accountId }),
    );
  }
}
