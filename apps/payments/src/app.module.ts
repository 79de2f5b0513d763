import { EmailQueue, PotBalanceQueue } from '@kitty/contracts';
import { serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadPaymentsConfig, PAYMENTS_CONFIG } from './config';
import { LedgerController } from './ledger/ledger.controller';
import { LedgerService } from './ledger/ledger.service';
import { LedgerCommandsService } from './ledger/ledger-commands.service';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';

export const config = loadPaymentsConfig();
const infrastructure = serviceInfrastructure({
  service: 'payments',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [PotBalanceQueue, EmailQueue] },
});

@Module({
  imports: infrastructure.imports,
  controllers: [LedgerController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: PAYMENTS_CONFIG, useValue: config },
    LedgerService,
    LedgerCommandsService,
  ],
})
export class AppModule {}
