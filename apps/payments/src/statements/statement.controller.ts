import { PaymentsRpc, type StatementRequest } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { StatementService } from './statement.service';

@Controller()
export class StatementController {
  constructor(private readonly statements: StatementService) {}

  @RpcHandler(PaymentsRpc.getStatement)
  getStatement(request: StatementRequest) {
    return this.statements.statement(request);
  }
}
