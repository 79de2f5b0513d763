import {
  CardAuthorizationRpc,
  type CardPurchase,
  type CardQuery,
  type DecideAuthorizationCommand,
  IssuingRpc,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { AuthorizationDecisionService } from './authorization-decision.service';
import { CardAuthorizationRepository } from './card-authorization.repository';

@Controller()
export class CardAuthorizationsController {
  constructor(
    private readonly decisions: AuthorizationDecisionService,
    private readonly authorizations: CardAuthorizationRepository,
  ) {}

  @RpcHandler(CardAuthorizationRpc.decide)
  decide(command: DecideAuthorizationCommand) {
    return this.decisions.decide(command);
  }

  @RpcHandler(IssuingRpc.listCardPurchases)
  async listCardPurchases({ caller }: CardQuery): Promise<CardPurchase[]> {
    const rows = await this.authorizations.listOfUser(caller.userId);
    return rows.map((row) => ({
      id: row.id,
      merchant: row.merchantName,
      amountPence: row.amountPence,
      currency: row.currency,
      decision: row.decision === 'approved' || row.decision === 'declined' ? row.decision : null,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
