import {
  type BankAccountStatus,
  IssuingRpc,
  type OnboardingQuery,
  type PaymentAccountCommand,
  type RecreatePaymentAccountCommand,
  type SetBankAccountCommand,
  type UpdateKycCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { BankAccountService } from './bank-account.service';
import { OnboardingService } from './onboarding.service';

/** The payment account: onboarding and the user's own bank account for payouts. */
@Controller()
export class AccountsController {
  constructor(
    private readonly onboarding: OnboardingService,
    private readonly bankAccounts: BankAccountService,
  ) {}

  @RpcHandler(IssuingRpc.getOnboarding)
  getOnboarding(query: OnboardingQuery) {
    return this.onboarding.currentStatus(query.caller);
  }

  @RpcHandler(IssuingRpc.createAccount)
  createAccount(command: PaymentAccountCommand) {
    return this.onboarding.createAccount(command.caller);
  }

  @RpcHandler(IssuingRpc.updateKyc)
  updateKyc({ caller, body, acceptance }: UpdateKycCommand) {
    return this.onboarding.updateKyc(caller, body, acceptance);
  }

  @RpcHandler(IssuingRpc.recreateAccount)
  recreateAccount(command: RecreatePaymentAccountCommand) {
    return this.onboarding.recreateAccount(command.caller, command.body);
  }

  @RpcHandler(IssuingRpc.getBankAccount)
  getBankAccount(query: OnboardingQuery): Promise<BankAccountStatus> {
    return this.bankAccounts.current(query.caller);
  }

  @RpcHandler(IssuingRpc.setBankAccount)
  setBankAccount({ caller, body }: SetBankAccountCommand): Promise<BankAccountStatus> {
    return this.bankAccounts.set(caller, body);
  }
}
