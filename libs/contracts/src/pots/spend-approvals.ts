import { z } from 'zod';

import { apiRequestSchema, apiSchema, defineRpc, IsoDateTime, SingleLineText, Uuid } from '../common';
import { MAX_EXPENSE_PENCE } from './expense';
import { PotsCaller } from './rpc';

/**
 * Card spending under a pot's 'approval' rule. A card payment cannot wait for a second member
 * (Stripe gives Kitty 2 s to answer), so the member asks first: "may I spend up to £120 with my card?". Once
 * another member approves, one card payment up to that amount is allowed within SPEND_APPROVAL_VALID_HOURS.
 */
export const SPEND_APPROVAL_VALID_HOURS = 24;
/** Requests one member may have open (waiting, or approved and unused) at once. */
export const MAX_OPEN_SPEND_APPROVALS = 3;

export const SPEND_APPROVAL_STATUSES = [
  'pending',
  'approved',
  'declined',
  'cancelled',
  'used',
  'expired',
] as const;
export const SpendApprovalStatus = z.enum(SPEND_APPROVAL_STATUSES);
export type SpendApprovalStatus = z.infer<typeof SpendApprovalStatus>;

export const RequestSpendApprovalRequest = apiRequestSchema(
  'RequestSpendApprovalRequest',
  z
    .object({
      amountPence: z
        .number({ error: 'Please enter the amount.' })
        .int('Amounts are whole pence.')
        .positive('Please enter an amount greater than £0.')
        .max(MAX_EXPENSE_PENCE, 'That amount is too large.'),
      /** What it is for ('Dinner at Dishoom'), for the member who approves. */
      note: SingleLineText('The note must be text.')
        .max(140, 'The note can be at most 140 characters.')
        .optional(),
    })
    .strict(),
);
export type RequestSpendApprovalRequest = z.infer<typeof RequestSpendApprovalRequest>;

export const SpendApproval = apiSchema(
  'SpendApproval',
  z.object({
    id: Uuid,
    potId: Uuid,
    memberId: Uuid,
    requesterName: z.string(),
    requestedByYou: z.boolean(),
    amountPence: z.number().int(),
    note: z.string().nullable(),
    /** 'approved' while it can still be used: a card payment up to the amount, until `expiresAt`. */
    status: SpendApprovalStatus,
    decidedByName: z.string().nullable(),
    expiresAt: IsoDateTime,
    createdAt: IsoDateTime,
    usedAt: IsoDateTime.nullable(),
  }),
);
export type SpendApproval = z.infer<typeof SpendApproval>;

export const SpendApprovalDecision = z.enum(['approve', 'decline', 'cancel']);
export type SpendApprovalDecision = z.infer<typeof SpendApprovalDecision>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

export const RequestSpendApprovalCommand = withCaller({ potId: Uuid, body: RequestSpendApprovalRequest });
export type RequestSpendApprovalCommand = z.infer<typeof RequestSpendApprovalCommand>;
export const DecideSpendApprovalCommand = withCaller({
  potId: Uuid,
  approvalId: Uuid,
  decision: SpendApprovalDecision,
});
export type DecideSpendApprovalCommand = z.infer<typeof DecideSpendApprovalCommand>;
export const ListSpendApprovalsQuery = withCaller({ potId: Uuid });
export type ListSpendApprovalsQuery = z.infer<typeof ListSpendApprovalsQuery>;

export const SpendApprovalsRpc = {
  request: defineRpc('pots.spend-approval.request.v1', RequestSpendApprovalCommand, SpendApproval),
  decide: defineRpc('pots.spend-approval.decide.v1', DecideSpendApprovalCommand, SpendApproval),
  list: defineRpc('pots.spend-approval.list.v1', ListSpendApprovalsQuery, z.array(SpendApproval)),
} as const;
