import {
  type CancelRecurringExpenseCommand,
  type CreateRecurringExpenseCommand,
  type RecurringExpensesQuery,
  RecurringExpensesRpc,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { RecurringExpenseService } from './recurring-expense.service';

@Controller()
export class RecurringExpensesController {
  constructor(private readonly recurring: RecurringExpenseService) {}

  @TellsPotMembers()
  @RpcHandler(RecurringExpensesRpc.create)
  create(command: CreateRecurringExpenseCommand) {
    return this.recurring.create(command);
  }

  @RpcHandler(RecurringExpensesRpc.list)
  list(query: RecurringExpensesQuery) {
    return this.recurring.list(query);
  }

  @TellsPotMembers()
  @RpcHandler(RecurringExpensesRpc.cancel)
  async cancel(command: CancelRecurringExpenseCommand) {
    await this.recurring.cancel(command);
    return { ok: true } as const;
  }
}
