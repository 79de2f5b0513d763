import { IssuedCard } from '@kitty/contracts';
import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { CardsService } from './cards.service';

/** The caller's one virtual card ('current'): there is no route that takes a card id. */
@Controller('cards')
@ApiTags('cards')
@ApiBearerAuth()
@ApiProblems(401)
export class CardsController {
  constructor(private readonly cards: CardsService) {}

  @Post()
  @ApiOperation({
    operationId: 'createCard',
    summary:
      "Issue the caller's virtual card on their verified payment account (200 with the card they have)",
  })
  @ApiResponse({ status: 201, description: 'Issued', schema: schemaRef(IssuedCard) })
  @ApiOkResponse({ description: 'The caller already had this card', schema: schemaRef(IssuedCard) })
  @ApiProblems(409, 422, 503)
  async create(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) reply: FastifyReply) {
    const { created, card } = await this.cards.create(user);
    reply.status(created ? 201 : 200);
    return card;
  }

  @Get('current')
  @ApiOperation({
    operationId: 'getCurrentCard',
    summary: "The caller's virtual card (404 before they have one)",
  })
  @ApiOkResponse({ schema: schemaRef(IssuedCard) })
  @ApiProblems(404)
  current(@CurrentUser() user: AuthenticatedUser) {
    return this.cards.current(user);
  }

  @Post('current/freeze')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'freezeCard',
    summary: "Freeze the caller's card (a frozen card stays frozen)",
  })
  @ApiOkResponse({ schema: schemaRef(IssuedCard) })
  @ApiProblems(404, 409, 503)
  freeze(@CurrentUser() user: AuthenticatedUser) {
    return this.cards.setStatus(user, { status: 'inactive' });
  }

  @Post('current/unfreeze')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'unfreezeCard',
    summary: "Unfreeze the caller's card (an active card stays active)",
  })
  @ApiOkResponse({ schema: schemaRef(IssuedCard) })
  @ApiProblems(404, 409, 503)
  unfreeze(@CurrentUser() user: AuthenticatedUser) {
    return this.cards.setStatus(user, { status: 'active' });
  }
}
