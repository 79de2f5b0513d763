import { type CardQuery, IssuingRpc, type SetCardStatusCommand } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { VirtualCardService } from './virtual-card.service';

/** The user's virtual card: issued, shown, frozen or cancelled. */
@Controller()
export class CardsController {
  constructor(private readonly cards: VirtualCardService) {}

  @RpcHandler(IssuingRpc.createCard)
  createCard(command: CardQuery) {
    return this.cards.create(command.caller);
  }

  @RpcHandler(IssuingRpc.getCard)
  getCard(query: CardQuery) {
    return this.cards.current(query.caller);
  }

  @RpcHandler(IssuingRpc.setCardStatus)
  setCardStatus({ caller, body }: SetCardStatusCommand) {
    return this.cards.setStatus(caller, body);
  }
}
