import { Injectable } from '@nestjs/common';

import { AUTH_SCHEMA, PrismaService } from '../prisma.service';
import type { Tx } from './user.repository';

interface ConsumedToken {
  family_id: string;
  user_id: string;
}

@Injectable()
export class RefreshTokenRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(tx: Tx, data: { familyId: string; userId: string; tokenHash: string; expiresAt: Date }) {
    return tx.refreshToken.create({ data });
  }

  /**
   * Marks a live token used in one statement, so two concurrent refreshes with the same token cannot
   * both succeed. Returns null when the token is unknown, used, revoked or expired.
   */
  async consume(tx: Tx, tokenHash: string): Promise<{ familyId: string; userId: string } | null> {
    const rows = await tx.$queryRawUnsafe<ConsumedToken[]>(
      `UPDATE "${AUTH_SCHEMA}"."refresh_tokens" SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING family_id, user_id`,
      tokenHash,
    );
    return rows[0] ? { familyId: rows[0].family_id, userId: rows[0].user_id } : null;
  }

  findByHash(tokenHash: string) {
    return this.prisma.refreshToken.findUnique({ where: { tokenHash } });
  }

  revokeFamily(familyId: string) {
    return this.prisma.refreshToken.updateMany({
      where: { familyId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
  }
}
