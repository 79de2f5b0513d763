import { z } from 'zod';

import {
  apiRequestSchema,
  apiSchema,
  Email,
  IsoDateTime,
  MultiLineText,
  SingleLineText,
  Uuid,
} from '../common';
import { ExpenseCategory } from './expense';
import { PotRules } from './rules';

const IsoDate = z.iso.date();

export const PotMemberInput = z
  .object({
    name: SingleLineText().min(1, 'Please enter both name and email.').max(120),
    email: Email,
  })
  .strict();

export const CreatePotRequest = apiRequestSchema(
  'CreatePotRequest',
  z
    .object({
      name: SingleLineText('Please enter a pot name.')
        .min(1, 'Please enter a pot name.')
        .max(80, 'Pot name must be at most 80 characters.'),
      location: SingleLineText().max(120).optional(),
      /** Only sent when the form's date toggle is on. */
      startDate: IsoDate.optional(),
      endDate: IsoDate.optional(),
      /** People to invite by e-mail as the pot is created. */
      members: z.array(PotMemberInput).max(50).default([]),
    })
    .strict()
    .refine((pot) => !pot.startDate || !pot.endDate || pot.startDate <= pot.endDate, {
      message: 'The end date must be on or after the start date.',
      path: ['endDate'],
    }),
);
export type CreatePotRequest = z.infer<typeof CreatePotRequest>;

export const UpdatePotRequest = apiRequestSchema(
  'UpdatePotRequest',
  z
    .object({
      name: SingleLineText().min(1, 'Please enter a pot name.').max(80).optional(),
      description: MultiLineText().max(400).nullable().optional(),
      /** false archives the pot: it is no longer listed. */
      isActive: z.boolean().optional(),
    })
    .strict(),
);
export type UpdatePotRequest = z.infer<typeof UpdatePotRequest>;

export const PotMember = apiSchema(
  'PotMember',
  z.object({
    id: Uuid,
    /** Null for a guest: they share expenses before they have an account. */
    userId: Uuid.nullable(),
    name: z.string(),
    /** A guest's may be empty. */
    email: z.string(),
    role: z.enum(['owner', 'member', 'guest']),
    joinedAt: IsoDateTime,
  }),
);
export type PotMember = z.infer<typeof PotMember>;

export const PotSummary = apiSchema(
  'PotSummary',
  z.object({
    id: Uuid,
    name: z.string(),
    description: z.string().nullable(),
    balancePence: z.number().int(),
    currency: z.literal('GBP'),
    isActive: z.boolean(),
    createdBy: Uuid,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    members: z.array(PotMember),
    /** The caller's own position in the pot: above zero they are owed, below zero they owe. */
    yourNetPence: z.number().int(),
  }),
);
export type PotSummary = z.infer<typeof PotSummary>;

export const PotTransaction = apiSchema(
  'PotTransaction',
  z.object({
    id: z.string(),
    type: z.enum(['credit', 'debit']),
    description: z.string(),
    member: z.string(),
    date: IsoDateTime,
    amountPence: z.number().int(),
  }),
);
export type PotTransaction = z.infer<typeof PotTransaction>;

export const PendingInvitation = apiSchema(
  'PendingInvitation',
  z.object({ id: Uuid, name: z.string(), email: z.string(), expiresAt: IsoDateTime, createdAt: IsoDateTime }),
);
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const MemberContribution = apiSchema(
  'MemberContribution',
  z.object({
    memberId: Uuid,
    name: z.string(),
    /** Added to the pot's money. */
    addedPence: z.number().int(),
    /** Paid themselves for the group (confirmed expenses they paid). */
    paidPence: z.number().int(),
    /** Their share of everything the group spent, from the pot or paid by a member. */
    sharePence: z.number().int(),
  }),
);
export type MemberContribution = z.infer<typeof MemberContribution>;

/** What the group spent on one category (confirmed expenses, from the pot or paid by members). */
export const CategorySpending = apiSchema(
  'CategorySpending',
  z.object({ category: ExpenseCategory, amountPence: z.number().int() }),
);
export type CategorySpending = z.infer<typeof CategorySpending>;

export const PotDetail = apiSchema(
  'PotDetail',
  PotSummary.extend({
    yourRole: z.enum(['owner', 'member']),
    yourMemberId: Uuid,
    transactions: z.array(PotTransaction),
    stats: z.object({
      /** Money moves of the pot plus expenses members paid themselves. */
      totalTransactions: z.number().int(),
      totalAddedPence: z.number().int(),
      /** Spent from the pot plus paid by members for the group. */
      totalSpentPence: z.number().int(),
      /** The part of totalSpentPence that members paid themselves. */
      paidByMembersPence: z.number().int(),
    }),
    contributions: z.array(MemberContribution),
    /** Categories with spending, largest first. */
    spendingByCategory: z.array(CategorySpending),
    /** Only the owner sees who is invited. */
    pendingInvitations: z.array(PendingInvitation),
    /** Who may withdraw and spend; every member sees them, only the owner changes them. */
    rules: PotRules,
  }),
);
export type PotDetail = z.infer<typeof PotDetail>;

/** The pot the user's card and Home actions use; both null until they have one. */
export const ActivePot = apiSchema(
  'ActivePot',
  z.object({ potId: Uuid.nullable(), updatedAt: IsoDateTime.nullable() }),
);
export type ActivePot = z.infer<typeof ActivePot>;

export const SetActivePotRequest = apiRequestSchema(
  'SetActivePotRequest',
  z.object({ potId: Uuid }).strict(),
);
export type SetActivePotRequest = z.infer<typeof SetActivePotRequest>;
