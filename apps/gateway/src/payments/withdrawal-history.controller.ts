import { PaymentsRpc, WithdrawalHistory, WithdrawalHistoryQuery } from '@kitty/contracts';
import { parseOrThrow, RpcClient } from '@kitty/nest-common';
import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { signedInCaller } from '../rpc/signed-in-caller';

/** `?before=<id>&limit=<n>`: the page after withdrawal `before`, `limit` at a time (20 unless asked). */
const PageQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'before', required: false, schema: { type: 'string', format: 'uuid' } }),
    ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    }),
  );

/** Every withdrawal, a page at a time: the caller's own, and each pot's for its members. */
@Controller()
@ApiTags('withdrawals')
@ApiBearerAuth()
@ApiProblems(400, 401)
export class WithdrawalHistoryController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('withdrawals/history')
  @ApiOperation({
    operationId: 'listWithdrawalHistory',
    summary: "The caller's withdrawals from their wallet and their pots, newest first, a page at a time",
  })
  @PageQuery()
  @ApiOkResponse({ schema: schemaRef(WithdrawalHistory) })
  mine(@CurrentUser() user: AuthenticatedUser, @Query() query: unknown) {
    return this.rpc.call(PaymentsRpc.withdrawalHistory, {
      caller: signedInCaller(user),
      potId: null,
      page: parseOrThrow(WithdrawalHistoryQuery, query),
    });
  }

  @Get('pots/:potId/withdrawals')
  @ApiOperation({
    operationId: 'listPotWithdrawals',
    summary:
      "Every member's withdrawals from a pot the caller is a member of, newest first, a page at a time",
  })
  @PageQuery()
  @ApiOkResponse({ schema: schemaRef(WithdrawalHistory) })
  @ApiProblems(404)
  pot(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string, @Query() query: unknown) {
    return this.rpc.call(PaymentsRpc.withdrawalHistory, {
      caller: signedInCaller(user),
      potId,
      page: parseOrThrow(WithdrawalHistoryQuery, query),
    });
  }
}
