import {
  EmailQueue,
  NotificationQueue,
  PaymentsPotAccessQueue,
  PaymentsPotCommandsQueue,
} from '@kitty/contracts';
import { EmailQuota, RpcModule, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';

import { BalancesController } from './balances/balances.controller';
import { BalancesService } from './balances/balances.service';
import { PlanExplanationService } from './balances/plan-explanation';
import { ReminderService } from './balances/reminder.service';
import { loadPotsConfig, POTS_CONFIG } from './config';
import { PotChangeNotices } from './core/pot-change-notices';
import { UnitOfWork } from './core/unit-of-work';
import { ExpenseService } from './expenses/expense.service';
import { ExpensesController } from './expenses/expenses.controller';
import { GuestsController } from './guests/guests.controller';
import { GuestsService } from './guests/guests.service';
import { InvitationService } from './invitations/invitation.service';
import { InvitationsController } from './invitations/invitations.controller';
import { PotBalanceProcessor } from './ledger/pot-balance.processor';
import { PotBalanceProjection } from './ledger/pot-balance-projection';
import { MemberErasure } from './members/member-erasure';
import { UserDeletedProcessor } from './members/user-deleted.processor';
import { PotPaymentsController } from './pot-payments/pot-payments.controller';
import { PotPaymentsProcessor } from './pot-payments/pot-payments.processor';
import { PotService } from './pots/pot.service';
import { PotRulesService } from './pots/pot-rules';
import { PotsController } from './pots/pots.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { ReceiptsController } from './receipts/receipts.controller';
import { ReceiptsService } from './receipts/receipts.service';
import { RecurringExpenseService } from './recurring/recurring-expense.service';
import { RecurringExpensesController } from './recurring/recurring-expenses.controller';
import { RecurringExpensesProcessor } from './recurring/recurring-expenses.processor';
import { SettlementChangesController } from './settlement-changes/settlement-changes.controller';
import { SettlementChangesService } from './settlement-changes/settlement-changes.service';
import { SpendApprovalUseProcessor } from './spend-approvals/spend-approval-use.processor';
import { SpendApprovalsController } from './spend-approvals/spend-approvals.controller';
import { SpendApprovalsService } from './spend-approvals/spend-approvals.service';
import { TransferFilesController } from './transfer-files/transfer-files.controller';
import { TransferFilesService } from './transfer-files/transfer-files.service';

export const config = loadPotsConfig();
const infrastructure = serviceInfrastructure({
  service: 'pots',
  config,
  prisma: PrismaService,
  outbox: {
    table: OUTBOX_TABLE,
    queues: [EmailQueue, NotificationQueue, PaymentsPotAccessQueue, PaymentsPotCommandsQueue],
  },
});

@Module({
  imports: [
    ...infrastructure.imports,
    RpcModule.register({ redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX }),
  ],
  controllers: [
    PotsController,
    InvitationsController,
    ExpensesController,
    BalancesController,
    PotPaymentsController,
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
    PotBalanceProjection,
    PotBalanceProcessor,
    PotPaymentsProcessor,
    MemberErasure,
    UserDeletedProcessor,
    PotChangeNotices,
    UnitOfWork,
    RecurringExpenseService,
    RecurringExpensesProcessor,
    SettlementChangesService,
    ReceiptsService,
    GuestsService,
    SpendApprovalsService,
    SpendApprovalUseProcessor,
  ],
})
export class AppModule {}
