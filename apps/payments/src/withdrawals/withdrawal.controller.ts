import {
  type CancelWithdrawalCommand,
  type CreateWithdrawalCommand,
  type DecideWithdrawalCommand,
  type PaymentsCallerQuery,
  PaymentsRpc,
  type PotWithdrawalApprovalsQuery,
  type WithdrawalHistoryRequest,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { WalletService } from '../wallet/wallet.service';
import { WithdrawalService } from './withdrawal.service';

@Controller()
export class WithdrawalController {
  constructor(
    private readonly wallet: WalletService,
    private readonly withdrawals: WithdrawalService,
  ) {}

  @RpcHandler(PaymentsRpc.getWallet)
  getWallet(query: PaymentsCallerQuery) {
    return this.wallet.get(query.caller);
  }

  @RpcHandler(PaymentsRpc.createWithdrawal)
  createWithdrawal(command: CreateWithdrawalCommand) {
    return this.withdrawals.create(command.caller, command.body, command.idempotencyKey);
  }

  @RpcHandler(PaymentsRpc.listWithdrawals)
  listWithdrawals(query: PaymentsCallerQuery) {
    return this.withdrawals.list(query.caller);
  }

  @RpcHandler(PaymentsRpc.withdrawalHistory)
  withdrawalHistory(request: WithdrawalHistoryRequest) {
    return this.withdrawals.history(request);
  }

  @RpcHandler(PaymentsRpc.decideWithdrawal)
  decideWithdrawal(command: DecideWithdrawalCommand) {
    return this.withdrawals.decide(command.caller, command.withdrawalId, command.decision);
  }

  @RpcHandler(PaymentsRpc.cancelWithdrawal)
  cancelWithdrawal(command: CancelWithdrawalCommand) {
    return this.withdrawals.cancel(command.caller, command.withdrawalId);
  }

  @RpcHandler(PaymentsRpc.listWithdrawalApprovals)
  listWithdrawalApprovals(query: PotWithdrawalApprovalsQuery) {
    return this.withdrawals.listApprovals(query.caller, query.potId);
  }
}
