import {
  type ActivePotQuery,
  type CreatePotCommand,
  type ListPotsQuery,
  type MembershipQuery,
  type PotQuery,
  PotsRpc,
  type SetActivePotCommand,
  type UpdatePotCommand,
  type UpdatePotRulesCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { PotService } from './pot.service';
import { PotRulesService } from './pot-rules';

/**
 * Pots, their rules, the active pot and membership. Commands marked @TellsPotMembers() tell the pot's
 * members' open tabs once they succeed.
 */
@Controller()
export class PotsController {
  constructor(
    private readonly pots: PotService,
    private readonly rules: PotRulesService,
  ) {}

  @RpcHandler(PotsRpc.createPot)
  createPot(command: CreatePotCommand) {
    return this.pots.create(command);
  }

  @RpcHandler(PotsRpc.listPots)
  listPots(query: ListPotsQuery) {
    return this.pots.list(query);
  }

  @RpcHandler(PotsRpc.listArchivedPots)
  listArchivedPots(query: ListPotsQuery) {
    return this.pots.listArchived(query);
  }

  @RpcHandler(PotsRpc.accountDeletionBlockers)
  accountDeletionBlockers(query: ListPotsQuery) {
    return this.pots.accountDeletionBlockers(query);
  }

  @RpcHandler(PotsRpc.getPot)
  getPot(query: PotQuery) {
    return this.pots.get(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.updatePot)
  updatePot(command: UpdatePotCommand) {
    return this.pots.update(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.updateRules)
  async updateRules(command: UpdatePotRulesCommand) {
    await this.rules.update(command);
    return this.pots.get(command);
  }

  @RpcHandler(PotsRpc.setActivePot)
  setActivePot(command: SetActivePotCommand) {
    return this.pots.setActive(command);
  }

  @RpcHandler(PotsRpc.getActivePot)
  getActivePot(query: ActivePotQuery) {
    return this.pots.getActive(query);
  }

  @RpcHandler(PotsRpc.getMembership)
  getMembership(query: MembershipQuery) {
    return this.pots.membership(query);
  }
}
