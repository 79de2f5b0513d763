import { z } from 'zod';

import { AccountSession, Me } from '../auth';
import { apiSchema, IsoDateTime } from '../common';
import { CardPurchase } from '../issuing';
import { FundingTransaction, Withdrawal } from '../payments';
import { Expense, PotSummary, PotTransaction, Settlement } from '../pots';

/** One pot as the export shows it: the pot, its expenses and settlements, its recent money movements. */
export const ExportedPot = apiSchema(
  'ExportedPot',
  PotSummary.extend({
    expenses: z.array(Expense),
    settlements: z.array(Settlement),
    transactions: z.array(PotTransaction),
  }),
);
export type ExportedPot = z.infer<typeof ExportedPot>;

/** Everything Kitty holds about the caller (UK GDPR right of access and portability). */
export const AccountExport = apiSchema(
  'AccountExport',
  z.object({
    exportedAt: IsoDateTime,
    profile: Me,
    sessions: z.array(AccountSession),
    pots: z.array(ExportedPot),
    topUps: z.array(FundingTransaction),
    withdrawals: z.array(Withdrawal),
    cardPurchases: z.array(CardPurchase),
  }),
);
export type AccountExport = z.infer<typeof AccountExport>;

/** The export's tables, each also offered as CSV. */
export const EXPORT_DATASETS = [
  'pots',
  'expenses',
  'settlements',
  'top-ups',
  'withdrawals',
  'card-purchases',
] as const;
export const ExportDataset = z.enum(EXPORT_DATASETS, {
  error: `dataset must be one of ${EXPORT_DATASETS.join(', ')}.`,
});
export type ExportDataset = z.infer<typeof ExportDataset>;
