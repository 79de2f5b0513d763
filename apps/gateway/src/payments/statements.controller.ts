import { PaymentsRpc, Statement, StatementQuery } from '@kitty/contracts';
import { parseOrThrow, RpcClient } from '@kitty/nest-common';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { signedInCaller } from '../rpc/signed-in-caller';

const MonthQuery = () =>
  ApiQuery({
    name: 'month',
    required: true,
    schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
  });

/** Monthly statements: the wallet's and each pot's movements from the ledger. */
@Controller()
@ApiTags('statements')
@ApiBearerAuth()
@ApiProblems(400, 401)
export class StatementsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('wallet/statement')
  @ApiOperation({ operationId: 'getWalletStatement', summary: "A month of the caller's wallet" })
  @MonthQuery()
  @ApiOkResponse({ schema: schemaRef(Statement) })
  wallet(@CurrentUser() user: AuthenticatedUser, @Query() query: unknown) {
    const { month } = parseOrThrow(StatementQuery, query);
    return this.rpc.call(PaymentsRpc.getStatement, {
      caller: signedInCaller(user),
      source: { type: 'wallet' },
      month,
    });
  }

  @Get('pots/:potId/statement')
  @ApiOperation({ operationId: 'getPotStatement', summary: 'A month of a pot the caller is a member of' })
  @MonthQuery()
  @ApiOkResponse({ schema: schemaRef(Statement) })
  @ApiProblems(404)
  pot(@CurrentUser() user: AuthenticatedUser, @UuidParam('potId') potId: string, @Query() query: unknown) {
    const { month } = parseOrThrow(StatementQuery, query);
    return this.rpc.call(PaymentsRpc.getStatement, {
      caller: signedInCaller(user),
      source: { type: 'pot', potId },
      month,
    });
  }
}
