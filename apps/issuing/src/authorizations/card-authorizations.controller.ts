import { CardAuthorizationRpc, type DecideAuthorizationCommand } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { AuthorizationDecisionService } from './authorization-decision.service';

@Controller()
export class CardAuthorizationsController {
  constructor(private readonly decisions: AuthorizationDecisionService) {}

  @RpcHandler(CardAuthorizationRpc.decide)
  decide(command: DecideAuthorizationCommand) {
    return this.decisions.decide(command);
  }
}
