import { CreateWithdrawalRequest, PaymentsRpc, Withdrawal, type WithdrawalDecision } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
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

@Controller('withdrawals')
@ApiTags('withdrawals')
@ApiBearerAuth()
@ApiProblems(401)
export class WithdrawalsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiOperation({
    operationId: 'createWithdrawal',
    summary:
      "Withdraw from the caller's wallet or a pot whose rules let them to their verified bank account; above the pot's approval amount it waits for a second member",
  })
  @ApiBody({ schema: schemaRef(CreateWithdrawalRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(Withdrawal) })
  @ApiProblems(400, 403, 404)
  @RequiresVerifiedEmail('withdraw money')
  @Idempotent()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(CreateWithdrawalRequest) body: CreateWithdrawalRequest,
    @IdempotencyKeyParam() idempotencyKey: string,
  ) {
    return this.rpc.call(PaymentsRpc.createWithdrawal, {
      caller: signedInCaller(user),
      body,
      idempotencyKey,
    });
  }

  @Get()
  @ApiOperation({ operationId: 'listWithdrawals', summary: "The caller's withdrawals, newest first" })
  @ApiOkResponse({ schema: arrayOf(Withdrawal) })
  list(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(PaymentsRpc.listWithdrawals, { caller: signedInCaller(user) });
  }

  @Post(':withdrawalId/approve')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'approveWithdrawal',
    summary: "Approve another member's pot withdrawal waiting for approval: it is then paid out (once)",
  })
  @ApiOkResponse({ schema: schemaRef(Withdrawal) })
  @ApiProblems(403, 404, 409)
  approve(@CurrentUser() user: AuthenticatedUser, @UuidParam('withdrawalId') withdrawalId: string) {
    return this.decide(user, withdrawalId, 'approve');
  }

  @Post(':withdrawalId/decline')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'declineWithdrawal',
    summary: "Decline another member's pot withdrawal waiting for approval: nothing leaves the pot",
  })
  @ApiOkResponse({ schema: schemaRef(Withdrawal) })
  @ApiProblems(403, 404, 409)
  decline(@CurrentUser() user: AuthenticatedUser, @UuidParam('withdrawalId') withdrawalId: string) {
    return this.decide(user, withdrawalId, 'decline');
  }

  @Post(':withdrawalId/cancel')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'cancelWithdrawal',
    summary: 'Cancel your own pot withdrawal while it waits for approval',
  })
  @ApiOkResponse({ schema: schemaRef(Withdrawal) })
  @ApiProblems(403, 404, 409)
  cancel(@CurrentUser() user: AuthenticatedUser, @UuidParam('withdrawalId') withdrawalId: string) {
    return this.rpc.call(PaymentsRpc.cancelWithdrawal, { caller: signedInCaller(user), withdrawalId });
  }

  private decide(user: AuthenticatedUser, withdrawalId: string, decision: WithdrawalDecision) {
    return this.rpc.call(PaymentsRpc.decideWithdrawal, {
      caller: signedInCaller(user),
      withdrawalId,
      decision,
    });
  }
}
