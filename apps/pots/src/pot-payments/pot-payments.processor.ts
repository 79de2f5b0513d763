import { PaymentsJobs, PotPaymentsQueue } from '@kitty/contracts';
import { handleJob, QueueProcessor } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { BalancesService } from '../balances/balances.service';
import { POTS_CONFIG, type PotsConfig } from '../config';
import { PotChangeNotices } from '../core/pot-change-notices';
import { ExpenseService } from '../expenses/expense.service';
import { RecurringExpenseService } from '../recurring/recurring-expense.service';

/**
 * Records what payments paid for, from the event it wrote with the payment: the guarantee behind the gateway's
 * own call to record it at once (whichever comes first records; the other finds it recorded).
 */
@Injectable()
export class PotPaymentsProcessor extends QueueProcessor {
  constructor(
    @Inject(POTS_CONFIG) config: PotsConfig,
    private readonly expenses: ExpenseService,
    private readonly balances: BalancesService,
    private readonly recurring: RecurringExpenseService,
    private readonly notices: PotChangeNotices,
  ) {
    super(PotPaymentsQueue, config, { concurrency: 4 });
  }

  handlers() {
    return [
      handleJob(PaymentsJobs.potExpensePaid, async (paid) => {
        await this.expenses.recordPaid(paid);
        await this.notices.tell(paid.expense.potId);
      }),
      handleJob(PaymentsJobs.settlementPaid, async (paid) => {
        await this.balances.recordPaidSettlement(paid);
        await this.notices.tell(paid.settlement.potId);
      }),
      handleJob(PaymentsJobs.potExpenseRefused, (refused) => this.recurring.noteRefused(refused)),
    ];
  }
}
