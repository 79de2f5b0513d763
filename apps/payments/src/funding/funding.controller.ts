import {
  CreateCheckoutSessionCommand,
  FundingSessionQuery,
  PaymentsCallerQuery,
  PaymentsPatterns,
  QuoteFeeQuery,
  TopUpAmount,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { FundingService } from './funding.service';

@Controller()
export class FundingController {
  constructor(private readonly funding: FundingService) {}

  @MessagePattern(PaymentsPatterns.quoteFee)
  quoteFee(@Payload() payload: unknown) {
    const query = parseOrThrow(QuoteFeeQuery, payload);
    // Quoted within the top-up limits, with the same messages as the top-up itself.
    return this.funding.quoteFee(query.caller, parseOrThrow(TopUpAmount, query.amountPence));
  }

  @MessagePattern(PaymentsPatterns.createCheckoutSession)
  createCheckoutSession(@Payload() payload: unknown) {
    const command = parseOrThrow(CreateCheckoutSessionCommand, payload);
    return this.funding.createCheckoutSession(command.caller, command.body);
  }

  @MessagePattern(PaymentsPatterns.getFundingSession)
  getFundingSession(@Payload() payload: unknown) {
    const query = parseOrThrow(FundingSessionQuery, payload);
    return this.funding.getFundingSession(query.caller, query.sessionId);
  }

  @MessagePattern(PaymentsPatterns.listFundingTransactions)
  listFundingTransactions(@Payload() payload: unknown) {
    return this.funding.listFundingTransactions(parseOrThrow(PaymentsCallerQuery, payload).caller);
  }
}
