import { EmailPreferencesRpc, Unsubscribed, UnsubscribeQuery } from '@kitty/contracts';
import { parseOrThrow, RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { Public } from '../auth/public.decorator';
import { ACCEPT_FORM_BODY } from '../http/json-only';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';

/** The SPA page that asks before unsubscribing (a link opened by a mail scanner must not unsubscribe). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

const tokenQuery = ApiQuery({ name: 'token', required: true, schema: { type: 'string' } });

/**
 * The unsubscribe link of every e-mail Kitty sends but a security notice (List-Unsubscribe and the body).
 * Signed-out on purpose: whoever holds the e-mail holds the link; the token is signed by the notifications
 * service, which verifies it with its key alone.
 */
@Controller('email-preferences')
@ApiTags('email-preferences')
export class EmailPreferencesController {
  constructor(private readonly rpc: RpcClient) {}

  /** The link opened in a browser (List-Unsubscribe's https URL): the page that shows and confirms. */
  @Get('unsubscribe')
  @Public()
  @tokenQuery
  @ApiOperation({
    operationId: 'openUnsubscribePage',
    summary: 'Redirects to the page that confirms the opt-out',
  })
  @ApiResponse({ status: 303, description: 'To /unsubscribe?token=…' })
  open(@Query() query: unknown, @Res() reply: FastifyReply) {
    const { token } = parseOrThrow(UnsubscribeQuery, query);
    return reply.redirect(`${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}`, 303);
  }

  /** Mail clients' one-click POST (RFC 8058, a form body that is ignored) and the page's confirm button. */
  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  @RouteConfig(ACCEPT_FORM_BODY)
  @tokenQuery
  @ApiOperation({
    operationId: 'unsubscribe',
    summary: 'Stop every Kitty e-mail to this address but security notices',
  })
  @ApiOkResponse({ schema: schemaRef(Unsubscribed) })
  @ApiProblems(400)
  unsubscribe(@Query() query: unknown) {
    return this.rpc.call(EmailPreferencesRpc.unsubscribe, parseOrThrow(UnsubscribeQuery, query));
  }
}
