import { Settlement, SettlementChangesRpc, UpdateSettlementRequest } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, HttpCode, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

/**
 * A recorded payment corrected or undone by either of its two people or the owner. Both are
 * safe to repeat: the same amount again, or undoing what is undone, changes nothing.
 */
@Controller('pots/:potId/settlements/:settlementId')
@ApiTags('expenses')
@ApiBearerAuth()
@ApiProblems(401, 403, 404, 409)
export class SettlementChangesController {
  constructor(private readonly rpc: RpcClient) {}

  @Patch()
  @ApiOperation({
    operationId: 'updateSettlement',
    summary: "Correct a recorded payment's amount (not one made with Kitty)",
  })
  @ApiBody({ schema: schemaRef(UpdateSettlementRequest) })
  @ApiOkResponse({ schema: schemaRef(Settlement) })
  @ApiProblems(400)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('settlementId') settlementId: string,
    @ZodBody(UpdateSettlementRequest) body: UpdateSettlementRequest,
  ) {
    return this.rpc.call(SettlementChangesRpc.update, {
      caller: signedInCaller(user),
      potId,
      settlementId,
      body,
    });
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'undoSettlement',
    summary: 'Undo a recorded payment (not one made with Kitty): it no longer counts',
  })
  async undo(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('settlementId') settlementId: string,
  ) {
    await this.rpc.call(SettlementChangesRpc.undo, { caller: signedInCaller(user), potId, settlementId });
  }
}
