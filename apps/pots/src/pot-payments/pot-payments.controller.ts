import {
  type CreateExpenseCommand,
  type CreateSettlementCommand,
  type PotExpensePaid,
  PotPaymentsRpc,
  type SettlementPaid,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { BalancesService } from '../balances/balances.service';
import { PotChangeNotices } from '../core/pot-change-notices';
import { ExpenseService } from '../expenses/expense.service';

/** Pots' side of what payments pays for its bookkeeping: prepared before, recorded after (ADR 0020). */
@Controller()
export class PotPaymentsController {
  constructor(
    private readonly expenses: ExpenseService,
    private readonly balances: BalancesService,
    private readonly notices: PotChangeNotices,
  ) {}

  @RpcHandler(PotPaymentsRpc.prepareExpense)
  prepareExpense(command: CreateExpenseCommand) {
    return this.expenses.prepare(command);
  }

  @RpcHandler(PotPaymentsRpc.recordPaidExpense)
  async recordPaidExpense(paid: PotExpensePaid) {
    const expense = await this.expenses.recordPaid(paid);
    await this.notices.tell(paid.expense.potId);
    return expense;
  }

  @RpcHandler(PotPaymentsRpc.prepareSettlement)
  prepareSettlement(command: CreateSettlementCommand) {
    return this.balances.prepareSettlement(command);
  }

  @RpcHandler(PotPaymentsRpc.recordPaidSettlement)
  async recordPaidSettlement(paid: SettlementPaid) {
    const settlement = await this.balances.recordPaidSettlement(paid);
    await this.notices.tell(paid.settlement.potId);
    return settlement;
  }
}
