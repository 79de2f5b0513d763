import type { Tx } from '../users/user.repository';

/** The part of a Prisma model delegate a single-use link token table needs (both token tables match it). */
interface LinkTokenTable {
  create(args: { data: { userId: string; tokenHash: string; expiresAt: Date } }): PromiseLike<unknown>;
  findUnique(args: { where: { tokenHash: string } }): PromiseLike<{ id: string; userId: string } | null>;
  updateMany(args: {
    where: { id: string; usedAt: null; expiresAt: { gt: Date } } | { userId: string; usedAt: null };
    data: { usedAt: Date };
  }): PromiseLike<{ count: number }>;
  findMany(args: {
    where: { userId: string; createdAt: { gt: Date } };
    select: { createdAt: true };
    orderBy: { createdAt: 'asc' };
  }): PromiseLike<{ createdAt: Date }[]>;
}

/**
 * A table of e-mailed single-use links (e-mail verification, password reset): only the SHA-256 of each
 * token is stored; a token is used once, before it expires.
 */
export abstract class LinkTokenRepository {
  protected abstract table(tx: Tx): LinkTokenTable;

  create(tx: Tx, data: { userId: string; tokenHash: string; expiresAt: Date }) {
    return this.table(tx).create({ data });
  }

  /**
   * Uses a live token in one conditional statement (of two concurrent uses only one updates the row).
   * The user id when this call used it, null when the token is unknown, used or expired.
   */
  async use(tx: Tx, tokenHash: string, now: Date): Promise<string | null> {
    const token = await this.table(tx).findUnique({ where: { tokenHash } });
    if (!token) return null;
    const used = await this.table(tx).updateMany({
      where: { id: token.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return used.count === 1 ? token.userId : null;
  }

  /**
   * Marks every unused link of the user used: a link proves one thing once, and a newer link followed or
   * a password set makes the older copies lying in the inbox worthless.
   */
  async retireAllOf(tx: Tx, userId: string, now: Date): Promise<void> {
    await this.table(tx).updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  /** Creation times of the user's links sent since `since`, oldest first. */
  async sentSince(tx: Tx, userId: string, since: Date): Promise<Date[]> {
    const rows = await this.table(tx).findMany({
      where: { userId, createdAt: { gt: since } },
      select: { createdAt: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((row) => row.createdAt);
  }
}
