import { EmailQueue } from '@kitty/contracts';
import { serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadPotsConfig, POTS_CONFIG } from './config';
import { PotsController } from './controllers/pots.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { BalancesService } from './services/balances.service';
import { ExpenseService } from './services/expense.service';
import { InvitationService } from './services/invitation.service';
import { PotService } from './services/pot.service';

export const config = loadPotsConfig();
const infrastructure = serviceInfrastructure({
  service: 'pots',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [EmailQueue] },
});

@Module({
  imports: infrastructure.imports,
  controllers: [PotsController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: POTS_CONFIG, useValue: config },
    PotService,
    InvitationService,
    ExpenseService,
    BalancesService,
  ],
})
export class AppModule {}
