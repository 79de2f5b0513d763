import {
  PaymentsRpc,
  type ReverseTransactionCommand,
  type SpendFromPotCommand,
  type TransferBetweenWalletsCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { LedgerCommandsService } from './ledger-commands.service';

@Controller()
export class LedgerController {
  constructor(private readonly commands: LedgerCommandsService) {}

  @RpcHandler(PaymentsRpc.spendFromPot)
  spendFromPot(command: SpendFromPotCommand) {
    return this.commands.spendFromPot(command);
  }

  @RpcHandler(PaymentsRpc.transferBetweenWallets)
  transferBetweenWallets(command: TransferBetweenWalletsCommand) {
    return this.commands.transferBetweenWallets(command);
  }

  @RpcHandler(PaymentsRpc.reverseTransaction)
  reverseTransaction(command: ReverseTransactionCommand) {
    return this.commands.reverseTransaction(command);
  }
}
