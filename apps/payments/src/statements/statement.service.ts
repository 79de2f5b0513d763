import type { Statement, StatementEntry, StatementRequest } from '@kitty/contracts';
import { penceFromBigInt } from '@kitty/money';
import { Injectable } from '@nestjs/common';

import { potAccount, walletAccount } from '../ledger/accounts';
import { PeerServices } from '../peers/peer-services';
import { type Bounds, type EntryRow, StatementRepository } from './statement.repository';

const CARD_KINDS = new Set(['card_hold', 'card_capture', 'card_release']);

/**
 * The Stripe authorisation a card movement's ledger key names: its hold (`card-hold:<id>`), the hold
 * given back whole (`card-release:<id>`, or the hold's reversal when it was declined in flight). A capture
 * and what it gives back are keyed by the card transaction, and name their authorisation in the posting.
 */
const CARD_AUTHORIZATION_KEY = /^(?:reversal:)?card-(?:hold|release):(iauth_[A-Za-z0-9]+)$/;

function cardAuthorizationOf(row: EntryRow): string | null {
  if (!CARD_KINDS.has(row.kind)) return null;
  return row.authorization_id ?? CARD_AUTHORIZATION_KEY.exec(row.idempotency_key)?.[1] ?? null;
}

/**
 * A month of the caller's wallet or of a pot they belong to, read from the append-only ledger. The month
 * is cut by account sequence (the last posting made before each bound), not by timestamps alone, so that
 * consecutive statements chain exactly: each opening balance is the previous closing balance, and opening
 * plus the movements is the closing balance even when concurrent postings straddle midnight.
 */
@Injectable()
export class StatementService {
  constructor(
    private readonly ledger: StatementRepository,
    private readonly peers: PeerServices,
  ) {}

  async statement({ caller, source, month }: StatementRequest): Promise<Statement> {
    const pot = source.type === 'pot' ? await this.peers.potMembers(caller, source.potId) : null;
    const account =
      source.type === 'wallet'
        ? { id: walletAccount(caller.userId), type: 'wallet' as const, name: 'Your Kitty wallet' }
        : { id: potAccount(source.potId), type: 'pot' as const, name: pot!.potName };

    const bounds = await this.ledger.monthBounds(account.id, month);
    const entries = await this.ledger.entriesWithin(account.id, bounds);
    const memberName = (userId: string | null) =>
      pot && userId ? (pot.names.get(userId) ?? FORMER_MEMBER) : null;
    return toStatement(
      account,
      month,
      bounds,
      entries.map((row) => toEntry(row, memberName(row.user_id))),
    );
  }
}

/** Who moved a pot's money but is no longer among its members. */
const FORMER_MEMBER = 'A former member';

function toEntry(row: EntryRow, memberName: string | null): StatementEntry {
  const amountPence = penceFromBigInt(row.amount_pence);
  return {
    transactionId: row.transaction_id,
    occurredAt: row.created_at.toISOString(),
    kind: row.kind,
    description: row.description,
    amountPence,
    // Only a top-up's credit carries its fee (paid on top by the payer, never taken from the account).
    feePence: row.kind === 'top_up' && amountPence > 0 ? Number(row.fee_pence ?? 0) : 0,
    balanceAfterPence: penceFromBigInt(row.balance_after),
    memberName,
    cardAuthorizationId: cardAuthorizationOf(row),
  };
}

function toStatement(
  account: { type: 'wallet' | 'pot'; name: string },
  month: string,
  bounds: Bounds,
  entries: StatementEntry[],
): Statement {
  const openingBalancePence = bounds.opening === null ? 0 : penceFromBigInt(bounds.opening);
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const byCard = (entry: StatementEntry) => CARD_KINDS.has(entry.kind);
  const others = entries.filter((entry) => !byCard(entry)).map((entry) => entry.amountPence);
  // Holds, captures and releases net out: a released hold is neither money out nor money in.
  const cardNet = sum(entries.filter(byCard).map((entry) => entry.amountPence));
  return {
    account: { type: account.type, name: account.name },
    month,
    from: bounds.from_at.toISOString(),
    to: bounds.to_at.toISOString(),
    openingBalancePence,
    closingBalancePence: entries.at(-1)?.balanceAfterPence ?? openingBalancePence,
    moneyInPence: sum(others.filter((amount) => amount > 0)) + Math.max(cardNet, 0),
    moneyOutPence: -sum(others.filter((amount) => amount < 0)) - Math.min(cardNet, 0),
    feesPence: sum(entries.map((e) => e.feePence)),
    entries,
  };
}
