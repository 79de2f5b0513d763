import { type PayExpenseFromPotCommand, PaymentsRpc, type PaySettlementCommand } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { PotPaymentsService } from './pot-payments.service';

@Controller()
export class PotPaymentsController {
  constructor(private readonly payments: PotPaymentsService) {}

  @RpcHandler(PaymentsRpc.payExpenseFromPot)
  payExpenseFromPot(command: PayExpenseFromPotCommand) {
    return this.payments.payExpenseFromPot(command);
  }

  @RpcHandler(PaymentsRpc.paySettlement)
  paySettlement(command: PaySettlementCommand) {
    return this.payments.paySettlement(command);
  }
}
