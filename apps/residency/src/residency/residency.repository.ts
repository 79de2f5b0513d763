import { type ResidencyChangedJob, ResidencyJobs, type ResidencyMethod } from '@kitty/contracts';
import { outboxMessage, sqlIdentifier } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService, RESIDENCY_SCHEMA } from '../prisma.service';

export interface ResidencyObservation {
  userId: string;
  countryCode: string | null;
  isUkResident: boolean;
  detectedAt: Date;
  method: ResidencyMethod;
}

/** What the read of a user's residency needs. */
export interface StoredResidency {
  countryCode: string | null;
  isUkResident: boolean;
  detectedAt: Date;
  detectionMethod: ResidencyMethod;
}

const RESIDENCIES = sqlIdentifier(RESIDENCY_SCHEMA, 'residencies');
const DETECTION_METHOD = sqlIdentifier(RESIDENCY_SCHEMA, 'detection_method');

@Injectable()
export class ResidencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Hand-written: every `GET /api/me` reads it, and the ORM's query path cost a third more CPU. */
  async findByUserId(userId: string): Promise<StoredResidency | null> {
    const [residency] = await this.prisma.$queryRaw<StoredResidency[]>`
      SELECT country_code AS "countryCode", is_uk_resident AS "isUkResident", detected_at AS "detectedAt",
             detection_method::text AS "detectionMethod"
        FROM residencies WHERE user_id = ${userId}::uuid`;
    return residency ?? null;
  }

  /**
   * Inserts or replaces the user's residency in one statement. Jobs run in no guaranteed order (retries,
   * several workers), so the WHERE turns an observation older than the stored one of its kind into a no-op
   * instead of letting it overwrite a newer answer; and a KYC address, once stored, is never replaced by a
   * sign-in IP. A stored change is announced (`residency.changed`, with the row's new version) in the same
   * transaction. Returns whether the observation was stored.
   */
  async record({
    userId,
    countryCode,
    isUkResident,
    detectedAt,
    method,
  }: ResidencyObservation): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const [stored] = await tx.$queryRawUnsafe<{ version: number }[]>(
        `INSERT INTO ${RESIDENCIES} AS current
                (user_id, country_code, is_uk_resident, detected_at, detection_method, updated_at)
         VALUES ($1::uuid, $2, $3, $4::timestamptz, $5::${DETECTION_METHOD}, now())
         ON CONFLICT (user_id) DO UPDATE
            SET country_code = EXCLUDED.country_code,
                is_uk_resident = EXCLUDED.is_uk_resident,
                detected_at = EXCLUDED.detected_at,
                detection_method = EXCLUDED.detection_method,
                version = current.version + 1,
                updated_at = now()
          WHERE CASE
                  WHEN EXCLUDED.detection_method = 'kyc_address'
                    THEN current.detection_method <> 'kyc_address' OR current.detected_at < EXCLUDED.detected_at
                  ELSE current.detection_method = 'ip_address' AND current.detected_at < EXCLUDED.detected_at
                END
         RETURNING version`,
        userId,
        countryCode,
        isUkResident,
        detectedAt,
        method,
      );
      if (!stored) return false;
      const changed: ResidencyChangedJob = {
        userId,
        countryCode,
        isUkResident,
        detectedAt: detectedAt.toISOString(),
        method,
        version: stored.version,
      };
      await tx.outboxMessage.create({
        data: outboxMessage(ResidencyJobs.changed, changed),
      });
      return true;
    });
  }
}
