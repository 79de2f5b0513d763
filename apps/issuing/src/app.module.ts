import {
  EmailQueue,
  NotificationQueue,
  PaymentsPaymentAccountsQueue,
  ResidencyQueue,
} from '@kitty/contracts';
import { createStripeClient, RpcModule, serviceInfrastructure, STRIPE_CLIENT } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { AccountsController } from './accounts/accounts.controller';
import { BankAccountService } from './accounts/bank-account.service';
import { OnboardingService } from './accounts/onboarding.service';
import { PaymentAccountRepository } from './accounts/payment-account.repository';
import { StripeAccounts } from './accounts/stripe-accounts';
import { AuthorizationDecisionService } from './authorizations/authorization-decision.service';
import { CardAuthorizationRepository } from './authorizations/card-authorization.repository';
import { CardAuthorizationsController } from './authorizations/card-authorizations.controller';
import { CardMoneyClient } from './authorizations/card-money.client';
import { IssuingEventProcessor } from './authorizations/issuing-event.processor';
import { IssuingEventService } from './authorizations/issuing-event.service';
import { CardsController } from './cards/cards.controller';
import { StripeCards } from './cards/stripe-cards';
import { UserDeletedProcessor } from './cards/user-deleted.processor';
import { VirtualCardRepository } from './cards/virtual-card.repository';
import { VirtualCardService } from './cards/virtual-card.service';
import { ISSUING_CONFIG, loadIssuingConfig } from './config';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';

export const config = loadIssuingConfig();
const infrastructure = serviceInfrastructure({
  service: 'issuing',
  config,
  prisma: PrismaService,
  // A completed identity check tells residency the address's country; a card payment a pot
  // rule declines tells its holder; a set or changed bank account tells its owner by e-mail
  // and in the app; every change to what payments decides money on (verified, where payouts go) tells
  // payments. Every queue written to the outbox must be listed: a
  // message for one that is not stops the relay, and everything queued behind it.
  outbox: {
    table: OUTBOX_TABLE,
    queues: [ResidencyQueue, NotificationQueue, EmailQueue, PaymentsPaymentAccountsQueue],
  },
});

@Module({
  imports: [
    ...infrastructure.imports,
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [
    AccountsController,
    CardsController,
    CardAuthorizationsController,
    ...infrastructure.controllers,
  ],
  providers: [
    ...infrastructure.providers,
    { provide: ISSUING_CONFIG, useValue: config },
    { provide: STRIPE_CLIENT, useValue: createStripeClient(config) },
    StripeAccounts,
    PaymentAccountRepository,
    OnboardingService,
    BankAccountService,
    StripeCards,
    VirtualCardRepository,
    VirtualCardService,
    CardAuthorizationRepository,
    CardMoneyClient,
    AuthorizationDecisionService,
    IssuingEventService,
    IssuingEventProcessor,
    UserDeletedProcessor,
  ],
})
export class AppModule {}
