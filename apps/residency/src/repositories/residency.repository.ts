import { Injectable } from '@nestjs/common';

import { PrismaService, RESIDENCY_SCHEMA } from '../prisma.service';

export interface ResidencyObservation {
  userId: string;
  countryCode: string | null;
  isUkResident: boolean;
  detectedAt: Date;
}

@Injectable()
export class ResidencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByUserId(userId: string) {
    return this.prisma.residency.findUnique({ where: { userId } });
  }

  /**
   * Inserts or replaces the user's residency in one statement. Jobs run in no guaranteed order (retries,
   * several workers), so the WHERE on detected_at turns an observation older than the stored one into a
   * no-op instead of letting it overwrite a newer answer. Returns whether the observation was stored.
   */
  async record({ userId, countryCode, isUkResident, detectedAt }: ResidencyObservation): Promise<boolean> {
    const stored = await this.prisma.$executeRawUnsafe(
      `INSERT INTO "${RESIDENCY_SCHEMA}"."residencies" AS current
              (user_id, country_code, is_uk_resident, detected_at, detection_method, updated_at)
       VALUES ($1::uuid, $2, $3, $4::timestamptz, 'ip_address', now())
       ON CONFLICT (user_id) DO UPDATE
          SET country_code = EXCLUDED.country_code,
              is_uk_resident = EXCLUDED.is_uk_resident,
              detected_at = EXCLUDED.detected_at,
              detection_method = EXCLUDED.detection_method,
              updated_at = now()
        WHERE current.detected_at < EXCLUDED.detected_at`,
      userId,
      countryCode,
      isUkResident,
      detectedAt,
    );
    return stored === 1;
  }
}
