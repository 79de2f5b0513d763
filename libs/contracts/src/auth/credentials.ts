import { z } from 'zod';

import {
  apiRequestSchema,
  apiSchema,
  containsControlCharacter,
  Email,
  IsoDateTime,
  SingleLineText,
  Uuid,
} from '../common';
import { Residency } from '../residency';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded input is a cheap way to burn our CPU. */
export const PASSWORD_MAX_LENGTH = 256;

export const Password = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  // Spaces and any script are welcome (NIST 800-63B); a control character cannot be typed, only injected.
  .refine((value) => !containsControlCharacter(value), 'Password must not contain control characters.');

/** A new password as sign-up takes it: the same length limits (the strength rules run in auth). */
const NewPassword = Password.min(
  PASSWORD_MIN_LENGTH,
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
);

export const SignUpRequest = apiRequestSchema(
  'SignUpRequest',
  z
    .object({
      fullName: SingleLineText('Please enter your full name.')
        .min(1, 'Please enter your full name.')
        .max(120, 'Full name must be at most 120 characters.'),
      email: Email,
      password: NewPassword,
    })
    .strict(),
);
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/**
 * Sign-up's answer, the same whether the address is new or already has an account (that answer must not
 * reveal who has one): the account is used after following the link e-mailed to the address.
 */
export const SignUpAccepted = apiSchema(
  'SignUpAccepted',
  z.object({ status: z.literal('verification-sent'), email: z.string() }),
);
export type SignUpAccepted = z.infer<typeof SignUpAccepted>;

/** The token of the link `/verify-email?token=…`. */
export const VerifyEmailRequest = apiRequestSchema(
  'VerifyEmailRequest',
  z.object({ token: z.string({ error: 'The link is incomplete.' }).min(1).max(200) }).strict(),
);
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/**
 * The answer to a followed confirmation link: the address it confirmed, and no session. A link proves an
 * address; whoever holds an old copy of the e-mail must not be signed in by it.
 */
export const EmailConfirmed = apiSchema(
  'EmailConfirmed',
  z.object({ status: z.literal('email-confirmed'), email: z.string() }),
);
export type EmailConfirmed = z.infer<typeof EmailConfirmed>;

/** 'Forgot password?': the address to send a reset link to (answered alike whether it has an account). */
export const PasswordResetRequest = apiRequestSchema(
  'PasswordResetRequest',
  z.object({ email: Email }).strict(),
);
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** The answer to every reset request: it never says whether the address has an account. */
export const PasswordResetRequested = apiSchema(
  'PasswordResetRequested',
  z.object({ status: z.literal('reset-link-sent-if-registered') }),
);
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;

/** The token of the link `/reset-password?token=…` and the new password. */
export const PasswordResetConfirmRequest = apiRequestSchema(
  'PasswordResetConfirmRequest',
  z
    .object({
      token: z.string({ error: 'The link is incomplete.' }).min(1).max(200),
      password: NewPassword,
    })
    .strict(),
);
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

/** Change of password while signed in: the current one proves it is the owner at the keyboard. */
export const ChangePasswordRequest = apiRequestSchema(
  'ChangePasswordRequest',
  z.object({ currentPassword: Password, newPassword: NewPassword }).strict(),
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Deleting the account asks for the password again: a borrowed unlocked phone must not be enough. */
export const DeleteAccountRequest = apiRequestSchema(
  'DeleteAccountRequest',
  z.object({ password: Password }).strict(),
);
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const SignInRequest = apiRequestSchema(
  'SignInRequest',
  z.object({ email: Email, password: Password }).strict(),
);
export type SignInRequest = z.infer<typeof SignInRequest>;

export const Me = apiSchema(
  'Me',
  z.object({
    id: Uuid,
    email: z.string(),
    fullName: z.string(),
    /** False until the link e-mailed at sign-up is followed: adding funds, withdrawing and inviting wait. */
    emailVerified: z.boolean(),
    residency: Residency.nullable(),
  }),
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

/**
 * Redis pub/sub channel on which auth announces each revoked session id (the message is the `sid`), so
 * that every gateway replica ends that session's open live streams at once.
 */
export const sessionRevokedChannel = (prefix: string) => `${prefix}:auth:session-revoked`;
