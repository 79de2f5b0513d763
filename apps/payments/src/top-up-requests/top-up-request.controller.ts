import { CreateTopUpRequestCommand, PaymentsPatterns, TopUpRequestQuery } from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { TopUpRequestService } from './top-up-request.service';

@Controller()
export class TopUpRequestController {
  constructor(private readonly requests: TopUpRequestService) {}

  @MessagePattern(PaymentsPatterns.createTopUpRequest)
  createTopUpRequest(@Payload() payload: unknown) {
    const command = parseOrThrow(CreateTopUpRequestCommand, payload);
    return this.requests.create(command.caller, command.body);
  }

  @MessagePattern(PaymentsPatterns.getTopUpRequest)
  getTopUpRequest(@Payload() payload: unknown) {
    const query = parseOrThrow(TopUpRequestQuery, payload);
    return this.requests.get(query.caller, query.requestId);
  }
}
