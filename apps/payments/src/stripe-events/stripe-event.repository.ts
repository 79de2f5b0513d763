import { Injectable } from '@nestjs/common';

import { PrismaService, type Tx } from '../prisma.service';

/** What stripe_events records of an event: its id, which makes it once, and its type. */
export interface StripeEventRef {
  id: string;
  type: string;
}

/** The events payments has acted on (`stripe_events`), and who a withdrawal's event concerns. */
@Injectable()
export class StripeEventRepository {
  constructor(private readonly prisma: PrismaService) {}

  async wasHandled(eventId: string): Promise<boolean> {
    const seen = await this.prisma.$queryRawUnsafe<unknown[]>(
      `SELECT 1 FROM stripe_events WHERE id = $1`,
      eventId,
    );
    return seen.length > 0;
  }

  /** Records the event in the transaction of its effect; false when another delivery already did. */
  async recordOnce(tx: Tx, event: StripeEventRef): Promise<boolean> {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      event.id,
      event.type,
    );
    return inserted > 0;
  }

  async withdrawalOwner(withdrawalId: string): Promise<string | null> {
    const [row] = await this.prisma.$queryRawUnsafe<{ user_id: string }[]>(
      `SELECT user_id::text FROM withdrawals WHERE id = $1::uuid`,
      withdrawalId,
    );
    return row?.user_id ?? null;
  }
}
