import { z } from 'zod';

import { Acknowledged, apiRequestSchema, defineRpc, Uuid } from '../common';
import { MAX_EXPENSE_PENCE, Settlement } from './expense';
import { PotsCaller } from './rpc';

/**
 * A recorded payment's amount corrected. Payments made with Kitty moved money between
 * wallets and cannot be changed: a new payment corrects them.
 */
export const UpdateSettlementRequest = apiRequestSchema(
  'UpdateSettlementRequest',
  z
    .object({
      amountPence: z
        .number({ error: 'Invalid amount' })
        .int('Amounts are whole pence.')
        .positive('Invalid amount')
        .max(MAX_EXPENSE_PENCE, 'Invalid amount'),
    })
    .strict(),
);
export type UpdateSettlementRequest = z.infer<typeof UpdateSettlementRequest>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

export const UpdateSettlementCommand = withCaller({
  potId: Uuid,
  settlementId: Uuid,
  body: UpdateSettlementRequest,
});
export type UpdateSettlementCommand = z.infer<typeof UpdateSettlementCommand>;
export const UndoSettlementCommand = withCaller({ potId: Uuid, settlementId: Uuid });
export type UndoSettlementCommand = z.infer<typeof UndoSettlementCommand>;

/** Either person in a recorded payment, or the pot's owner, corrects or undoes it; the feed records both. */
export const SettlementChangesRpc = {
  update: defineRpc('pots.settlement.update.v1', UpdateSettlementCommand, Settlement),
  undo: defineRpc('pots.settlement.undo.v1', UndoSettlementCommand, Acknowledged),
} as const;
