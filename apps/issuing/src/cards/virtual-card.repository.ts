import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';

import type { VirtualCard } from '../generated/prisma/client';
import { PrismaService } from '../prisma.service';

export type VirtualCardRow = VirtualCard;

@Injectable()
export class VirtualCardRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUserId(userId: string): Promise<VirtualCardRow | null> {
    return this.prisma.virtualCard.findUnique({ where: { userId } });
  }

  /**
   * Records the user's card unless they already have one (ON CONFLICT DO NOTHING), then reads it;
   * `inserted` says whether this call recorded it.
   */
  async insertIfAbsent(
    userId: string,
    stripeAccountId: string,
    card: Stripe.Issuing.Card,
  ): Promise<{ row: VirtualCardRow; inserted: boolean }> {
    const { count } = await this.prisma.virtualCard.createMany({
      data: [
        {
          userId,
          stripeAccountId,
          stripeCardholderId: card.cardholder.id,
          stripeCardId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          status: card.status,
        },
      ],
      skipDuplicates: true,
    });
    const row = await this.prisma.virtualCard.findUniqueOrThrow({ where: { userId } });
    return { row, inserted: count === 1 };
  }

  /** Records the provider's status of this card; null when the user has no such card. */
  async recordStatus(userId: string, stripeCardId: string, status: string): Promise<VirtualCardRow | null> {
    const { count } = await this.prisma.virtualCard.updateMany({
      where: { userId, stripeCardId },
      data: { status },
    });
    return count === 0 ? null : this.prisma.virtualCard.findUnique({ where: { userId } });
  }
}
