import { sqlIdentifier } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { AUTH_SCHEMA, PrismaService } from '../prisma.service';
import type { Tx } from '../users/user.repository';

const REFRESH_TOKENS = sqlIdentifier(AUTH_SCHEMA, 'refresh_tokens');

@Injectable()
export class RefreshTokenRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(tx: Tx, data: { familyId: string; userId: string; tokenHash: string; expiresAt: Date }) {
    return tx.refreshToken.create({ data });
  }

  /**
   * Marks a live token used and stores its sealed successor in one conditional statement: of two
   * concurrent refreshes with the same token, the second waits on the row lock, then finds it used and
   * updates nothing. True when this call consumed the token.
   */
  async consume(tx: Tx, tokenHash: string, successorSealed: string, usedAt: Date): Promise<boolean> {
    const updated = await tx.$executeRawUnsafe(
      `UPDATE ${REFRESH_TOKENS} SET used_at = $2, successor_sealed = $3
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2`,
      tokenHash,
      usedAt,
      successorSealed,
    );
    return updated === 1;
  }

  findByHash(tokenHash: string) {
    return this.prisma.refreshToken.findUnique({ where: { tokenHash } });
  }

  /** The ids of the user's sessions (token families) that are still live, but `except`. */
  async liveFamiliesOf(userId: string, except: string | null): Promise<string[]> {
    const rows = await this.prisma.refreshToken.findMany({
      where: {
        userId,
        revokedAt: null,
        expiresAt: { gt: new Date() },
        ...(except && { familyId: { not: except } }),
      },
      select: { familyId: true },
      distinct: ['familyId'],
    });
    return rows.map((row) => row.familyId);
  }

  revokeFamily(familyId: string) {
    return this.prisma.refreshToken.updateMany({
      where: { familyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
  }
}
