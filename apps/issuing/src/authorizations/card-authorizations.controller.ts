import { CardAuthorizationPatterns, DecideAuthorizationCommand } from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { AuthorizationDecisionService } from './authorization-decision.service';

@Controller()
export class CardAuthorizationsController {
  constructor(private readonly decisions: AuthorizationDecisionService) {}

  @MessagePattern(CardAuthorizationPatterns.decide)
  decide(@Payload() payload: unknown) {
    return this.decisions.decide(parseOrThrow(DecideAuthorizationCommand, payload));
  }
}
