import { CreateRecurringExpenseRequest, RecurringExpense, RecurringExpensesRpc } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { IdempotencyKeyParam, Idempotent } from '../idempotency/idempotent.decorator';
import { signedInCaller } from '../rpc/signed-in-caller';

/** Recurring expenses of a pot: rent and bills recorded every week or month. */
@Controller('pots/:potId/recurring-expenses')
@ApiTags('expenses')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class RecurringExpensesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiOperation({
    operationId: 'createRecurringExpense',
    summary: 'Record an expense every week or month from a first day (recorded at once when that is today)',
  })
  @ApiBody({ schema: schemaRef(CreateRecurringExpenseRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(RecurringExpense) })
  @ApiProblems(400, 409)
  @Idempotent()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(CreateRecurringExpenseRequest) body: CreateRecurringExpenseRequest,
    @IdempotencyKeyParam() idempotencyKey: string,
  ) {
    return this.rpc.call(RecurringExpensesRpc.create, {
      caller: signedInCaller(user),
      potId,
      body,
      idempotencyKey,
    });
  }

  @Get()
  @ApiOperation({
    operationId: 'listRecurringExpenses',
    summary: "The pot's recurring expenses, newest first",
  })
  @ApiOkResponse({ schema: arrayOf(RecurringExpense) })
  list(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string) {
    return this.rpc.call(RecurringExpensesRpc.list, { caller: signedInCaller(user), potId });
  }

  /** Cancelling twice answers the same: no Idempotency-Key needed. */
  @Delete(':recurringId')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'cancelRecurringExpense',
    summary: 'Stop a recurring expense (who set it up, or the owner); what it recorded stays',
  })
  @ApiProblems(403)
  async cancel(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('recurringId') recurringId: string,
  ) {
    await this.rpc.call(RecurringExpensesRpc.cancel, { caller: signedInCaller(user), potId, recurringId });
  }
}
