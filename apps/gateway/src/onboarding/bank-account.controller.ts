import { BankAccountRequest, BankAccountStatus } from '@kitty/contracts';
import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';
import { OnboardingService } from './onboarding.service';

/** The caller's own UK bank account, where their withdrawals are paid. */
@Controller('me/bank-account')
@ApiTags('onboarding')
@ApiBearerAuth()
@ApiProblems(401)
export class BankAccountController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get()
  @ApiOperation({
    operationId: 'getBankAccount',
    summary: "The caller's bank account (sort code and last 4 digits)",
  })
  @ApiOkResponse({ schema: schemaRef(BankAccountStatus) })
  get(@CurrentUser() user: AuthenticatedUser) {
    return this.onboarding.bankAccount(user);
  }

  @Put()
  @ApiOperation({
    operationId: 'setBankAccount',
    summary:
      'Set the bank account withdrawals are paid to, with the password re-entered: checked (modulus), attached to the payment account (created if needed), told to the owner by e-mail and in the app; withdrawals to an account that replaced another wait for the cooling-off period',
  })
  @ApiBody({ schema: schemaRef(BankAccountRequest) })
  @ApiOkResponse({ schema: schemaRef(BankAccountStatus) })
  @ApiProblems(400, 409, 422, 429, 503)
  set(@CurrentUser() user: AuthenticatedUser, @ZodBody(BankAccountRequest) body: BankAccountRequest) {
    return this.onboarding.setBankAccount(user, body);
  }
}
