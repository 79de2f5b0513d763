import { EmailQueue, NotificationQueue } from '@kitty/contracts';
import { EmailQuota, RpcModule, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { loadPotsConfig, POTS_CONFIG } from './config';
import { PotChangeNotices } from './controllers/pot-change-notices';
import { PotsController } from './controllers/pots.controller';
import { GuestsController } from './guests/guests.controller';
import { GuestsService } from './guests/guests.service';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { PotBalanceProcessor } from './processors/pot-balance.processor';
import { UserDeletedProcessor } from './processors/user-deleted.processor';
import { ReceiptsController } from './receipts/receipts.controller';
import { ReceiptsService } from './receipts/receipts.service';
import { RecurringExpenseService } from './recurring/recurring-expense.service';
import { RecurringExpensesController } from './recurring/recurring-expenses.controller';
import { RecurringExpensesProcessor } from './recurring/recurring-expenses.processor';
import { BalancesService } from './services/balances.service';
import { ExpenseService } from './services/expense.service';
import { InvitationService } from './services/invitation.service';
import { MemberErasure } from './services/member-erasure';
import { PlanExplanationService } from './services/plan-explanation';
import { PotService } from './services/pot.service';
import { PotBalanceProjection } from './services/pot-balance-projection';
import { PotLedger } from './services/pot-ledger';
import { PotRulesService } from './services/pot-rules';
import { ReminderService } from './services/reminder.service';
import { SettlementChangesController } from './settlement-changes/settlement-changes.controller';
import { SettlementChangesService } from './settlement-changes/settlement-changes.service';
import { SpendApprovalsController } from './spend-approvals/spend-approvals.controller';
import { SpendApprovalsService } from './spend-approvals/spend-approvals.service';
import { TransferFilesController } from './transfer-files/transfer-files.controller';
import { TransferFilesService } from './transfer-files/transfer-files.service';

export const config = loadPotsConfig();
const infrastructure = serviceInfrastructure({
  service: 'pots',
  config,
  prisma: PrismaService,
  outbox: { table: OUTBOX_TABLE, queues: [EmailQueue, NotificationQueue] },
});

@Module({
  imports: [
    ...infrastructure.imports,
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [
    PotsController,
    ReceiptsController,
    GuestsController,
    SpendApprovalsController,
    RecurringExpensesController,
    SettlementChangesController,
    TransferFilesController,
    ...infrastructure.controllers,
  ],
  providers: [
    ...infrastructure.providers,
    { provide: POTS_CONFIG, useValue: config },
    { provide: EmailQuota, useFactory: () => EmailQuota.fromUrl(config.REDIS_URL, config.QUEUE_PREFIX) },
    PotService,
    PotRulesService,
    InvitationService,
    ExpenseService,
    BalancesService,
    ReminderService,
    PlanExplanationService,
    TransferFilesService,
    PotLedger,
    PotBalanceProjection,
    PotBalanceProcessor,
    MemberErasure,
    UserDeletedProcessor,
    PotChangeNotices,
    RecurringExpenseService,
    RecurringExpensesProcessor,
    SettlementChangesService,
    ReceiptsService,
    GuestsService,
    SpendApprovalsService,
  ],
})
export class AppModule {}
