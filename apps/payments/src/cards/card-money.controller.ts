import {
  CancelCardHoldCommand,
  CaptureCardPaymentCommand,
  CardMoneyPatterns,
  PlaceCardHoldCommand,
  ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { CardMoneyService } from './card-money.service';

@Controller()
export class CardMoneyController {
  constructor(private readonly cards: CardMoneyService) {}

  @MessagePattern(CardMoneyPatterns.placeHold)
  placeHold(@Payload() payload: unknown) {
    return this.cards.placeHold(parseOrThrow(PlaceCardHoldCommand, payload));
  }

  @MessagePattern(CardMoneyPatterns.cancelHold)
  cancelHold(@Payload() payload: unknown) {
    return this.cards.cancelHold(parseOrThrow(CancelCardHoldCommand, payload));
  }

  @MessagePattern(CardMoneyPatterns.releaseHold)
  releaseHold(@Payload() payload: unknown) {
    return this.cards.releaseHold(parseOrThrow(ReleaseCardHoldCommand, payload));
  }

  @MessagePattern(CardMoneyPatterns.capture)
  capture(@Payload() payload: unknown) {
    return this.cards.capture(parseOrThrow(CaptureCardPaymentCommand, payload));
  }
}
