import {
  type BankAccountStatus,
  type CardPurchase,
  type CardQuery,
  IssuingRpc,
  type OnboardingQuery,
  type PaymentAccountCommand,
  type ProvisionWalletCommand,
  type SetBankAccountCommand,
  type SetCardStatusCommand,
  type UpdateKycCommand,
  type VerificationQuery,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { BankAccountService } from '../accounts/bank-account.service';
import { OnboardingService } from '../accounts/onboarding.service';
import { CardAuthorizationRepository } from '../authorizations/card-authorization.repository';
import { VirtualCardService } from '../cards/virtual-card.service';

@Controller()
export class IssuingController {
  constructor(
    private readonly onboarding: OnboardingService,
    private readonly bankAccounts: BankAccountService,
    private readonly cards: VirtualCardService,
    private readonly authorizations: CardAuthorizationRepository,
  ) {}

  @RpcHandler(IssuingRpc.listCardPurchases)
  async listCardPurchases({ caller }: CardQuery): Promise<CardPurchase[]> {
    const rows = await this.authorizations.listOfUser(caller.userId);
    return rows.map((row) => ({
      id: row.id,
      merchant: row.merchantName,
      amountPence: row.amountPence,
      currency: row.currency,
      decision: row.decision === 'approved' || row.decision === 'declined' ? row.decision : null,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  @RpcHandler(IssuingRpc.getOnboarding)
  getOnboarding(query: OnboardingQuery) {
    return this.onboarding.currentStatus(query.caller);
  }

  @RpcHandler(IssuingRpc.createAccount)
  createAccount(command: PaymentAccountCommand) {
    return this.onboarding.createAccount(command.caller);
  }

  @RpcHandler(IssuingRpc.updateKyc)
  updateKyc({ caller, body }: UpdateKycCommand) {
    return this.onboarding.updateKyc(caller, body);
  }

  @RpcHandler(IssuingRpc.recreateAccount)
  recreateAccount(command: PaymentAccountCommand) {
    return this.onboarding.recreateAccount(command.caller);
  }

  @RpcHandler(IssuingRpc.getBankAccount)
  getBankAccount(query: OnboardingQuery): Promise<BankAccountStatus> {
    return this.bankAccounts.current(query.caller);
  }

  @RpcHandler(IssuingRpc.setBankAccount)
  setBankAccount({ caller, body }: SetBankAccountCommand): Promise<BankAccountStatus> {
    return this.bankAccounts.set(caller, body);
  }

  @RpcHandler(IssuingRpc.createCard)
  createCard(command: CardQuery) {
    return this.cards.create(command.caller);
  }

  @RpcHandler(IssuingRpc.getCard)
  getCard(query: CardQuery) {
    return this.cards.current(query.caller);
  }

  @RpcHandler(IssuingRpc.setCardStatus)
  setCardStatus({ caller, body }: SetCardStatusCommand) {
    return this.cards.setStatus(caller, body);
  }

  @RpcHandler(IssuingRpc.provisionWallet)
  provisionWallet({ caller, body }: ProvisionWalletCommand) {
    return this.cards.provisionWallet(caller, body.walletType);
  }

  @RpcHandler(IssuingRpc.getVerification)
  getVerification(query: VerificationQuery) {
    return this.onboarding.verification(query.userId);
  }
}
