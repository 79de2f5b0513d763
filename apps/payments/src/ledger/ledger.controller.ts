import {
  PaymentsPatterns,
  ReverseTransactionCommand,
  SpendFromPotCommand,
  TransferBetweenWalletsCommand,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { LedgerCommandsService } from './ledger-commands.service';

@Controller()
export class LedgerController {
  constructor(private readonly commands: LedgerCommandsService) {}

  @MessagePattern(PaymentsPatterns.spendFromPot)
  spendFromPot(@Payload() payload: unknown) {
    return this.commands.spendFromPot(parseOrThrow(SpendFromPotCommand, payload));
  }

  @MessagePattern(PaymentsPatterns.transferBetweenWallets)
  transferBetweenWallets(@Payload() payload: unknown) {
    return this.commands.transferBetweenWallets(parseOrThrow(TransferBetweenWalletsCommand, payload));
  }

  @MessagePattern(PaymentsPatterns.reverseTransaction)
  reverseTransaction(@Payload() payload: unknown) {
    return this.commands.reverseTransaction(parseOrThrow(ReverseTransactionCommand, payload));
  }
}
