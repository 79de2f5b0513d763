import type { DirectRows } from '@kitty/nest-common';

/** A row of pot_balance_apply: whether the transaction was new, who made it, and the pot's members now. */
export interface AppliedRow {
  inserted: boolean;
  member_name: string | null;
  member_user_ids: string[];
}

/** What pot_balance_apply records of one ledger transaction on a pot. */
export interface PotBalanceApplication {
  potId: string;
  balancePence: number;
  sequence: number;
  userId: string | null;
  direction: 'credit' | 'debit';
  description: string;
  amountPence: number;
  transactionKey: string;
  occurredAt: string;
  systemLabel: string;
  addedPence: number;
  spentPence: number;
  positionChange: number;
}

/**
 * The balance event's common part in one statement (pot_balance_apply): no row when the pot does not exist.
 * Run by `rows`: the client's direct statements alone, or a transaction's (directRowsIn).
 */
export async function applyPotBalance(
  rows: DirectRows,
  change: PotBalanceApplication,
): Promise<AppliedRow | undefined> {
  const [row] = await rows<AppliedRow>(
    `SELECT inserted, member_name, member_user_ids
       FROM pot_balance_apply($1::uuid, $2::bigint, $3::bigint, $4::uuid, $5::text, $6::text, $7::bigint, $8::text,
                              $9::timestamptz, $10::text, $11::bigint, $12::bigint, $13::bigint)`,
    change.potId,
    change.balancePence,
    change.sequence,
    change.userId,
    change.direction,
    change.description,
    change.amountPence,
    change.transactionKey,
    change.occurredAt,
    change.systemLabel,
    change.addedPence,
    change.spentPence,
    change.positionChange,
  );
  return row;
}
