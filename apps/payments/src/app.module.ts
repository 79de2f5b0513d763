import {
  EmailQueue,
  NotificationQueue,
  PayoutQueue,
  PotBalanceQueue,
  PotPaymentsQueue,
  PotsSpendApprovalUseQueue,
} from '@kitty/contracts';
import {
  createStripeClient,
  EmailQuota,
  RpcModule,
  serviceInfrastructure,
  STRIPE_CLIENT,
} from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { CardAuthorizationRepository } from './cards/card-authorization.repository';
import { CardMoneyController } from './cards/card-money.controller';
import { CardMoneyService } from './cards/card-money.service';
import { CardSpendingRepository } from './cards/card-spending.repository';
import { loadPaymentsConfig, PAYMENTS_CONFIG } from './config';
import { FundingController } from './funding/funding.controller';
import { FundingService } from './funding/funding.service';
import { FundingTransactionsRepository } from './funding/funding-transactions.repository';
import { LedgerService } from './ledger/ledger.service';
import { PaymentAccountProcessor } from './payment-accounts/payment-account.processor';
import {
  PAYMENT_ACCOUNT_READER,
  PaymentAccountRepository,
} from './payment-accounts/payment-account.repository';
import { PeerServices } from './peers/peer-services';
import { PotAccessProcessor } from './pot-access/pot-access.processor';
import { POT_ACCESS_READER, PotAccessRepository } from './pot-access/pot-access.repository';
import { PotCommandsProcessor } from './pot-payments/pot-commands.processor';
import { PotPaymentsController } from './pot-payments/pot-payments.controller';
import { PotPaymentsService } from './pot-payments/pot-payments.service';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { ReconciliationProcessor } from './reconciliation/reconciliation.processor';
import { ReconciliationRepository } from './reconciliation/reconciliation.repository';
import { ReconciliationService } from './reconciliation/reconciliation.service';
import { StatementController } from './statements/statement.controller';
import { StatementRepository } from './statements/statement.repository';
import { StatementService } from './statements/statement.service';
import { StripeGateway } from './stripe/stripe-gateway';
import { StripeEventProcessor } from './stripe-events/stripe-event.processor';
import { StripeEventRepository } from './stripe-events/stripe-event.repository';
import { StripeEventService } from './stripe-events/stripe-event.service';
import { TopUpCreditService } from './stripe-events/top-up-credit.service';
import { TopUpRequestController } from './top-up-requests/top-up-request.controller';
import { TopUpRequestService } from './top-up-requests/top-up-request.service';
import { WalletController } from './wallet/wallet.controller';
import { WalletService } from './wallet/wallet.service';
import { WalletClosingRepository } from './wallet/wallet-closing.repository';
import { WalletClosingService } from './wallet/wallet-closing.service';
import { PayoutProcessor } from './withdrawals/payout.processor';
import { PayoutService } from './withdrawals/payout.service';
import { WithdrawalController } from './withdrawals/withdrawal.controller';
import { WithdrawalService } from './withdrawals/withdrawal.service';

export const config = loadPaymentsConfig();
const infrastructure = serviceInfrastructure({
  service: 'payments',
  config,
  prisma: PrismaService,
  outbox: {
    table: OUTBOX_TABLE,
    queues: [
      PotBalanceQueue,
      PotPaymentsQueue,
      EmailQueue,
      PayoutQueue,
      NotificationQueue,
      PotsSpendApprovalUseQueue,
    ],
  },
});

@Module({
  imports: [
    ...infrastructure.imports,
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [
    PotPaymentsController,
    CardMoneyController,
    FundingController,
    WithdrawalController,
    TopUpRequestController,
    StatementController,
    WalletController,
    ...infrastructure.controllers,
  ],
  providers: [
    ...infrastructure.providers,
    { provide: PAYMENTS_CONFIG, useValue: config },
    { provide: EmailQuota, useFactory: () => EmailQuota.fromUrl(config.REDIS_URL, config.QUEUE_PREFIX) },
    LedgerService,
    PotPaymentsService,
    PotCommandsProcessor,
    CardMoneyService,
    CardSpendingRepository,
    CardAuthorizationRepository,
    { provide: STRIPE_CLIENT, useFactory: () => createStripeClient(config) },
    StripeGateway,
    PotAccessRepository,
    { provide: POT_ACCESS_READER, useExisting: PotAccessRepository },
    PotAccessProcessor,
    PaymentAccountRepository,
    { provide: PAYMENT_ACCOUNT_READER, useExisting: PaymentAccountRepository },
    PaymentAccountProcessor,
    PeerServices,
    FundingService,
    WalletService,
    WalletClosingRepository,
    WalletClosingService,
    StatementRepository,
    StatementService,
    WithdrawalService,
    PayoutService,
    PayoutProcessor,
    TopUpRequestService,
    TopUpCreditService,
    StripeEventRepository,
    StripeEventService,
    FundingTransactionsRepository,
    StripeEventProcessor,
    ReconciliationRepository,
    ReconciliationService,
    ReconciliationProcessor,
  ],
})
export class AppModule {}
