import { PaymentsPotCommandsQueue, PotsJobs } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { PotPaymentsService } from './pot-payments.service';

/** Carries out what pots asks on its own: a recurring expense to pay, a deleted expense to refund. */
@Injectable()
export class PotCommandsProcessor extends QueueProcessor {
  constructor(
    @Inject(PAYMENTS_CONFIG) config: PaymentsConfig,
    private readonly payments: PotPaymentsService,
  ) {
    super(PaymentsPotCommandsQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [
      handleJob(PotsJobs.expensePaymentDue, (command) => this.payments.payScheduledExpense(command)),
      handleJob(PotsJobs.refundDue, (refund) => this.payments.refund(refund)),
    ];
  }
}
