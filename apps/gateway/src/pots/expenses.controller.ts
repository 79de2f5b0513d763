import {
  type ConfirmationDecision,
  CreateExpenseRequest,
  CreateSettlementRequest,
  Expense,
  PotBalances,
  PotsRpc,
  ReminderSent,
  RemindRequest,
  Settlement,
  TransferExplanation,
  UpdateExpenseRequest,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RequiresVerifiedEmail } from '../auth/verified-email';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { IdempotencyKeyParam, Idempotent } from '../idempotency/idempotent.decorator';
import { signedInCaller } from '../rpc/signed-in-caller';
import { PotPaymentsService } from './pot-payments.service';

@Controller('pots/:potId')
@ApiTags('expenses')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class ExpensesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly potPayments: PotPaymentsService,
  ) {}

  @Post('expenses')
  @ApiOperation({ operationId: 'createExpense', summary: 'Record an expense and split it' })
  @ApiBody({ schema: schemaRef(CreateExpenseRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(Expense) })
  @ApiProblems(400, 409)
  @Idempotent()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(CreateExpenseRequest) body: CreateExpenseRequest,
    @IdempotencyKeyParam() idempotencyKey: string,
  ) {
    const command = { caller: signedInCaller(user), potId, body, idempotencyKey };
    return body.paidFrom === 'pot'
      ? this.potPayments.payExpenseFromPot(command)
      : this.rpc.call(PotsRpc.createExpense, command);
  }

  @Get('expenses')
  @ApiOperation({ operationId: 'listExpenses', summary: "The pot's expenses, newest first" })
  @ApiOkResponse({ schema: arrayOf(Expense) })
  list(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PotsRpc.listExpenses, { caller: signedInCaller(user), potId });
  }

  @Get('expenses/:expenseId')
  @ApiOperation({
    operationId: 'getExpense',
    summary: "One of the pot's expenses, as its list shows it (not found once deleted or declined)",
  })
  @ApiOkResponse({ schema: schemaRef(Expense) })
  @ApiProblems(404)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    return this.rpc.call(PotsRpc.getExpense, { caller: signedInCaller(user), potId, expenseId });
  }

  @Patch('expenses/:expenseId')
  @ApiOperation({ operationId: 'updateExpense', summary: 'Edit an expense (its creator or the owner)' })
  @ApiBody({ schema: schemaRef(UpdateExpenseRequest) })
  @ApiOkResponse({ schema: schemaRef(Expense) })
  @ApiProblems(400, 403, 409)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
    @ZodBody(UpdateExpenseRequest) body: UpdateExpenseRequest,
  ) {
    return this.rpc.call(PotsRpc.updateExpense, { caller: signedInCaller(user), potId, expenseId, body });
  }

  @Delete('expenses/:expenseId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteExpense', summary: 'Delete an expense (its creator or the owner)' })
  @ApiProblems(403)
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    await this.rpc.call(PotsRpc.deleteExpense, { caller: signedInCaller(user), potId, expenseId });
  }

  @Get('balances')
  @ApiOperation({ operationId: 'getPotBalances', summary: "Each member's net position and a settle-up plan" })
  @ApiOkResponse({ schema: schemaRef(PotBalances) })
  balances(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PotsRpc.getBalances, { caller: signedInCaller(user), potId });
  }

  @Post('expenses/:expenseId/confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmExpense',
    summary: 'Confirm an expense recorded as paid by you (or, as the owner, by anyone): it then counts',
  })
  @ApiOkResponse({ schema: schemaRef(Expense) })
  @ApiProblems(403, 409)
  confirmExpense(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    return this.decideExpense(user, potId, expenseId, 'confirm');
  }

  @Post('expenses/:expenseId/decline')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'declineExpense',
    summary: 'Decline an expense recorded as paid by you (or, as the owner, by anyone): it never counts',
  })
  @ApiOkResponse({ schema: schemaRef(Expense) })
  @ApiProblems(403, 409)
  declineExpense(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    return this.decideExpense(user, potId, expenseId, 'decline');
  }

  @Get('settlements')
  @ApiOperation({ operationId: 'listSettlements', summary: "The pot's settlements, pending ones first" })
  @ApiOkResponse({ schema: arrayOf(Settlement) })
  settlements(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(PotsRpc.listSettlements, { caller: signedInCaller(user), potId });
  }

  @Post('settlements/:settlementId/confirm')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmSettlement',
    summary: 'Confirm a payment the other person recorded (or, as the owner, any): it then counts',
  })
  @ApiOkResponse({ schema: schemaRef(Settlement) })
  @ApiProblems(403, 409)
  confirmSettlement(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('settlementId') settlementId: string,
  ) {
    return this.decideSettlement(user, potId, settlementId, 'confirm');
  }

  @Post('settlements/:settlementId/decline')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'declineSettlement',
    summary: 'Decline a payment the other person recorded (or, as the owner, any): it never counts',
  })
  @ApiOkResponse({ schema: schemaRef(Settlement) })
  @ApiProblems(403, 409)
  declineSettlement(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('settlementId') settlementId: string,
  ) {
    return this.decideSettlement(user, potId, settlementId, 'decline');
  }

  @Post('settlements')
  @ApiOperation({
    operationId: 'createSettlement',
    summary:
      'Record that you paid another member back, or they paid you: it counts once they (or the owner) confirm, ' +
      'at once when paid with Kitty',
  })
  @ApiBody({ schema: schemaRef(CreateSettlementRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(Settlement) })
  @ApiProblems(400, 403)
  @Idempotent()
  settle(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(CreateSettlementRequest) body: CreateSettlementRequest,
    @IdempotencyKeyParam() idempotencyKey: string,
  ) {
    const command = { caller: signedInCaller(user), potId, body, idempotencyKey };
    return body.payWithKitty
      ? this.potPayments.paySettlementWithKitty(command)
      : this.rpc.call(PotsRpc.createSettlement, command);
  }

  /**
   * No Idempotency-Key: a repeat cannot send a second e-mail (one reminder per transfer a UK day, enforced
   * by the pots service); it answers 429 'You can remind … again tomorrow'.
   */
  @Post('reminders')
  @ApiOperation({
    operationId: 'remindDebtor',
    summary:
      "E-mail the debtor of a transfer in the pot's settle-up plan (the person owed or the owner), " +
      'at most once a day per debt',
  })
  @ApiBody({ schema: schemaRef(RemindRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(ReminderSent) })
  @ApiProblems(400, 403, 409, 429)
  @RequiresVerifiedEmail('send reminders')
  remind(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(RemindRequest) body: RemindRequest,
  ) {
    return this.rpc.call(PotsRpc.remind, { caller: signedInCaller(user), potId, body });
  }

  @Get('plan/:fromMemberId/:toMemberId/explanation')
  @ApiOperation({
    operationId: 'explainTransfer',
    summary: 'Why one member pays another in the settle-up plan: the expenses and payments behind it',
  })
  @ApiOkResponse({ schema: schemaRef(TransferExplanation) })
  explainTransfer(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('fromMemberId') fromMemberId: string,
    @UuidParam('toMemberId') toMemberId: string,
  ) {
    return this.rpc.call(PotsRpc.explainTransfer, {
      caller: signedInCaller(user),
      potId,
      fromMemberId,
      toMemberId,
    });
  }

  /** Confirming or declining twice answers the same: no Idempotency-Key needed. */
  private decideExpense(
    user: AuthenticatedUser,
    potId: string,
    expenseId: string,
    decision: ConfirmationDecision,
  ) {
    return this.rpc.call(PotsRpc.decideExpense, { caller: signedInCaller(user), potId, expenseId, decision });
  }

  private decideSettlement(
    user: AuthenticatedUser,
    potId: string,
    settlementId: string,
    decision: ConfirmationDecision,
  ) {
    return this.rpc.call(PotsRpc.decideSettlement, {
      caller: signedInCaller(user),
      potId,
      settlementId,
      decision,
    });
  }
}
