import { type CardPotChangedJob, PotAccessChangedJob, type SpendApprovalChangedJob } from '@kitty/contracts';
import { sqlIdentifier } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PAYMENTS_SCHEMA, PrismaService } from '../prisma.service';

/** A pot's access as pots last announced it. */
export type PotAccessSnapshot = PotAccessChangedJob;

/** Where payments reads who belongs to a pot (the projection; tests may hold it in memory). */
export interface PotAccessReader {
  find(potId: string): Promise<PotAccessSnapshot | null>;
}
export const POT_ACCESS_READER = Symbol('POT_ACCESS_READER');

const POT_ACCESS = sqlIdentifier(PAYMENTS_SCHEMA, 'pot_access');
const CARD_POTS = sqlIdentifier(PAYMENTS_SCHEMA, 'card_pots');
const CARD_SPEND_APPROVALS = sqlIdentifier(PAYMENTS_SCHEMA, 'card_spend_approvals');

/** The projection of pots' announcements: `pot_access`, `card_pots` and `card_spend_approvals`. */
@Injectable()
export class PotAccessRepository implements PotAccessReader {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Keeps the announcement unless the row already holds the same or a newer version (redeliveries and
   * announcements relayed out of order change nothing). True when it was kept.
   */
  async apply(snapshot: PotAccessSnapshot): Promise<boolean> {
    const kept = await this.prisma.$executeRawUnsafe(
      `INSERT INTO ${POT_ACCESS} (pot_id, version, name, is_active, rules, members, updated_at)
       VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6::jsonb, now())
       ON CONFLICT (pot_id) DO UPDATE SET version = EXCLUDED.version, name = EXCLUDED.name,
         is_active = EXCLUDED.is_active, rules = EXCLUDED.rules, members = EXCLUDED.members, updated_at = now()
       WHERE pot_access.version < EXCLUDED.version`,
      snapshot.potId,
      snapshot.version,
      snapshot.name,
      snapshot.isActive,
      JSON.stringify(snapshot.rules),
      JSON.stringify(snapshot.members),
    );
    return kept > 0;
  }

  /** The pot a user's card spends from, unless the row holds the same or a newer version. */
  async applyCardPot(snapshot: CardPotChangedJob): Promise<boolean> {
    const kept = await this.prisma.$executeRawUnsafe(
      `INSERT INTO ${CARD_POTS} (user_id, pot_id, version, updated_at)
       VALUES ($1::uuid, $2::uuid, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET pot_id = EXCLUDED.pot_id, version = EXCLUDED.version, updated_at = now()
       WHERE card_pots.version < EXCLUDED.version`,
      snapshot.userId,
      snapshot.potId,
      snapshot.version,
    );
    return kept > 0;
  }

  /**
   * An approval granted, or withdrawn: a withdrawal stands whichever of the two arrives first, and a
   * redelivery changes nothing. Its use is payments' own (`used_by`), never touched here.
   */
  async applySpendApproval(event: SpendApprovalChangedJob): Promise<void> {
    await this.prisma.$executeRawUnsafe(
      `INSERT INTO ${CARD_SPEND_APPROVALS} (id, pot_id, user_id, amount_pence, expires_at, withdrawn)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz, $6)
       ON CONFLICT (id) DO UPDATE SET withdrawn = card_spend_approvals.withdrawn OR EXCLUDED.withdrawn`,
      event.approvalId,
      event.potId,
      event.userId,
      event.amountPence,
      event.expiresAt,
      event.withdrawn,
    );
  }

  async find(potId: string): Promise<PotAccessSnapshot | null> {
    const row = await this.prisma.potAccess.findUnique({ where: { potId } });
    if (!row) return null;
    return PotAccessChangedJob.parse({
      potId: row.potId,
      version: Number(row.version),
      name: row.name,
      isActive: row.isActive,
      rules: row.rules,
      members: row.members,
    });
  }
}
