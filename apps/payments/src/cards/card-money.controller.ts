import {
  type AuthorizeCardPaymentCommand,
  type CancelCardHoldCommand,
  type CaptureCardPaymentCommand,
  CardMoneyRpc,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { CardMoneyService } from './card-money.service';

@Controller()
export class CardMoneyController {
  constructor(private readonly cards: CardMoneyService) {}

  @RpcHandler(CardMoneyRpc.authorize)
  authorize(command: AuthorizeCardPaymentCommand) {
    return this.cards.authorize(command);
  }

  @RpcHandler(CardMoneyRpc.cancelHold)
  cancelHold(command: CancelCardHoldCommand) {
    return this.cards.cancelHold(command);
  }

  @RpcHandler(CardMoneyRpc.releaseHold)
  releaseHold(command: ReleaseCardHoldCommand) {
    return this.cards.releaseHold(command);
  }

  @RpcHandler(CardMoneyRpc.capture)
  capture(command: CaptureCardPaymentCommand) {
    return this.cards.capture(command);
  }
}
