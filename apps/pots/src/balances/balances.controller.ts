import {
  type CreateSettlementCommand,
  type DecideSettlementCommand,
  type ExplainTransferQuery,
  type LeavePotCommand,
  type PotQuery,
  PotsRpc,
  type RemindCommand,
  type RemoveMemberCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { done } from '../core/acknowledged';
import { TellsPotMembers } from '../core/pot-change-notices';
import { BalancesService } from './balances.service';
import { PlanExplanationService } from './plan-explanation';
import { ReminderService } from './reminder.service';

/**
 * Who owes whom: balances, settlements, reminders, leaving and the feed. Commands marked @TellsPotMembers()
 * tell the pot's members' open tabs once they succeed.
 */
@Controller()
export class BalancesController {
  constructor(
    private readonly balances: BalancesService,
    private readonly reminders: ReminderService,
    private readonly planExplanations: PlanExplanationService,
  ) {}

  @RpcHandler(PotsRpc.getBalances)
  getBalances(query: PotQuery) {
    return this.balances.balances(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.createSettlement)
  createSettlement(command: CreateSettlementCommand) {
    return this.balances.settle(command);
  }

  @RpcHandler(PotsRpc.listSettlements)
  listSettlements(query: PotQuery) {
    return this.balances.listSettlements(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.decideSettlement)
  decideSettlement(command: DecideSettlementCommand) {
    return this.balances.decideSettlement(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.removeMember)
  async removeMember(command: RemoveMemberCommand) {
    await this.balances.removeMember(command);
    return done;
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.leavePot)
  async leavePot(command: LeavePotCommand) {
    await this.balances.leave(command);
    return done;
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.remind)
  remind(command: RemindCommand) {
    return this.reminders.remind(command);
  }

  @RpcHandler(PotsRpc.explainTransfer)
  explainTransfer(query: ExplainTransferQuery) {
    return this.planExplanations.explain(query);
  }

  @RpcHandler(PotsRpc.listActivity)
  listActivity(query: PotQuery) {
    return this.balances.activity(query);
  }
}
