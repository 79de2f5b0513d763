import { EmailQueue } from '@kitty/contracts';
import { EmailQuota, RpcModule, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadPotsConfig, POTS_CONFIG } from './config';
import { PotsController } from './controllers/pots.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { PotBalanceProcessor } from './processors/pot-balance.processor';
import { UserDeletedProcessor } from './processors/user-deleted.processor';
import { BalancesService } from './services/balances.service';
import { ExpenseService } from './services/expense.service';
import { InvitationService } from './services/invitation.service';
import { MemberErasure } from './services/member-erasure';
import { PotService } from './services/pot.service';
import { PotBalanceProjection } from './services/pot-balance-projection';
import { PotLedger } from './services/pot-ledger';

export const config = loadPotsConfig();
const infrastructure = serviceInfrastructure({
  service: 'pots',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [EmailQueue] },
});

@Module({
  imports: [
    ...infrastructure.imports,
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [PotsController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: POTS_CONFIG, useValue: config },
    { provide: EmailQuota, useFactory: () => EmailQuota.fromUrl(config.REDIS_URL, config.QUEUE_PREFIX) },
    PotService,
    InvitationService,
    ExpenseService,
    BalancesService,
    PotLedger,
    PotBalanceProjection,
    PotBalanceProcessor,
    MemberErasure,
    UserDeletedProcessor,
  ],
})
export class AppModule {}
