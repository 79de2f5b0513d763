import { KycRequest, OnboardingStatus, RecreatePaymentAccountRequest } from '@kitty/contracts';
import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { callerOf } from '../auth/caller';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';
import { OnboardingService } from './onboarding.service';

@Controller('onboarding')
@ApiTags('onboarding')
@ApiBearerAuth()
@ApiProblems(401)
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get()
  @ApiOperation({ operationId: 'getOnboarding', summary: "The caller's onboarding step and payment account" })
  @ApiOkResponse({ schema: schemaRef(OnboardingStatus) })
  status(@CurrentUser() user: AuthenticatedUser) {
    return this.onboarding.status(user);
  }

  @Post('account')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createPaymentAccount',
    summary: "Create the caller's payment account (returns the existing one if there is one)",
  })
  @ApiOkResponse({ schema: schemaRef(OnboardingStatus) })
  @ApiProblems(422, 503)
  createAccount(@CurrentUser() user: AuthenticatedUser) {
    return this.onboarding.createAccount(user);
  }

  @Post('kyc')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'updateKyc',
    summary:
      "Verify the caller's identity: their details and their acceptance of the provider's terms (recorded with this request's IP address and user agent) go to the payment account (created if needed)",
  })
  @ApiBody({ schema: schemaRef(KycRequest) })
  @ApiOkResponse({ schema: schemaRef(OnboardingStatus) })
  @ApiProblems(400, 422, 503)
  updateKyc(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(KycRequest) body: KycRequest,
    @Req() request: FastifyRequest,
  ) {
    return this.onboarding.updateKyc(user, body, callerOf(request));
  }

  @Post('account/recreate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'recreatePaymentAccount',
    summary: 'Replace the caller’s payment account with a new one that has card issuing',
  })
  @ApiBody({ schema: schemaRef(RecreatePaymentAccountRequest), required: false })
  @ApiOkResponse({ schema: schemaRef(OnboardingStatus) })
  @ApiProblems(400, 404, 409, 422, 503)
  recreateAccount(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(RecreatePaymentAccountRequest) body: RecreatePaymentAccountRequest,
  ) {
    return this.onboarding.recreateAccount(user, body);
  }
}
