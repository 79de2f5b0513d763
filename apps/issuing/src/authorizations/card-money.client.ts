import {
  ActivePot,
  type CaptureCardPaymentCommand,
  CardMoneyPatterns,
  LedgerReceipt,
  type PlaceCardHoldCommand,
  PotsPatterns,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

/** The pots and payments calls card authorisations need. */
@Injectable()
export class CardMoneyClient {
  constructor(private readonly rpc: RpcClient) {}

  async activePotOf(userId: string): Promise<string | null> {
    const active = await this.rpc.send(PotsPatterns.getActivePotOfUser, { userId }, ActivePot);
    return active.potId;
  }

  placeHold(command: PlaceCardHoldCommand) {
    return this.rpc.send(CardMoneyPatterns.placeHold, command, LedgerReceipt);
  }

  cancelHold(authorizationId: string, reason: string) {
    return this.rpc.send(CardMoneyPatterns.cancelHold, { authorizationId, reason }, LedgerReceipt.nullable());
  }

  releaseHold(command: ReleaseCardHoldCommand) {
    return this.rpc.send(CardMoneyPatterns.releaseHold, command, LedgerReceipt);
  }

  capture(command: CaptureCardPaymentCommand) {
    return this.rpc.send(CardMoneyPatterns.capture, command, LedgerReceipt);
  }
}
