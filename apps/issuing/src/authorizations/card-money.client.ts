import {
  type CaptureCardPaymentCommand,
  CardMoneyRpc,
  type CardSpending,
  type PlaceCardHoldCommand,
  PotsRpc,
  type ReleaseCardHoldCommand,
  SpendApprovalsRpc,
  type UseSpendApprovalCommand,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

/** The pots and payments calls card authorisations need. */
@Injectable()
export class CardMoneyClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The pot the user's card spends from, their role in it and its spending rule (one call). */
  spendingOf(userId: string): Promise<CardSpending> {
    return this.rpc.call(PotsRpc.getCardSpendingOfUser, { userId });
  }

  /** A member's card payment above the pot's approval amount uses one approval a second member gave. */
  useSpendApproval(command: UseSpendApprovalCommand) {
    return this.rpc.call(SpendApprovalsRpc.use, command);
  }

  /** The payment was declined after all: its approval can be used again. */
  releaseSpendApproval(authorizationId: string) {
    return this.rpc.call(SpendApprovalsRpc.release, { authorizationId });
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
