import { AttachReceiptRequest, Receipt, ReceiptInfo, ReceiptsRpc } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Delete, Get, Header, HttpCode, Put } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { PHOTO_BODY } from '../http/body-limit';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

/**
 * An expense's receipt photo. The API speaks JSON only, so the photo travels as base64; the
 * pots service checks its bytes are the image they claim. Only the pot's members can read it.
 */
@Controller('pots/:potId/expenses/:expenseId/receipt')
@ApiTags('expenses')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class ReceiptsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Putting the same photo again changes nothing else: no Idempotency-Key needed. */
  @Put()
  @RouteConfig(PHOTO_BODY)
  @HttpCode(200)
  @ApiOperation({
    operationId: 'attachReceipt',
    summary:
      'Attach (or replace) the receipt photo: JPEG, PNG or WebP, at most 2 MB (who added it, or the owner)',
  })
  @ApiBody({ schema: schemaRef(AttachReceiptRequest) })
  @ApiOkResponse({ schema: schemaRef(ReceiptInfo) })
  @ApiProblems(400, 403, 409)
  attach(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
    @ZodBody(AttachReceiptRequest) body: AttachReceiptRequest,
  ) {
    return this.rpc.call(ReceiptsRpc.attach, { caller: signedInCaller(user), potId, expenseId, body });
  }

  @Get()
  // A member's photo: never kept by a shared cache.
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ operationId: 'getReceipt', summary: 'The receipt photo, as base64 with its type' })
  @ApiOkResponse({ schema: schemaRef(Receipt) })
  get(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    return this.rpc.call(ReceiptsRpc.get, { caller: signedInCaller(user), potId, expenseId });
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({
    operationId: 'removeReceipt',
    summary: 'Remove the receipt photo (who added it, or the owner)',
  })
  @ApiProblems(403, 409)
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @UuidParam('expenseId') expenseId: string,
  ) {
    await this.rpc.call(ReceiptsRpc.remove, { caller: signedInCaller(user), potId, expenseId });
  }
}
