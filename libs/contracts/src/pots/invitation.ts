import { z } from 'zod';

import { apiRequestSchema, apiSchema, Email, IsoDateTime, SingleLineText, Uuid } from '../common';

export const INVITATION_TTL_DAYS = 7;

export const CreateInvitationRequest = apiRequestSchema(
  'CreateInvitationRequest',
  z
    .object({
      name: SingleLineText('Please enter both name and email.')
        .min(1, 'Please enter both name and email.')
        .max(120),
      email: Email,
    })
    .strict(),
);
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

export const InvitationCreated = apiSchema(
  'InvitationCreated',
  z.object({ id: Uuid, inviteUrl: z.url(), expiresAt: IsoDateTime }),
);
export type InvitationCreated = z.infer<typeof InvitationCreated>;

export const InvitationPreview = apiSchema(
  'InvitationPreview',
  z.object({
    status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
    potName: z.string(),
    inviterName: z.string(),
    inviteeName: z.string(),
    expiresAt: IsoDateTime,
  }),
);
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationAccepted = apiSchema('InvitationAccepted', z.object({ potId: Uuid }));
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;

/** The token is 256 random bits, base64url: 43 characters. */
export const InvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid invitation link.');
