import { ContactCreated, ContactRequest, NotificationsRpc } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Public } from '../auth/public.decorator';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { RATE_LIMITED } from '../http/rate-limit';
import { ZodBody } from '../http/zod-body';

@Controller('contact')
@ApiTags('contact')
export class ContactController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @Public()
  @RouteConfig(RATE_LIMITED)
  @ApiProblems(400, 429)
  @ApiOperation({
    operationId: 'sendContactMessage',
    summary: 'Store a contact message and e-mail it to support',
  })
  @ApiBody({ schema: schemaRef(ContactRequest) })
  @ApiCreatedResponse({ schema: schemaRef(ContactCreated) })
  send(@ZodBody(ContactRequest) body: ContactRequest, @Req() request: FastifyRequest) {
    return this.rpc.call(NotificationsRpc.createContactMessage, { body, userId: request.user?.id ?? null });
  }
}
