import { z } from 'zod';

import { Acknowledged, defineRpc, IdempotencyKey, Uuid } from '../common';
import { CallerEmailVerified } from '../notifications/email-limits';
import {
  ActivityEntry,
  CreateExpenseRequest,
  CreateSettlementRequest,
  Expense,
  PotBalances,
  Settlement,
  UpdateExpenseRequest,
} from './expense';
import {
  CreateInvitationRequest,
  InvitationAccepted,
  InvitationCreated,
  InvitationPreview,
  InvitationToken,
} from './invitation';
import { TransferExplanation } from './plan-explanation';
import {
  ActivePot,
  CreatePotRequest,
  PotDetail,
  PotSummary,
  SetActivePotRequest,
  UpdatePotRequest,
} from './pot';
import { ReminderSent, RemindRequest } from './reminder';
import { PotRules, UpdatePotRulesRequest } from './rules';
import {
  ImportPreview,
  ImportPreviewRequest,
  ImportRequest,
  ImportResult,
  PotExportFile,
} from './transfer-files';

export const MembershipQuery = z.object({ potId: Uuid, userId: Uuid }).strict();
export type MembershipQuery = z.infer<typeof MembershipQuery>;
/** role null: not a current member (or no such pot); the pot's name is then withheld. */
export const Membership = z.object({
  potId: Uuid,
  role: z.enum(['owner', 'member']).nullable(),
  potName: z.string().nullable(),
  /** The pot's rules (who may withdraw and spend); null with role null. */
  rules: PotRules.nullable(),
});
export type Membership = z.infer<typeof Membership>;

/** The signed-in caller, as the gateway authenticated them. Every pots command carries it. */
export const PotsCaller = z.object({
  userId: Uuid,
  email: z.string(),
  name: z.string(),
  emailVerified: CallerEmailVerified,
});
export type PotsCaller = z.infer<typeof PotsCaller>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

export const CreatePotCommand = withCaller({ body: CreatePotRequest });
export const ListPotsQuery = withCaller({});
export const PotQuery = withCaller({ potId: Uuid });
export const UpdatePotCommand = withCaller({ potId: Uuid, body: UpdatePotRequest });
export const UpdatePotRulesCommand = withCaller({ potId: Uuid, body: UpdatePotRulesRequest });
export const CreateInvitationCommand = withCaller({ potId: Uuid, body: CreateInvitationRequest });
export const RevokeInvitationCommand = withCaller({ potId: Uuid, invitationId: Uuid });
export const PreviewInvitationQuery = z.object({ token: InvitationToken });
/**
 * `confirmedEmail`: the caller's account address if they have confirmed it (asked of auth for this command),
 * else null — only a confirmed address may take over a guest's place.
 */
export const AcceptInvitationCommand = withCaller({
  token: InvitationToken,
  confirmedEmail: z.string().nullable(),
});
export const RemoveMemberCommand = withCaller({ potId: Uuid, memberId: Uuid });
/** `idempotencyKey`: the caller's Idempotency-Key; the expense's id derives from it (ADR 0011). */
export const CreateExpenseCommand = withCaller({
  potId: Uuid,
  body: CreateExpenseRequest,
  idempotencyKey: IdempotencyKey,
});
export const UpdateExpenseCommand = withCaller({ potId: Uuid, expenseId: Uuid, body: UpdateExpenseRequest });
export const ExpenseCommand = withCaller({ potId: Uuid, expenseId: Uuid });
/** The person a pending record waits for (or the pot's owner) confirms or declines it. */
export const ConfirmationDecision = z.enum(['confirm', 'decline']);
export type ConfirmationDecision = z.infer<typeof ConfirmationDecision>;
export const DecideExpenseCommand = withCaller({
  potId: Uuid,
  expenseId: Uuid,
  decision: ConfirmationDecision,
});
export const DecideSettlementCommand = withCaller({
  potId: Uuid,
  settlementId: Uuid,
  decision: ConfirmationDecision,
});
export const CreateSettlementCommand = withCaller({
  potId: Uuid,
  body: CreateSettlementRequest,
  idempotencyKey: IdempotencyKey,
});
export const RemindCommand = withCaller({ potId: Uuid, body: RemindRequest });
/** Why `fromMemberId` pays `toMemberId` in the plan (any member of the pot may ask). */
export const ExplainTransferQuery = withCaller({ potId: Uuid, fromMemberId: Uuid, toMemberId: Uuid });
/** A member whose position is zero leaves the pot (the owner cannot). */
export const LeavePotCommand = withCaller({ potId: Uuid });
export const PreviewImportCommand = withCaller({ potId: Uuid, body: ImportPreviewRequest });
/** Records the file's expenses from its `fromIndex`-th importable one, at most IMPORT_BATCH_ROWS of them. */
export const ImportBatchCommand = withCaller({ potId: Uuid, body: ImportRequest });
export const SetActivePotCommand = withCaller({ body: SetActivePotRequest });
export const ActivePotQuery = withCaller({});

