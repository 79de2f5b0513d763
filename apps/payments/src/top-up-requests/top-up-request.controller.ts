import { type CreateTopUpRequestCommand, PaymentsRpc, type TopUpRequestQuery } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TopUpRequestService } from './top-up-request.service';

@Controller()
export class TopUpRequestController {
  constructor(private readonly requests: TopUpRequestService) {}

  @RpcHandler(PaymentsRpc.createTopUpRequest)
  createTopUpRequest(command: CreateTopUpRequestCommand) {
    return this.requests.create(command.caller, command.body);
  }

  @RpcHandler(PaymentsRpc.getTopUpRequest)
  getTopUpRequest(query: TopUpRequestQuery) {
    return this.requests.get(query.caller, query.requestId);
  }
}
