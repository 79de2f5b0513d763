import type { Me, ResidencyChangedJob, ResidencyMethod } from '@kitty/contracts';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import { toAuthUser } from '../users/user.repository';

interface MeRow {
  id: string;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  countryCode: string | null;
  isUkResident: boolean | null;
  detectedAt: Date | null;
  method: ResidencyMethod | null;
}

/**
 * Auth's copy of each user's residency (`residency.changed`; the residency service is the authority), so
 * the signed-in user and their residency are one read (`GET /api/me` needs no call to the residency service).
 */
@Injectable()
export class ResidencyCopyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Applies a change only when it is newer than the copy (events may arrive out of order or twice), and
   * only for a user who still has an account: a deleted account keeps no residency here.
   */
  async apply(change: ResidencyChangedJob): Promise<boolean> {
    const applied = await this.prisma.$executeRaw`
      INSERT INTO user_residencies AS copy (user_id, country_code, is_uk_resident, detected_at, method, version)
      SELECT id, ${change.countryCode}, ${change.isUkResident}, ${change.detectedAt}::timestamptz,
             ${change.method}, ${change.version}
        FROM users WHERE id = ${change.userId}::uuid AND deleted_at IS NULL
      ON CONFLICT (user_id) DO UPDATE
         SET country_code = EXCLUDED.country_code, is_uk_resident = EXCLUDED.is_uk_resident,
             detected_at = EXCLUDED.detected_at, method = EXCLUDED.method, version = EXCLUDED.version
       WHERE copy.version < EXCLUDED.version`;
    return applied === 1;
  }

  /**
   * The user with their residency (null while none is known); null when there is no such user. Every
   * `GET /api/me` reads it: past Prisma's query path.
   */
  async meOf(userId: string): Promise<Me | null> {
    const [row] = await this.prisma.directRows<MeRow>(
      `SELECT u.id, u.email, u.full_name AS "fullName", u.email_verified_at AS "emailVerifiedAt",
              r.country_code AS "countryCode", r.is_uk_resident AS "isUkResident", r.detected_at AS "detectedAt",
              r.method
         FROM users u LEFT JOIN user_residencies r ON r.user_id = u.id
        WHERE u.id = $1::uuid`,
      userId,
    );
    if (!row) return null;
    const { countryCode, isUkResident, detectedAt, method, ...user } = row;
    return {
      ...toAuthUser(user),
      residency:
        detectedAt && method && isUkResident !== null
          ? { countryCode, isUkResident, detectedAt: detectedAt.toISOString(), method }
          : null,
    };
  }
}
