import { SetCardStatusRequest, VirtualCard } from '@kitty/contracts';
import { Controller, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';
import { OnboardingService } from './onboarding.service';

@Controller('card')
@ApiTags('card')
@ApiBearerAuth()
@ApiProblems(401)
export class CardController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Put('status')
  @ApiOperation({
    operationId: 'setCardStatus',
    summary: "Freeze ('inactive') or unfreeze ('active') the caller's card",
  })
  @ApiBody({ schema: schemaRef(SetCardStatusRequest) })
  @ApiOkResponse({ schema: schemaRef(VirtualCard) })
  @ApiProblems(400, 404, 409, 503)
  setStatus(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(SetCardStatusRequest) body: SetCardStatusRequest,
  ) {
    return this.onboarding.setCardStatus(user, body);
  }
}
