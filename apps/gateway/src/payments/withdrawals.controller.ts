import { CreateWithdrawalRequest, PaymentsRpc, Withdrawal } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RequiresVerifiedEmail } from '../auth/verified-email';
import { arrayOf, schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
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
    summary: "Withdraw from the caller's wallet or a pot they own to their verified bank account",
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
}