export type CreatePotCommand = z.infer<typeof CreatePotCommand>;
export type ListPotsQuery = z.infer<typeof ListPotsQuery>;
export type PotQuery = z.infer<typeof PotQuery>;
export type UpdatePotCommand = z.infer<typeof UpdatePotCommand>;
export type UpdatePotRulesCommand = z.infer<typeof UpdatePotRulesCommand>;
export type CreateInvitationCommand = z.infer<typeof CreateInvitationCommand>;
export type RevokeInvitationCommand = z.infer<typeof RevokeInvitationCommand>;
export type PreviewInvitationQuery = z.infer<typeof PreviewInvitationQuery>;
export type AcceptInvitationCommand = z.infer<typeof AcceptInvitationCommand>;
export type RemoveMemberCommand = z.infer<typeof RemoveMemberCommand>;
export type CreateExpenseCommand = z.infer<typeof CreateExpenseCommand>;
export type UpdateExpenseCommand = z.infer<typeof UpdateExpenseCommand>;
export type ExpenseCommand = z.infer<typeof ExpenseCommand>;
export type CreateSettlementCommand = z.infer<typeof CreateSettlementCommand>;
export type DecideExpenseCommand = z.infer<typeof DecideExpenseCommand>;
export type DecideSettlementCommand = z.infer<typeof DecideSettlementCommand>;
export type RemindCommand = z.infer<typeof RemindCommand>;
export type ExplainTransferQuery = z.infer<typeof ExplainTransferQuery>;
export type LeavePotCommand = z.infer<typeof LeavePotCommand>;
export type PreviewImportCommand = z.infer<typeof PreviewImportCommand>;
export type ImportBatchCommand = z.infer<typeof ImportBatchCommand>;
export type SetActivePotCommand = z.infer<typeof SetActivePotCommand>;
export type ActivePotQuery = z.infer<typeof ActivePotQuery>;

/**
 * What stops the caller's account from being deleted in pots: pots they own that still hold money (archived
 * ones too), and pots where they still owe or are owed (netPence: negative owes, positive is owed).
 */
export const AccountDeletionBlockers = z.object({
  ownedPotsWithMoney: z.array(z.object({ id: Uuid, name: z.string(), balancePence: z.number().int() })),
  openPositions: z.array(z.object({ potId: Uuid, potName: z.string(), netPence: z.number().int() })),
});
export type AccountDeletionBlockers = z.infer<typeof AccountDeletionBlockers>;

export const PotsRpc = {
  createPot: defineRpc('pots.pot.create.v1', CreatePotCommand, PotDetail),
  listPots: defineRpc('pots.pot.list.v1', ListPotsQuery, z.array(PotSummary)),
  listArchivedPots: defineRpc('pots.pot.list-archived.v1', ListPotsQuery, z.array(PotSummary)),
  getPot: defineRpc('pots.pot.get.v1', PotQuery, PotDetail),
  accountDeletionBlockers: defineRpc(
    'pots.account-deletion.blockers.v1',
    ListPotsQuery,
    AccountDeletionBlockers,
  ),
  updatePot: defineRpc('pots.pot.update.v1', UpdatePotCommand, PotDetail),
  updateRules: defineRpc('pots.rules.update.v1', UpdatePotRulesCommand, PotDetail),
  createInvitation: defineRpc('pots.invitation.create.v1', CreateInvitationCommand, InvitationCreated),
  revokeInvitation: defineRpc('pots.invitation.revoke.v1', RevokeInvitationCommand, Acknowledged),
  previewInvitation: defineRpc('pots.invitation.preview.v1', PreviewInvitationQuery, InvitationPreview),
  acceptInvitation: defineRpc('pots.invitation.accept.v1', AcceptInvitationCommand, InvitationAccepted),
  removeMember: defineRpc('pots.member.remove.v1', RemoveMemberCommand, Acknowledged),
  leavePot: defineRpc('pots.member.leave.v1', LeavePotCommand, Acknowledged),
  /** A member-paid expense (bookkeeping only; a pot-paid one is PotPaymentsRpc's). */
  createExpense: defineRpc('pots.expense.create.v1', CreateExpenseCommand, Expense),

  listExpenses: defineRpc('pots.expense.list.v1', PotQuery, z.array(Expense)),
  /** One expense as the pot's list shows it; not found once deleted or declined (it has left the list). */
  getExpense: defineRpc('pots.expense.get.v1', ExpenseCommand, Expense),
  updateExpense: defineRpc('pots.expense.update.v1', UpdateExpenseCommand, Expense),
  deleteExpense: defineRpc('pots.expense.delete.v1', ExpenseCommand, Acknowledged),
  getBalances: defineRpc('pots.balances.get.v1', PotQuery, PotBalances),
  /** A payment recorded between members, made elsewhere (one made with Kitty is PotPaymentsRpc's). */
  createSettlement: defineRpc('pots.settlement.create.v1', CreateSettlementCommand, Settlement),

  listSettlements: defineRpc('pots.settlement.list.v1', PotQuery, z.array(Settlement)),
  decideExpense: defineRpc('pots.expense.decide.v1', DecideExpenseCommand, Expense),
  decideSettlement: defineRpc('pots.settlement.decide.v1', DecideSettlementCommand, Settlement),
  remind: defineRpc('pots.plan.remind.v1', RemindCommand, ReminderSent),
  explainTransfer: defineRpc('pots.plan.explain.v1', ExplainTransferQuery, TransferExplanation),
  listActivity: defineRpc('pots.activity.list.v1', PotQuery, z.array(ActivityEntry)),
  exportPot: defineRpc('pots.transfer.export.v1', PotQuery, PotExportFile),
  previewImport: defineRpc('pots.transfer.preview-import.v1', PreviewImportCommand, ImportPreview),
  importBatch: defineRpc('pots.transfer.import-batch.v1', ImportBatchCommand, ImportResult),
  setActivePot: defineRpc('pots.active-pot.set.v1', SetActivePotCommand, ActivePot),
  getActivePot: defineRpc('pots.active-pot.get.v1', ActivePotQuery, ActivePot),
  /** Internal (payments, issuing): is a user in a pot, and as what. */
  getMembership: defineRpc('pots.membership.get.v1', MembershipQuery, Membership),
} as const;
