import {
  type AcceptInvitationCommand,
  type ActivePotOfUserQuery,
  type ActivePotQuery,
  type CreateExpenseCommand,
  type CreateInvitationCommand,
  type CreatePotCommand,
  type CreateSettlementCommand,
  type DecideExpenseCommand,
  type DecideSettlementCommand,
  type ExpenseCommand,
  type ListPotsQuery,
  type MembershipQuery,
  type PotQuery,
  PotsRpc,
  type PreviewInvitationQuery,
  type RemoveMemberCommand,
  type RevokeInvitationCommand,
  type SetActivePotCommand,
  type UpdateExpenseCommand,
  type UpdatePotCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { BalancesService } from '../services/balances.service';
import { ExpenseService } from '../services/expense.service';
import { InvitationService } from '../services/invitation.service';
import { PotService } from '../services/pot.service';

const done = { ok: true } as const;

@Controller()
export class PotsController {
  constructor(
    private readonly pots: PotService,
    private readonly invitations: InvitationService,
    private readonly expenses: ExpenseService,
    private readonly balances: BalancesService,
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

  @RpcHandler(PotsRpc.listOwnedPotsWithMoney)
  listOwnedPotsWithMoney(query: ListPotsQuery) {
    return this.pots.ownedWithMoney(query);
  }

  @RpcHandler(PotsRpc.getPot)
  getPot(query: PotQuery) {
    return this.pots.get(query);
  }

  @RpcHandler(PotsRpc.updatePot)
  updatePot(command: UpdatePotCommand) {
    return this.pots.update(command);
  }

  @RpcHandler(PotsRpc.setActivePot)
  setActivePot(command: SetActivePotCommand) {
    return this.pots.setActive(command);
  }

  @RpcHandler(PotsRpc.getActivePot)
  getActivePot(query: ActivePotQuery) {
    return this.pots.getActive(query);
  }

  @RpcHandler(PotsRpc.getActivePotOfUser)
  getActivePotOfUser(query: ActivePotOfUserQuery) {
    return this.pots.activePotOf(query.userId);
  }

  @RpcHandler(PotsRpc.getMembership)
  getMembership(query: MembershipQuery) {
    return this.pots.membership(query);
  }

  @RpcHandler(PotsRpc.createInvitation)
  createInvitation(command: CreateInvitationCommand) {
    return this.invitations.create(command);
  }

  @RpcHandler(PotsRpc.revokeInvitation)
  async revokeInvitation(command: RevokeInvitationCommand) {
    await this.invitations.revoke(command);
    return done;
  }

  @RpcHandler(PotsRpc.previewInvitation)
  previewInvitation(query: PreviewInvitationQuery) {
    return this.invitations.preview(query);
  }

  @RpcHandler(PotsRpc.acceptInvitation)
  acceptInvitation(command: AcceptInvitationCommand) {
    return this.invitations.accept(command);
  }

  @RpcHandler(PotsRpc.removeMember)
  async removeMember(command: RemoveMemberCommand) {
    await this.balances.removeMember(command);
    return done;
  }

  @RpcHandler(PotsRpc.createExpense)
  createExpense(command: CreateExpenseCommand) {
    return this.expenses.create(command);
  }

  @RpcHandler(PotsRpc.listExpenses)
  listExpenses(query: PotQuery) {
    return this.expenses.list(query);
  }

  @RpcHandler(PotsRpc.updateExpense)
  updateExpense(command: UpdateExpenseCommand) {
    return this.expenses.update(command);
  }

  @RpcHandler(PotsRpc.deleteExpense)
  async deleteExpense(command: ExpenseCommand) {
    await this.expenses.delete(command);
    return done;
  }

  @RpcHandler(PotsRpc.getBalances)
  getBalances(query: PotQuery) {
    return this.balances.balances(query);
  }

  @RpcHandler(PotsRpc.createSettlement)
  createSettlement(command: CreateSettlementCommand) {
    return this.balances.settle(command);
  }

  @RpcHandler(PotsRpc.listSettlements)
  listSettlements(query: PotQuery) {
    return this.balances.listSettlements(query);
  }

  @RpcHandler(PotsRpc.decideExpense)
  decideExpense(command: DecideExpenseCommand) {
    return this.expenses.decide(command);
  }

  @RpcHandler(PotsRpc.decideSettlement)
  decideSettlement(command: DecideSettlementCommand) {
    return this.balances.decideSettlement(command);
  }

  @RpcHandler(PotsRpc.listActivity)
  listActivity(query: PotQuery) {
    return this.balances.activity(query);
  }
}
