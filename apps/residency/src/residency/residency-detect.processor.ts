import { DetectResidencyJob, KycAddressResidencyJob, ResidencyQueue } from '@kitty/contracts';
import { parseJob, startQueueWorker } from '@kitty/nest-common';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';

import { RESIDENCY_CONFIG, type ResidencyConfig } from '../config';
import { ResidencyService } from './residency.service';

/** Consumes the residency queue; attempts and backoff come from the queue's definition. */
@Injectable()
export class ResidencyDetectProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(RESIDENCY_CONFIG) private readonly config: ResidencyConfig,
    private readonly residency: ResidencyService,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueWorker(
      ResidencyQueue,
      {
        'residency.detect.v1': (data) => this.residency.detect(parseJob(DetectResidencyJob, data)),
        'residency.kyc-address.v1': (data) =>
          this.residency.recordKycAddress(parseJob(KycAddressResidencyJob, data)),
      },
      {
        redisUrl: this.config.REDIS_URL,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.config.RESIDENCY_WORKER_CONCURRENCY,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
