import type { DetectResidencyJob, KycAddressResidencyJob, Residency } from '@kitty/contracts';
import { OutboxRelay } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { RESIDENCY_CONFIG, type ResidencyConfig } from '../config';
import { CountryResolver } from '../geolocation/country-resolver';
import { type ResidencyObservation, ResidencyRepository } from './residency.repository';

const UNITED_KINGDOM = 'GB';

@Injectable()
export class ResidencyService {
  private readonly logger = new Logger(ResidencyService.name);

  constructor(
    @Inject(RESIDENCY_CONFIG) private readonly config: ResidencyConfig,
    private readonly countries: CountryResolver,
    private readonly residencies: ResidencyRepository,
    private readonly outbox: OutboxRelay,
  ) {}

  /**
   * Records the country of the IP the user signed up or signed in from. A failure is logged and rethrown
   * so the queue retries the job with its backoff; sign-in never waits for this.
   */
  async detect({ userId, ip, observedAt }: DetectResidencyJob): Promise<void> {
    try {
      const countryCode =
        (ip === null ? null : this.countries.countryOf(ip)) ?? this.config.RESIDENCY_DEFAULT_COUNTRY ?? null;
      await this.record({
        userId,
        countryCode,
        isUkResident: countryCode === UNITED_KINGDOM,
        detectedAt: new Date(observedAt),
        method: 'ip_address',
      });
    } catch (error) {
      this.logger.error({ userId, err: error }, 'Failed to detect residency');
      throw error;
    }
  }

  /** The verified identity's address decides from now on; sign-ins no longer change it (see `record`). */
  async recordKycAddress({ userId, countryCode, verifiedAt }: KycAddressResidencyJob): Promise<void> {
    await this.record({
      userId,
      countryCode,
      isUkResident: countryCode === UNITED_KINGDOM,
      detectedAt: new Date(verifiedAt),
      method: 'kyc_address',
    });
  }

  /** A stored change's event leaves now, not at the relay's next poll: auth's copy follows at once. */
  private async record(observation: ResidencyObservation): Promise<void> {
    if (await this.residencies.record(observation)) this.outbox.kick();
  }

  async get(userId: string): Promise<Residency | null> {
    const residency = await this.residencies.findByUserId(userId);
    if (!residency) return null;
    return {
      countryCode: residency.countryCode,
      isUkResident: residency.isUkResident,
      detectedAt: residency.detectedAt.toISOString(),
      method: residency.detectionMethod,
    };
  }
}
