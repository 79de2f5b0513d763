import {
  type CaptureCardPaymentCommand,
  CardMoneyRpc,
  type PlaceCardHoldCommand,
  PotsRpc,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

/** The pots and payments calls card authorisations need. */
@Injectable()
export class CardMoneyClient {
  constructor(private readonly rpc: RpcClient) {}

  async activePotOf(userId: string): Promise<string | null> {
    const active = await this.rpc.call(PotsRpc.getActivePotOfUser, { userId });
    return active.potId;
  }

  placeHold(command: PlaceCardHoldCommand) {
    return this.rpc.call(CardMoneyRpc.placeHold, command);
  }

  cancelHold(authorizationId: string, reason: string) {
    return this.rpc.call(CardMoneyRpc.cancelHold, { authorizationId, reason });
  }

  releaseHold(command: ReleaseCardHoldCommand) {
    return this.rpc.call(CardMoneyRpc.releaseHold, command);
  }

  capture(command: CaptureCardPaymentCommand) {
    return this.rpc.call(CardMoneyRpc.capture, command);
  }
}
