import { serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { OnboardingService } from './accounts/onboarding.service';
import { PaymentAccountRepository } from './accounts/payment-account.repository';
import { createStripeClient, STRIPE_CLIENT, StripeAccounts } from './accounts/stripe-accounts';
import { StripeCards } from './cards/stripe-cards';
import { VirtualCardRepository } from './cards/virtual-card.repository';
import { VirtualCardService } from './cards/virtual-card.service';
import { ISSUING_CONFIG, loadIssuingConfig } from './config';
import { IssuingController } from './controllers/issuing.controller';
import { PrismaService } from './prisma.service';

export const config = loadIssuingConfig();
const infrastructure = serviceInfrastructure({ service: 'issuing', config, prisma: PrismaService });

@Module({
  imports: infrastructure.imports,
  controllers: [IssuingController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: ISSUING_CONFIG, useValue: config },
    { provide: STRIPE_CLIENT, useValue: createStripeClient(config) },
    StripeAccounts,
    PaymentAccountRepository,
    OnboardingService,
    StripeCards,
    VirtualCardRepository,
    VirtualCardService,
  ],
})
export class AppModule {}
