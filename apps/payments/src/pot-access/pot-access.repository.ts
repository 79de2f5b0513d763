import { PotAccessChangedJob } from '@kitty/contracts';
import { Injectable } from '@nestjs/common';

import { PAYMENTS_SCHEMA, PrismaService } from '../prisma.service';

/** A pot's access as pots last announced it. */
export type PotAccessSnapshot = PotAccessChangedJob;

/** Where payments reads who belongs to a pot (the projection; tests may hold it in memory). */
export interface PotAccessReader {
  find(potId: string): Promise<PotAccessSnapshot | null>;
}
export const POT_ACCESS_READER = Symbol('POT_ACCESS_READER');

/** The `pot_access` projection of pots' announcements. */
@Injectable()
export class PotAccessRepository implements PotAccessReader {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Keeps the announcement unless the row already holds the same or a newer version (redeliveries and
   * announcements relayed out of order change nothing). True when it was kept.
   */
  async apply(snapshot: PotAccessSnapshot): Promise<boolean> {
    const kept = await this.prisma.$executeRawUnsafe(
      `INSERT INTO "${PAYMENTS_SCHEMA}"."pot_access" (pot_id, version, name, is_active, rules, members, updated_at)
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
