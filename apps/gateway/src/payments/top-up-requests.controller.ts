import { CreateTopUpRequest, PaymentsRpc, TopUpRequestCreated, TopUpRequestView } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RequiresVerifiedEmail } from '../auth/verified-email';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { UuidParam } from '../http/uuid-param';
import { ZodBody } from '../http/zod-body';
import { signedInCaller } from '../rpc/signed-in-caller';

@Controller('top-up-requests')
@ApiTags('top-up-requests')
@ApiBearerAuth()
@ApiProblems(401)
export class TopUpRequestsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiOperation({
    operationId: 'createTopUpRequest',
    summary: "Ask people by e-mail to top up the caller's wallet or one of their pots",
  })
  @ApiBody({ schema: schemaRef(CreateTopUpRequest) })
  @ApiResponse({ status: 201, schema: schemaRef(TopUpRequestCreated) })
  @ApiProblems(400, 404)
  @RequiresVerifiedEmail('ask friends to top up')
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(CreateTopUpRequest) body: CreateTopUpRequest) {
    return this.rpc.call(PaymentsRpc.createTopUpRequest, { caller: signedInCaller(user), body });
  }

  @Get(':requestId')
  @ApiOperation({
    operationId: 'getTopUpRequest',
    summary: 'A top-up request, for its requester or a recipient opening the e-mailed link',
  })
  @ApiOkResponse({ schema: schemaRef(TopUpRequestView) })
  @ApiProblems(400, 404)
  get(@CurrentUser() user: AuthenticatedUser, @UuidParam('requestId') requestId: string) {
    return this.rpc.call(PaymentsRpc.getTopUpRequest, { caller: signedInCaller(user), requestId });
  }
}
