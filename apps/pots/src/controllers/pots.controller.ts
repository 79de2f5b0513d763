import {
  AcceptInvitationCommand,
  ActivePotOfUserQuery,
  ActivePotQuery,
  CreateExpenseCommand,
  CreateInvitationCommand,
  CreatePotCommand,
  CreateSettlementCommand,
  ExpenseCommand,
  ListPotsQuery,
  MembershipQuery,
  PotQuery,
  PotsPatterns,
  PreviewInvitationQuery,
  RemoveMemberCommand,
  RevokeInvitationCommand,
  SetActivePotCommand,
  UpdateExpenseCommand,
  UpdatePotCommand,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

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

  @MessagePattern(PotsPatterns.createPot)
  createPot(@Payload() payload: unknown) {
    return this.pots.create(parseOrThrow(CreatePotCommand, payload));
  }

  @MessagePattern(PotsPatterns.listPots)
  listPots(@Payload() payload: unknown) {
    return this.pots.list(parseOrThrow(ListPotsQuery, payload));
  }

  @MessagePattern(PotsPatterns.getPot)
  getPot(@Payload() payload: unknown) {
    return this.pots.get(parseOrThrow(PotQuery, payload));
  }

  @MessagePattern(PotsPatterns.updatePot)
  updatePot(@Payload() payload: unknown) {
    return this.pots.update(parseOrThrow(UpdatePotCommand, payload));
  }

  @MessagePattern(PotsPatterns.setActivePot)
  setActivePot(@Payload() payload: unknown) {
    return this.pots.setActive(parseOrThrow(SetActivePotCommand, payload));
  }

  @MessagePattern(PotsPatterns.getActivePot)
  getActivePot(@Payload() payload: unknown) {
    return this.pots.getActive(parseOrThrow(ActivePotQuery, payload));
  }

  @MessagePattern(PotsPatterns.getActivePotOfUser)
  getActivePotOfUser(@Payload() payload: unknown) {
    return this.pots.activePotOf(parseOrThrow(ActivePotOfUserQuery, payload).userId);
  }

  @MessagePattern(PotsPatterns.getMembership)
  getMembership(@Payload() payload: unknown) {
    return this.pots.membership(parseOrThrow(MembershipQuery, payload));
  }

  @MessagePattern(PotsPatterns.createInvitation)
  createInvitation(@Payload() payload: unknown) {
    return this.invitations.create(parseOrThrow(CreateInvitationCommand, payload));
  }

  @MessagePattern(PotsPatterns.revokeInvitation)
  async revokeInvitation(@Payload() payload: unknown) {
    await this.invitations.revoke(parseOrThrow(RevokeInvitationCommand, payload));
    return done;
  }

  @MessagePattern(PotsPatterns.previewInvitation)
  previewInvitation(@Payload() payload: unknown) {
    return this.invitations.preview(parseOrThrow(PreviewInvitationQuery, payload));
  }

  @MessagePattern(PotsPatterns.acceptInvitation)
  acceptInvitation(@Payload() payload: unknown) {
    return this.invitations.accept(parseOrThrow(AcceptInvitationCommand, payload));
  }

  @MessagePattern(PotsPatterns.removeMember)
  async removeMember(@Payload() payload: unknown) {
    await this.balances.removeMember(parseOrThrow(RemoveMemberCommand, payload));
    return done;
  }

  @MessagePattern(PotsPatterns.createExpense)
  createExpense(@Payload() payload: unknown) {
    return this.expenses.create(parseOrThrow(CreateExpenseCommand, payload));
  }

  @MessagePattern(PotsPatterns.listExpenses)
  listExpenses(@Payload() payload: unknown) {
    return this.expenses.list(parseOrThrow(PotQuery, payload));
  }

  @MessagePattern(PotsPatterns.updateExpense)
  updateExpense(@Payload() payload: unknown) {
    return this.expenses.update(parseOrThrow(UpdateExpenseCommand, payload));
  }

  @MessagePattern(PotsPatterns.deleteExpense)
  async deleteExpense(@Payload() payload: unknown) {
    await this.expenses.delete(parseOrThrow(ExpenseCommand, payload));
    return done;
  }

  @MessagePattern(PotsPatterns.getBalances)
  getBalances(@Payload() payload: unknown) {
    return this.balances.balances(parseOrThrow(PotQuery, payload));
  }

  @MessagePattern(PotsPatterns.createSettlement)
  createSettlement(@Payload() payload: unknown) {
    return this.balances.settle(parseOrThrow(CreateSettlementCommand, payload));
  }

  @MessagePattern(PotsPatterns.listActivity)
  listActivity(@Payload() payload: unknown) {
    return this.balances.activity(parseOrThrow(PotQuery, payload));
  }
}
