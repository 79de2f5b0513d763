import { Injectable } from '@nestjs/common';

import type { Tx } from './user.repository';

@Injectable()
export class EmailVerificationTokenRepository {
  create(tx: Tx, data: { userId: string; tokenHash: string; expiresAt: Date }) {
    return tx.emailVerificationToken.create({ data });
  }

  /**
   * Uses a live token in one conditional statement (of two concurrent uses only one updates the row).
   * The user id when this call used it, null when the token is unknown, used or expired.
   */
  async use(tx: Tx, tokenHash: string, now: Date): Promise<string | null> {
    const token = await tx.emailVerificationToken.findUnique({ where: { tokenHash } });
    if (!token) return null;
    const used = await tx.emailVerificationToken.updateMany({
      where: { id: token.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return used.count === 1 ? token.userId : null;
  }

  /** Creation times of the user's links sent since `since`, oldest first. */
  async sentSince(tx: Tx, userId: string, since: Date): Promise<Date[]> {
    const rows = await tx.emailVerificationToken.findMany({
      where: { userId, createdAt: { gt: since } },
      select: { createdAt: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => row.createdAt);
  }
}
