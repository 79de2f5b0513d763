import { IssuingEventQueue, StripeEventQueue } from '@kitty/contracts';
import { hmacKey, loggerModule, QueueRegistry, RedisCheck, RpcClient, RpcModule } from '@kitty/nest-common';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Pool } from 'pg';

import { AuthController } from './auth/auth.controller';
import { GatewayAuthService } from './auth/auth.service';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { RevokedSessions } from './auth/revoked-sessions';
import { VerifiedEmail, VerifiedEmailGuard } from './auth/verified-email';
import { CardsController } from './cards/cards.controller';
import { CardsService } from './cards/cards.service';
import { ClientEventsController } from './client-events/client-events.controller';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { ContactController } from './contact/contact.controller';
import { EmailPreferencesController } from './email-preferences/email-preferences.controller';
import { HealthController } from './health/health.controller';
import { PlatformHealth } from './health/health.service';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LiveController } from './live/live.controller';
import { LiveHub } from './live/live-hub';
import { AccountDeletionService } from './me/account-deletion.service';
import { AccountExportService } from './me/account-export.service';
import { ExportController } from './me/export.controller';
import { MeController } from './me/me.controller';
import { MeService } from './me/me.service';
import { SessionsController } from './me/sessions.controller';
import { NotificationsController } from './notifications/notifications.controller';
import { BankAccountController } from './onboarding/bank-account.controller';
import { OnboardingController } from './onboarding/onboarding.controller';
import { OnboardingService } from './onboarding/onboarding.service';
import { FundingController } from './payments/funding.controller';
import { StatementsController } from './payments/statements.controller';
import { TopUpRequestsController } from './payments/top-up-requests.controller';
import { WalletController } from './payments/wallet.controller';
import { WithdrawalHistoryController } from './payments/withdrawal-history.controller';
import { WithdrawalsController } from './payments/withdrawals.controller';
import { ActivePotController } from './pots/active-pot.controller';
import { ExpensesController } from './pots/expenses.controller';
import { GuestsController } from './pots/guests.controller';
import { InvitationsController } from './pots/invitations.controller';
import { PotPaymentsService } from './pots/pot-payments.service';
import { PotsController } from './pots/pots.controller';
import { ReceiptsController } from './pots/receipts.controller';
import { RecurringExpensesController } from './pots/recurring-expenses.controller';
import { SettlementChangesController } from './pots/settlement-changes.controller';
import { SpendApprovalsController } from './pots/spend-approvals.controller';
import { TransferFilesController } from './pots/transfer-files.controller';
import { StripeWebhookService } from './webhooks/stripe-webhook.service';

export function createAppModule(config: GatewayConfig) {
  @Module({
    imports: [
      loggerModule(config.LOG_LEVEL, 'gateway'),
      RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
      IdempotencyModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
      JwtModule.register({
        secret: hmacKey(config.JWT_ACCESS_SECRET),
        verifyOptions: { algorithms: ['HS256'] },
      }),
    ],
    controllers: [
      AuthController,
      MeController,
      SessionsController,
      ExportController,
      ContactController,
      EmailPreferencesController,
      ClientEventsController,
      LiveController,
      NotificationsController,
      HealthController,
      PotsController,
      ExpensesController,
      ReceiptsController,
      GuestsController,
      SpendApprovalsController,
      RecurringExpensesController,
      SettlementChangesController,
      TransferFilesController,
      InvitationsController,
      ActivePotController,
      OnboardingController,
      BankAccountController,
      CardsController,
      FundingController,
      WalletController,
      StatementsController,
      WithdrawalsController,
      WithdrawalHistoryController,
      TopUpRequestsController,
    ],
    providers: [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: APP_GUARD, useClass: JwtAuthGuard },
      RevokedSessions,
      { provide: RedisCheck, useValue: new RedisCheck(config.REDIS_URL) },
      {
        provide: PlatformHealth,
        useFactory: (rpc: RpcClient, redis: RedisCheck) =>
          new PlatformHealth(rpc, new Pool({ connectionString: config.DATABASE_URL, max: 2 }), redis),
        inject: [RpcClient, RedisCheck],
      },
      GatewayAuthService,
      VerifiedEmail,
      VerifiedEmailGuard,
      MeService,
      AccountDeletionService,
      AccountExportService,
      OnboardingService,
      CardsService,
      PotPaymentsService,
      {
        provide: QueueRegistry,
        useFactory: () =>
          new QueueRegistry(config.REDIS_URL, config.QUEUE_PREFIX, [StripeEventQueue, IssuingEventQueue]),
      },
      StripeWebhookService,
      LiveHub,
    ],
  })
  class AppModule implements OnApplicationShutdown {
    constructor(
      private readonly redisCheck: RedisCheck,
      private readonly queues: QueueRegistry,
    ) {}

    async onApplicationShutdown() {
      await Promise.all([this.redisCheck.close(), this.queues.close()]);
    }
  }
  return AppModule;
}
