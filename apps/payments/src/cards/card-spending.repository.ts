import { PaymentsJobs, POT_RULES, type PotRule } from '@kitty/contracts';
import { outboxMessage } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService, type Tx } from '../prisma.service';

/** What a card payment is decided on: the cardholder's card pot as payments' projection has it. */
export interface CardSpending {
  /** null: no active pot. */
  potId: string | null;
  /** false: archived (or not heard of yet). */
  potIsActive: boolean;
  /** null: not a member of it (left, removed, or never). */
  role: 'owner' | 'member' | null;
  spendRule: PotRule;
  approvalAbovePence: number;
}

interface SpendingRow {
  pot_id: string | null;
  is_active: boolean | null;
  role: string | null;
  spend_rule: string | null;
  approval_above_pence: number | null;
}

/** An approval's use as it changed, for pots. */
interface ApprovalUse {
  id: string;
  pot_id: string;
  used_at: Date | null;
  use_version: bigint;
}

/**
 * Payments' projection of pots' card facts (`card_pots`, `pot_access`, `card_spend_approvals`), read and
 * used while Stripe waits for a card decision.
 */
@Injectable()
export class CardSpendingRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One statement past Prisma's query path (ADR 0017): every authorisation Stripe waits on reads it. */
  async spendingOf(userId: string): Promise<CardSpending> {
    const [row] = await this.prisma.directRows<SpendingRow>(
      `SELECT c.pot_id, a.is_active, a.rules->>'spendRule' AS spend_rule,
              (a.rules->>'approvalAbovePence')::int AS approval_above_pence,
              (SELECT m->>'role' FROM jsonb_array_elements(a.members) m WHERE m->>'userId' = c.user_id::text LIMIT 1) AS role
         FROM card_pots c LEFT JOIN pot_access a ON a.pot_id = c.pot_id
        WHERE c.user_id = $1::uuid`,
      userId,
    );
    // The rules were checked against PotRules when the projection took them; none known spends nothing.
    const spendRule = POT_RULES.find((rule) => rule === row?.spend_rule) ?? 'owner';
    return {
      potId: row?.pot_id ?? null,
      potIsActive: row?.is_active ?? false,
      role: row?.role === 'owner' || row?.role === 'member' ? row.role : null,
      spendRule,
      approvalAbovePence: row?.approval_above_pence ?? 0,
    };
  }

  /**
   * Uses one approval of the cardholder's in the pot that covers the amount (the smallest that does) for
   * this authorisation, in the caller's transaction, and tells pots; a redelivery of the authorisation finds
   * the approval it used. SKIP LOCKED: two payments at once never wait on, or both take, the same approval.
   * Null: none.
   */
  async useApproval(
    tx: Tx,
    use: { authorizationId: string; userId: string; potId: string; amountPence: number },
  ): Promise<string | null> {
    const [earlier] = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM card_spend_approvals WHERE used_by = $1`,
      use.authorizationId,
    );
    if (earlier) return earlier.id;
    const [used] = await tx.$queryRawUnsafe<ApprovalUse[]>(
      `WITH chosen AS (
         SELECT id FROM card_spend_approvals
          WHERE user_id = $2::uuid AND pot_id = $3::uuid AND NOT withdrawn AND used_by IS NULL
            AND expires_at > now() AND amount_pence >= $4
          ORDER BY amount_pence, created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
       UPDATE card_spend_approvals s SET used_by = $1, used_at = now(), use_version = s.use_version + 1
         FROM chosen WHERE s.id = chosen.id
       RETURNING s.id, s.pot_id, s.used_at, s.use_version`,
      use.authorizationId,
      use.userId,
      use.potId,
      use.amountPence,
    );
    if (!used) return null;
    await this.tellPots(tx, used, use.authorizationId);
    return used.id;
  }

  /** The payment the approval was used for was declined after all: it can be used again. */
  async releaseApproval(tx: Tx, authorizationId: string): Promise<void> {
    const [freed] = await tx.$queryRawUnsafe<ApprovalUse[]>(
      `UPDATE card_spend_approvals SET used_by = NULL, used_at = NULL, use_version = use_version + 1
        WHERE used_by = $1
       RETURNING id, pot_id, used_at, use_version`,
      authorizationId,
    );
    if (freed) await this.tellPots(tx, freed, null);
  }

  private async tellPots(tx: Tx, use: ApprovalUse, usedBy: string | null): Promise<void> {
    await tx.outboxMessage.create({
      data: outboxMessage(PaymentsJobs.spendApprovalUseChanged, {
        approvalId: use.id,
        potId: use.pot_id,
        usedBy,
        usedAt: use.used_at?.toISOString() ?? null,
        version: Number(use.use_version),
      }),
    });
  }
}
