import {
  type AuthorizeCardPaymentCommand,
  type CaptureCardPaymentCommand,
  CardMoneyRpc,
  type ReleaseCardHoldCommand,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

/** The payments calls card authorisations need: payments decides and holds, issuing records. */
@Injectable()
export class CardMoneyClient {
  constructor(private readonly rpc: RpcClient) {}

  /** The decision on the cardholder's active pot, and its hold when approved (one call). */
  authorize(command: AuthorizeCardPaymentCommand) {
    return this.rpc.call(CardMoneyRpc.authorize, command);
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
