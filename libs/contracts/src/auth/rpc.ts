import { z } from 'zod';

import { Acknowledged, defineRpc, IsoDateTime, Uuid } from '../common';
import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  EmailConfirmed,
  Me,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetRequested,
  SignInRequest,
  SignUpAccepted,
  SignUpRequest,
  VerifyEmailRequest,
} from './credentials';
import { ConfirmPasswordCommand } from './reauthentication';
import {
  AccountSessions,
  EndOtherSessionsCommand,
  EndSessionCommand,
  ListSessionsQuery,
  SessionsEnded,
} from './sessions';

/** What the gateway knows about the HTTP caller, passed along with commands. */
export const CallerContext = z.object({
  ip: z.string().nullable(),
  userAgent: z.string().max(512).nullable(),
});
export type CallerContext = z.infer<typeof CallerContext>;

export const SignUpCommand = z.object({ body: SignUpRequest, caller: CallerContext });
export type SignUpCommand = z.infer<typeof SignUpCommand>;

export const SignInCommand = z.object({ body: SignInRequest, caller: CallerContext });
export type SignInCommand = z.infer<typeof SignInCommand>;

export const RefreshCommand = z.object({ refreshToken: z.string().min(1).max(200), caller: CallerContext });
export type RefreshCommand = z.infer<typeof RefreshCommand>;

export const SignOutCommand = z.object({ refreshToken: z.string().min(1).max(200) });
export type SignOutCommand = z.infer<typeof SignOutCommand>;

export const VerifyEmailCommand = z.object({ body: VerifyEmailRequest });
export type VerifyEmailCommand = z.infer<typeof VerifyEmailCommand>;

export const ResendVerificationCommand = z.object({ userId: Uuid });
export type ResendVerificationCommand = z.infer<typeof ResendVerificationCommand>;

export const RequestPasswordResetCommand = z.object({ body: PasswordResetRequest, caller: CallerContext });
export type RequestPasswordResetCommand = z.infer<typeof RequestPasswordResetCommand>;

export const ResetPasswordCommand = z.object({ body: PasswordResetConfirmRequest });
export type ResetPasswordCommand = z.infer<typeof ResetPasswordCommand>;

/** `sessionId`: the caller's session (the access token's `sid`), the one that stays signed in. */
export const ChangePasswordCommand = z.object({
  userId: Uuid,
  sessionId: z.string().nullable(),
  body: ChangePasswordRequest,
});
export type ChangePasswordCommand = z.infer<typeof ChangePasswordCommand>;

export const DeleteAccountCommand = z.object({ userId: Uuid, body: DeleteAccountRequest });
export type DeleteAccountCommand = z.infer<typeof DeleteAccountCommand>;

export const GetUserQuery = z.object({ userId: Uuid });
export type GetUserQuery = z.infer<typeof GetUserQuery>;

export const UpdateProfileCommand = z
  .object({
    userId: Uuid,
    fullName: z.string().trim().min(1).max(201),
    phoneNumber: z.string().regex(/^\+\d{7,15}$/, 'must be in international format'),
  })
  .strict();
export type UpdateProfileCommand = z.infer<typeof UpdateProfileCommand>;

export const AuthUser = z.object({
  id: Uuid,
  email: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** Reply of sign-in and refresh: the gateway sets the refresh token as an HttpOnly cookie. */
export const IssuedSession = z.object({
  user: AuthUser,
  accessToken: z.string(),
  accessTokenExpiresAt: IsoDateTime,
  refreshToken: z.string(),
  refreshTokenExpiresAt: IsoDateTime,
});
export type IssuedSession = z.infer<typeof IssuedSession>;

export const AuthRpc = {
  /** v2: answers without a session whether or not the address has an account. */
  signUp: defineRpc('auth.sign-up.v2', SignUpCommand, SignUpAccepted),
  /**
   * v2: follows the e-mailed link: marks the address verified (once) and retires the user's other links;
   * it opens no session (v1 signed the user in).
   */
  verifyEmail: defineRpc('auth.email.verify.v2', VerifyEmailCommand, EmailConfirmed),
  /** Another link to the signed-in user's address; 429 with Retry-After beyond the hourly limit. */
  resendVerification: defineRpc('auth.email.verification.resend.v1', ResendVerificationCommand, Acknowledged),
  signIn: defineRpc('auth.sign-in.v1', SignInCommand, IssuedSession),
  refresh: defineRpc('auth.refresh.v1', RefreshCommand, IssuedSession),
  signOut: defineRpc('auth.sign-out.v1', SignOutCommand, Acknowledged),
  getUser: defineRpc('auth.user.get.v1', GetUserQuery, AuthUser),
  /** The user with auth's copy of their residency (`residency.changed`): `GET /api/me` in one call. */
  getMe: defineRpc('auth.me.get.v1', GetUserQuery, Me),
  /** E-mails a 30-minute, single-use reset link when the address has an account; answers alike either way. */
  requestPasswordReset: defineRpc(
    'auth.password-reset.request.v1',
    RequestPasswordResetCommand,
    PasswordResetRequested,
  ),
  /** Uses the link: sets the new password, confirms the address and ends every session of the user. */
  resetPassword: defineRpc('auth.password-reset.confirm.v1', ResetPasswordCommand, Acknowledged),
  /** Checks the current password, sets the new one and ends every other session of the user. */
  changePassword: defineRpc('auth.password.change.v1', ChangePasswordCommand, Acknowledged),
  /** The user's live sessions (devices), most recently used first. */
  listSessions: defineRpc('auth.sessions.list.v1', ListSessionsQuery, AccountSessions),
  /** Signs one of the user's sessions out; 404 for a session that is not theirs or has ended. */
  endSession: defineRpc('auth.sessions.end.v1', EndSessionCommand, Acknowledged),
  /** Signs out every session of the user but `keep`. */
  endOtherSessions: defineRpc('auth.sessions.end-others.v1', EndOtherSessionsCommand, SessionsEnded),
  /**
   * Checks the password, anonymises the profile, ends every session and tells the other services
   * (`UserDeleted` on the outbox). The gateway has had payments close the wallet first.
   */
  deleteAccount: defineRpc('auth.account.delete.v1', DeleteAccountCommand, Acknowledged),
  /**
   * Recent authentication before a sensitive change (the payout bank account, deleting the account): checks
   * the re-entered password, counted with failed sign-ins; a wrong one is a 400 naming `password`.
   */
  confirmPassword: defineRpc('auth.password.confirm.v1', ConfirmPasswordCommand, Acknowledged),
  /** After KYC (issuing onboarding): the user's legal name and phone number. */
  updateProfile: defineRpc('auth.profile.update.v1', UpdateProfileCommand, AuthUser),
} as const;

/** Claims of the access token (JWT); `sub` is the user id, `name` the full name shown to pot members. */
export interface AccessTokenClaims {
  sub: string;
  email: string;
  name: string;
  /** Session id (the refresh-token family); the gateway refuses it once the session is revoked. */
  sid: string;
}
