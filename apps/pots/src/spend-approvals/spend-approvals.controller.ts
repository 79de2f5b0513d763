import {
  type DecideSpendApprovalCommand,
  type ListSpendApprovalsQuery,
  type RequestSpendApprovalCommand,
  SpendApprovalsRpc,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { SpendApprovalsService } from './spend-approvals.service';

@Controller()
export class SpendApprovalsController {
  constructor(private readonly approvals: SpendApprovalsService) {}

  @TellsPotMembers()
  @RpcHandler(SpendApprovalsRpc.request)
  request(command: RequestSpendApprovalCommand) {
    return this.approvals.request(command);
  }

  @TellsPotMembers()
  @RpcHandler(SpendApprovalsRpc.decide)
  decide(command: DecideSpendApprovalCommand) {
    return this.approvals.decide(command);
  }

  @RpcHandler(SpendApprovalsRpc.list)
  list(query: ListSpendApprovalsQuery) {
    return this.approvals.list(query);
  }
}
