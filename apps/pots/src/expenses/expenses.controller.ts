import {
  type CreateExpenseCommand,
  type DecideExpenseCommand,
  type ExpenseCommand,
  type PotQuery,
  PotsRpc,
  type UpdateExpenseCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { done } from '../core/acknowledged';
import { TellsPotMembers } from '../core/pot-change-notices';
import { ExpenseService } from './expense.service';

/**
 * Member-paid expenses and every change to any expense (pot-paid ones are made through
 * PotPaymentsController). Commands marked @TellsPotMembers() tell the pot's members' open tabs once they
 * succeed.
 */
@Controller()
export class ExpensesController {
  constructor(private readonly expenses: ExpenseService) {}

  @TellsPotMembers({ oneExpense: true })
  @RpcHandler(PotsRpc.createExpense)
  createExpense(command: CreateExpenseCommand) {
    return this.expenses.create(command);
  }

  @RpcHandler(PotsRpc.listExpenses)
  listExpenses(query: PotQuery) {
    return this.expenses.list(query);
  }

  @RpcHandler(PotsRpc.getExpense)
  getExpense(query: ExpenseCommand) {
    return this.expenses.get(query);
  }

  @TellsPotMembers({ oneExpense: true })
  @RpcHandler(PotsRpc.updateExpense)
  updateExpense(command: UpdateExpenseCommand) {
    return this.expenses.update(command);
  }

  @TellsPotMembers({ oneExpense: true })
  @RpcHandler(PotsRpc.deleteExpense)
  async deleteExpense(command: ExpenseCommand) {
    await this.expenses.delete(command);
    return done;
  }

  @TellsPotMembers({ oneExpense: true })
  @RpcHandler(PotsRpc.decideExpense)
  decideExpense(command: DecideExpenseCommand) {
    return this.expenses.decide(command);
  }
}
