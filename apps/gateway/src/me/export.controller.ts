import { AccountExport, ExportDataset } from '@kitty/contracts';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodValidationPipe } from '../http/zod-body';
import { AccountExportService } from './account-export.service';

const today = () => new Date().toISOString().slice(0, 10);

/** The caller's data to take away (UK GDPR access and portability): all of it as JSON, each table as CSV. */
@Controller('me/export')
@ApiBearerAuth()
export class ExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Get()
  @ApiProblems(401)
  @ApiOperation({
    operationId: 'exportAccount',
    summary: 'Everything Kitty holds about the caller: profile, sessions, pots, top-ups, withdrawals, card',
  })
  @ApiOkResponse({ schema: schemaRef(AccountExport) })
  async all(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-disposition', `attachment; filename="kitty-export-${today()}.json"`);
    reply.header('cache-control', 'no-store');
    return this.exports.export(user);
  }

  @Get(':dataset')
  @ApiProblems(400, 401)
  @ApiProduces('text/csv')
  @ApiOperation({
    operationId: 'exportAccountCsv',
    summary:
      'One table of the export as CSV: pots, expenses, settlements, top-ups, withdrawals or card-purchases',
  })
  @ApiOkResponse({ schema: { type: 'string' } })
  async csv(
    @CurrentUser() user: AuthenticatedUser,
    @Param('dataset', new ZodValidationPipe(ExportDataset)) dataset: ExportDataset,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="kitty-${dataset}-${today()}.csv"`);
    reply.header('cache-control', 'no-store');
    return this.exports.exportCsv(user, dataset);
  }
}
