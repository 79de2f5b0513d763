import { z } from 'zod';

import { apiRequestSchema, defineRpc, Email, SingleLineText, Uuid } from '../common';
import { PotMember } from './pot';
import { PotsCaller } from './rpc';

/**
 * A guest: someone who shares the group's expenses before they have an account — a name and,
 * optionally, their e-mail. Whoever may invite people may add one. When someone joins the pot with the
 * guest's e-mail — as their account's, or through an invitation sent to it — the guest becomes that member,
 * with everything recorded for them.
 */
export const AddGuestRequest = apiRequestSchema(
  'AddGuestRequest',
  z
    .object({
      name: SingleLineText("Please enter the guest's name.")
        .min(1, "Please enter the guest's name.")
        .max(120),
      /** Left out: none (they then stay a guest, named in the pot's records). */
      email: Email.optional(),
    })
    .strict(),
);
export type AddGuestRequest = z.infer<typeof AddGuestRequest>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

export const AddGuestCommand = withCaller({ potId: Uuid, body: AddGuestRequest });
export type AddGuestCommand = z.infer<typeof AddGuestCommand>;

export const GuestsRpc = {
  add: defineRpc('pots.guest.add.v1', AddGuestCommand, PotMember),
} as const;
