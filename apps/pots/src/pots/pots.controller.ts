import {
  type AcceptInvitationCommand,
  type ActivePotQuery,
  type CreateExpenseCommand,
  type CreateInvitationCommand,
  type CreatePotCommand,
  type CreateSettlementCommand,
  type DecideExpenseCommand,
  type DecideSettlementCommand,
  type ExpenseCommand,
  type ExplainTransferQuery,
  type LeavePotCommand,
  type ListPotsQuery,
  type MembershipQuery,
  type PotQuery,
  PotsRpc,
  type PreviewInvitationQuery,
  type RemindCommand,
  type RemoveMemberCommand,
  type RevokeInvitationCommand,
  type SetActivePotCommand,
  type UpdateExpenseCommand,
  type UpdatePotCommand,
  type UpdatePotRulesCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { BalancesService } from '../balances/balances.service';
import { PlanExplanationService } from '../balances/plan-explanation';
import { ReminderService } from '../balances/reminder.service';
import { ExpenseService } from '../expenses/expense.service';
import { InvitationService } from '../invitations/invitation.service';
import { PotService } from './pot.service';
import { TellsPotMembers } from './pot-change-notices';
import { PotRulesService } from './pot-rules';

const done = { ok: true } as const;

/** Commands marked @TellsPotMembers() tell the pot's members' open tabs once they succeed (issue 13 §2). */
@Controller()
export class PotsController {
  constructor(
    private readonly pots: PotService,
    private readonly invitations: InvitationService,
    private readonly expenses: ExpenseService,
    private readonly balances: BalancesService,
    private readonly reminders: ReminderService,
    private readonly rules: PotRulesService,
    private readonly planExplanations: PlanExplanationService,
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

  @TellsPotMembers()
  @RpcHandler(PotsRpc.createInvitation)
  createInvitation(command: CreateInvitationCommand) {
    return this.invitations.create(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.revokeInvitation)
  async revokeInvitation(command: RevokeInvitationCommand) {
    await this.invitations.revoke(command);
    return done;
  }

  @RpcHandler(PotsRpc.previewInvitation)
  previewInvitation(query: PreviewInvitationQuery) {
    return this.invitations.preview(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.acceptInvitation)
  acceptInvitation(command: AcceptInvitationCommand) {
    return this.invitations.accept(command);
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
  @RpcHandler(PotsRpc.createExpense)
  createExpense(command: CreateExpenseCommand) {
    return this.expenses.create(command);
  }

  @RpcHandler(PotsRpc.listExpenses)
  listExpenses(query: PotQuery) {
    return this.expenses.list(query);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.updateExpense)
  updateExpense(command: UpdateExpenseCommand) {
    return this.expenses.update(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.deleteExpense)
  async deleteExpense(command: ExpenseCommand) {
    await this.expenses.delete(command);
    return done;
  }

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
  @RpcHandler(PotsRpc.decideExpense)
  decideExpense(command: DecideExpenseCommand) {
    return this.expenses.decide(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.decideSettlement)
  decideSettlement(command: DecideSettlementCommand) {
    return this.balances.decideSettlement(command);
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
