import { CreateWithdrawalCommand, PaymentsCallerQuery, PaymentsPatterns } from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { WalletService } from '../wallet/wallet.service';
import { WithdrawalService } from './withdrawal.service';

@Controller()
export class WithdrawalController {
  constructor(
    private readonly wallet: WalletService,
    private readonly withdrawals: WithdrawalService,
  ) {}

  @MessagePattern(PaymentsPatterns.getWallet)
  getWallet(@Payload() payload: unknown) {
    return this.wallet.get(parseOrThrow(PaymentsCallerQuery, payload).caller);
  }

  @MessagePattern(PaymentsPatterns.createWithdrawal)
  createWithdrawal(@Payload() payload: unknown) {
    const command = parseOrThrow(CreateWithdrawalCommand, payload);
    return this.withdrawals.create(command.caller, command.body);
  }

  @MessagePattern(PaymentsPatterns.listWithdrawals)
  listWithdrawals(@Payload() payload: unknown) {
    return this.withdrawals.list(parseOrThrow(PaymentsCallerQuery, payload).caller);
  }
}
