import { ClientEvent } from '@kitty/contracts';
import { Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Public } from '../auth/public.decorator';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { RATE_LIMITED } from '../http/rate-limit';
import { ZodBody } from '../http/zod-body';

/** Where the SPA reports what operators should see in the logs (e.g. links that lead nowhere). */
@Controller('client-events')
@ApiTags('client-events')
export class ClientEventsController {
  private readonly logger = new Logger('ClientEvent');

  @Post()
  @Public()
  @HttpCode(204)
  @RouteConfig(RATE_LIMITED)
  @ApiProblems(400)
  @ApiOperation({ operationId: 'logClientEvent', summary: 'Log an event seen in the browser' })
  @ApiBody({ schema: schemaRef(ClientEvent) })
  @ApiNoContentResponse()
  report(@ZodBody(ClientEvent) event: ClientEvent, @Req() request: FastifyRequest) {
    this.logger.warn(
      { event: event.type, path: event.path, userId: request.user?.id ?? null },
      'Unknown route visited',
    );
  }
}
