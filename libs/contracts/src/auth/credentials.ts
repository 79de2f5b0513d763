import { z } from 'zod';

import { apiRequestSchema, apiSchema, Email, IsoDateTime, SingleLineText, Uuid } from '../common';
import { Residency } from '../residency';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded input is a cheap way to burn our CPU. */
export const PASSWORD_MAX_LENGTH = 256;

const Password = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const SignUpRequest = apiRequestSchema(
  'SignUpRequest',
  z
    .object({
      fullName: SingleLineText('Please enter your full name.')
        .min(1, 'Please enter your full name.')
        .max(120, 'Full name must be at most 120 characters.'),
      email: Email,
      password: Password.min(
        PASSWORD_MIN_LENGTH,
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
      ),
    })
    .strict(),
);
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = apiRequestSchema(
  'SignInRequest',
  z.object({ email: Email, password: Password }).strict(),
);
export type SignInRequest = z.infer<typeof SignInRequest>;

export const Me = apiSchema(
  'Me',
  z.object({ id: Uuid, email: z.string(), fullName: z.string(), residency: Residency.nullable() }),
);
export type Me = z.infer<typeof Me>;

export const AuthSession = apiSchema(
  'AuthSession',
  z.object({ accessToken: z.string(), expiresAt: IsoDateTime, user: Me }),
);
export type AuthSession = z.infer<typeof AuthSession>;

/**
 * Redis key marking a signed-out (or revoked) session: auth writes it with a TTL of the access-token
 * lifetime, the gateway refuses access tokens whose `sid` has one. Under the deployment's key prefix.
 */
export const revokedSessionKey = (prefix: string, sid: string) => `${prefix}:auth:revoked-session:${sid}`;
