import { z } from 'zod';

import { apiSchema, IsoDateTime, Uuid } from '../common';

/** A signed-in device as the account page lists it. */
export const AccountSession = apiSchema(
  'AccountSession',
  z.object({
    id: Uuid,
    /** Browser and system read from the User-Agent at sign-in, e.g. 'Chrome on macOS'. */
    device: z.string(),
    signedInAt: IsoDateTime,
    /** The last sign-in or refresh of this session (the app refreshes every few minutes while open). */
    lastSeenAt: IsoDateTime,
    /** The session the request came from. */
    current: z.boolean(),
  }),
);
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessions = apiSchema('AccountSessions', z.object({ sessions: z.array(AccountSession) }));
export type AccountSessions = z.infer<typeof AccountSessions>;

export const SessionsEnded = apiSchema('SessionsEnded', z.object({ ended: z.number().int().nonnegative() }));
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export const ListSessionsQuery = z.object({ userId: Uuid, currentSessionId: z.string().nullable() });
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

export const EndSessionCommand = z.object({ userId: Uuid, sessionId: Uuid });
export type EndSessionCommand = z.infer<typeof EndSessionCommand>;

/** `keep`: the caller's own session, which stays signed in. */
export const EndOtherSessionsCommand = z.object({ userId: Uuid, keep: z.string().nullable() });
export type EndOtherSessionsCommand = z.infer<typeof EndOtherSessionsCommand>;
