import { HealthReport } from '@kitty/contracts';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Public } from '../auth/public.decorator';
import { schemaRef } from '../http/openapi';
import { PlatformHealth } from './health.service';

@Controller()
@ApiTags('health')
@Public()
export class HealthController {
  constructor(private readonly health: PlatformHealth) {}

  @Get('health')
  @ApiOperation({ operationId: 'getHealth', summary: 'Readiness of every service, Postgres and Redis' })
  @ApiOkResponse({ schema: schemaRef(HealthReport) })
  @ApiServiceUnavailableResponse({ schema: schemaRef(HealthReport) })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    const report = await this.health.report();
    reply.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
