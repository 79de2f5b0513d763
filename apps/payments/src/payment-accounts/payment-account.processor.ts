import { IssuingJobs, PaymentsPaymentAccountsQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PaymentAccountRepository } from './payment-account.repository';

/**
 * Consumes issuing's announcements of payment accounts (verified, where payouts go, whose person): the
 * projection payments decides adding funds and withdrawals on.
 */
@Injectable()
export class PaymentAccountProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly projection: PaymentAccountRepository,
  ) {
    super(PaymentsPaymentAccountsQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [
      handleJob(
        IssuingJobs.paymentAccountChanged,
        async (snapshot) => void (await this.projection.apply(snapshot)),
      ),
    ];
  }
}
