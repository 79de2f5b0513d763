import {
  type CancelTopUpCommand,
  type CreateCheckoutSessionCommand,
  type FundingSessionQuery,
  type PaymentsCallerQuery,
  PaymentsRpc,
  type QuoteFeeQuery,
  TopUpAmount,
  type TopUpQuery,
} from '@kitty/contracts';
import { parseOrThrow, RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { FundingService } from './funding.service';

@Controller()
export class FundingController {
  constructor(private readonly funding: FundingService) {}

  @RpcHandler(PaymentsRpc.quoteFee)
  quoteFee(query: QuoteFeeQuery) {
    // Quoted within the top-up limits, with the same messages as the top-up itself.
    return this.funding.quoteFee(query.caller, parseOrThrow(TopUpAmount, query.amountPence));
  }

  @RpcHandler(PaymentsRpc.createCheckoutSession)
  createCheckoutSession(command: CreateCheckoutSessionCommand) {
    return this.funding.createCheckoutSession(command.caller, command.body, command.idempotencyKey);
  }

  @RpcHandler(PaymentsRpc.getFundingSession)
  getFundingSession(query: FundingSessionQuery) {
    return this.funding.getFundingSession(query.caller, query.sessionId);
  }

  @RpcHandler(PaymentsRpc.cancelTopUp)
  cancelTopUp(command: CancelTopUpCommand) {
    return this.funding.cancelTopUp(command.caller, command.topUpId);
  }

  @RpcHandler(PaymentsRpc.getTopUp)
  getTopUp(query: TopUpQuery) {
    return this.funding.getTopUp(query.caller, query.topUpId);
  }

  @RpcHandler(PaymentsRpc.listFundingTransactions)
  listFundingTransactions(query: PaymentsCallerQuery) {
    return this.funding.listFundingTransactions(query.caller);
  }
}
