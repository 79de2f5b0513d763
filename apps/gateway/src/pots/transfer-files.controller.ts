import { ImportPreview, ImportPreviewRequest, ImportRequest, ImportResult, PotsRpc } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { FILE_BODY } from '../http/body-limit';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

/** A pot's expenses out as CSV, and other apps' exports in. */
@Controller('pots/:potId')
@ApiTags('import-export')
@ApiBearerAuth()
@ApiProblems(401, 404)
export class TransferFilesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiOperation({
    operationId: 'exportPotCsv',
    summary: "The pot's expenses and payments as CSV: a column per member's share, and what each paid",
  })
  @ApiOkResponse({ schema: { type: 'string' } })
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const file = await this.rpc.call(PotsRpc.exportPot, { caller: signedInCaller(user), potId });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    reply.header('cache-control', 'no-store');
    return file.csv;
  }

  @Post('import/preview')
  @RouteConfig(FILE_BODY)
  @HttpCode(200)
  @ApiOperation({
    operationId: 'previewPotImport',
    summary:
      "What a Kitty, Splitwise or Spliit export would import (the pot's owner): its expenses, the rows " +
      'that cannot be imported, and the member each name probably is',
  })
  @ApiBody({ schema: schemaRef(ImportPreviewRequest) })
  @ApiOkResponse({ schema: schemaRef(ImportPreview) })
  @ApiProblems(400, 403, 413)
  preview(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(ImportPreviewRequest) body: ImportPreviewRequest,
  ) {
    return this.rpc.call(PotsRpc.previewImport, { caller: signedInCaller(user), potId, body });
  }

  /**
   * No Idempotency-Key: every row carries its own (the pot, the row, its occurrence), so a repeated or
   * concurrent import records each expense once.
   */
  @Post('import')
  @RouteConfig(FILE_BODY)
  @HttpCode(200)
  @ApiOperation({
    operationId: 'importPotExpenses',
    summary:
      "Record a batch of a file's expenses (the pot's owner), from fromIndex; send the answer's nextIndex " +
      'until it is null. Rows imported before are counted and left as they are',
  })
  @ApiBody({ schema: schemaRef(ImportRequest) })
  @ApiOkResponse({ schema: schemaRef(ImportResult) })
  @ApiProblems(400, 403, 409, 413)
  import(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('potId') potId: string,
    @ZodBody(ImportRequest) body: ImportRequest,
  ) {
    return this.rpc.call(PotsRpc.importBatch, { caller: signedInCaller(user), potId, body });
  }
}
