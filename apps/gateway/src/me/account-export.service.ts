import {
  type AccountExport,
  AuthRpc,
  type ExportDataset,
  IssuingRpc,
  PaymentsRpc,
  PotsRpc,
} from '@kitty/contracts';
import { type CsvCell, poundsOf, RpcClient, toCsv } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { signedInCaller } from '../rpc/signed-in-caller';
import { MeService } from './me.service';

/** The caller's data, read from each service as the caller (so only what they may see), as JSON or CSV. */
@Injectable()
export class AccountExportService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly me: MeService,
  ) {}

  async export(user: AuthenticatedUser): Promise<AccountExport> {
    const caller = signedInCaller(user);
    const [profile, sessions, active, archived, topUps, withdrawals, cardPurchases] = await Promise.all([
      this.me.me(user.id),
      this.rpc.call(AuthRpc.listSessions, { userId: user.id, currentSessionId: user.sessionId ?? null }),
      this.rpc.call(PotsRpc.listPots, { caller }),
      // An archived pot is still the user's history: its payments belong in what they take away.
      this.rpc.call(PotsRpc.listArchivedPots, { caller }),
      this.rpc.call(PaymentsRpc.listFundingTransactions, { caller }),
      this.rpc.call(PaymentsRpc.listWithdrawals, { caller }),
      this.rpc.call(IssuingRpc.listCardPurchases, { caller }),
    ]);
    const pots = await Promise.all(
      [...active, ...archived].map(async (summary) => {
        const query = { caller, potId: summary.id };
        const [detail, expenses, settlements] = await Promise.all([
          this.rpc.call(PotsRpc.getPot, query),
          this.rpc.call(PotsRpc.listExpenses, query),
          this.rpc.call(PotsRpc.listSettlements, query),
        ]);
        return { ...summary, expenses, settlements, transactions: detail.transactions };
      }),
    );
    return {
      exportedAt: new Date().toISOString(),
      profile,
      sessions: sessions.sessions,
      pots,
      topUps,
      withdrawals,
      cardPurchases,
    };
  }

  /** One table of the export as CSV (amounts in pounds, exact). */
  async exportCsv(user: AuthenticatedUser, dataset: ExportDataset): Promise<string> {
    const data = await this.export(user);
    const memberName = (potId: string, memberId: string | null) =>
      data.pots.find(({ id }) => id === potId)?.members.find((member) => member.id === memberId)?.name ?? '';
    switch (dataset) {
      case 'pots':
        return toCsv(
          ['pot_id', 'name', 'description', 'balance_gbp', 'members', 'created_at'],
          data.pots.map((pot) => ({
            pot_id: pot.id,
            name: pot.name,
            description: pot.description,
            balance_gbp: poundsOf(pot.balancePence),
            members: pot.members.map(({ name }) => name).join('; '),
            created_at: pot.createdAt,
          })),
        );
      case 'expenses':
        return toCsv(
          [
            'pot',
            'expense_id',
            'date',
            'description',
            'amount_gbp',
            'paid_from',
            'paid_by',
            'split',
            'shares',
            'status',
          ],
          data.pots.flatMap((pot) =>
            pot.expenses.map((expense) => ({
              pot: pot.name,
              expense_id: expense.id,
              date: expense.createdAt,
              description: expense.description,
              amount_gbp: poundsOf(expense.amountPence),
              paid_from: expense.paidFrom,
              // One payer by name as before; several with what each paid, like the shares.
              paid_by:
                expense.paidFrom === 'pot'
                  ? pot.name
                  : expense.payers.length === 1
                    ? memberName(pot.id, expense.payerMemberId)
                    : expense.payers
                        .map((payer) => `${payer.name} ${poundsOf(payer.amountPence)}`)
                        .join('; '),
              split: expense.splitMode,
              shares: expense.shares
                .map((share) => `${share.name} ${poundsOf(share.amountPence)}`)
                .join('; '),
              status: expense.status,
            })),
          ),
        );
      case 'settlements':
        return toCsv(
          ['pot', 'settlement_id', 'date', 'from', 'to', 'amount_gbp', 'paid_with_kitty', 'status'],
          data.pots.flatMap((pot) =>
            pot.settlements.map((settlement) => ({
              pot: pot.name,
              settlement_id: settlement.id,
              date: settlement.createdAt,
              from: memberName(pot.id, settlement.fromMemberId),
              to: memberName(pot.id, settlement.toMemberId),
              amount_gbp: poundsOf(settlement.amountPence),
              paid_with_kitty: settlement.paidWithKitty,
              status: settlement.status,
            })),
          ),
        );
      case 'top-ups':
        return toCsv(
          ['top_up_id', 'date', 'amount_gbp', 'fee_gbp', 'method', 'destination', 'status', 'completed_at'],
          data.topUps.map((topUp) => ({
            top_up_id: topUp.id,
            date: topUp.createdAt,
            amount_gbp: poundsOf(topUp.amountPence),
            fee_gbp: poundsOf(topUp.feePence),
            method: topUp.method,
            destination: topUp.destination.name,
            status: topUp.status,
            completed_at: topUp.completedAt,
          })),
        );
      case 'withdrawals':
        return toCsv(
          ['withdrawal_id', 'date', 'amount_gbp', 'from', 'status', 'failure_reason', 'settled_at'],
          data.withdrawals.map((withdrawal) => ({
            withdrawal_id: withdrawal.id,
            date: withdrawal.createdAt,
            amount_gbp: poundsOf(withdrawal.amountPence),
            from: withdrawal.source.name,
            status: withdrawal.status,
            failure_reason: withdrawal.failureReason,
            settled_at: withdrawal.settledAt,
          })),
        );
      case 'card-purchases':
        return toCsv(
          ['purchase_id', 'date', 'merchant', 'amount', 'currency', 'decision', 'status'],
          data.cardPurchases.map((purchase): Record<string, CsvCell> => ({
            purchase_id: purchase.id,
            date: purchase.createdAt,
            merchant: purchase.merchant,
            amount: poundsOf(purchase.amountPence),
            currency: purchase.currency.toUpperCase(),
            decision: purchase.decision,
            status: purchase.status,
          })),
        );
    }
  }
}
