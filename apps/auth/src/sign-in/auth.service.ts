import {
  type AuthUser,
  type CallerContext,
  type EmailConfirmed,
  type IssuedSession,
  NotificationsJobs,
  type RefreshCommand,
  type ResendVerificationCommand,
  ResidencyJobs,
  type SignInCommand,
  type SignOutCommand,
  type SignUpAccepted,
  type SignUpCommand,
  type UpdateProfileCommand,
  type VerifyEmailCommand,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { EmailVerificationService } from '../email-verification/email-verification.service';
import { UnconfirmedRecipientQuota } from '../email-verification/unconfirmed-recipient-quota';
import { Prisma } from '../generated/prisma/client';
import { PasswordHasher } from '../passwords/password-hasher';
import { PasswordPolicy } from '../passwords/password-policy';
import { PrismaService } from '../prisma.service';
import { RefreshService } from '../sessions/refresh.service';
import { hashRefreshToken } from '../sessions/refresh-token';
import { RefreshTokenRepository } from '../sessions/refresh-token.repository';
import { SessionService } from '../sessions/session.service';
import { type Tx, UserRepository } from '../users/user.repository';
import { SignInThrottle } from './sign-in-throttle';
import { SignUpAttemptNotices } from './sign-up-attempt-notices';

const invalidCredentials = () =>
  ProblemError.of(401, 'Invalid email or password', 'The email or password you entered is incorrect.');

@Injectable()
export class AuthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UserRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
    private readonly outbox: OutboxRelay,
    private readonly refreshes: RefreshService,
    private readonly passwordPolicy: PasswordPolicy,
    private readonly verification: EmailVerificationService,
    private readonly attemptNotices: SignUpAttemptNotices,
    private readonly unconfirmedRecipients: UnconfirmedRecipientQuota,
  ) {}

  /**
   * Answers the same whether or not the address has an account, after the same work (the password is
   * hashed either way): a new address gets its account and a confirmation link, a registered one's owner
   * is told by e-mail that someone tried. The session comes from following the link.
   */
  async signUp({ body, caller }: SignUpCommand): Promise<SignUpAccepted> {
    this.passwordPolicy.assertAcceptable(body.password, body);
    const passwordHash = await this.passwords.hash(body.password);
    const accepted = { status: 'verification-sent', email: body.email } as const;
    const owner = await this.users.findByEmail(body.email);
    if (owner) {
      await this.tellOwnerOfAttempt(owner);
      return accepted;
    }
    try {
      await this.prisma.$transaction(async (tx) => {
        const user = await this.users.create(tx, {
          email: body.email,
          fullName: body.fullName,
          passwordHash,
        });
        await this.publishSignInEvents(tx, user, caller);
        await this.verification.sendLink(tx, user);
      });
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
      // A concurrent sign-up with the same address created it first.
      const winner = await this.users.findByEmail(body.email);
      if (winner) await this.tellOwnerOfAttempt(winner);
    }
    this.outbox.kick();
    return accepted;
  }

  verifyEmail(command: VerifyEmailCommand): Promise<EmailConfirmed> {
    return this.verification.verify(command);
  }

  resendVerification(command: ResendVerificationCommand): Promise<void> {
    return this.verification.resend(command);
  }

  async signIn({ body, caller }: SignInCommand): Promise<IssuedSession> {
    await this.throttle.assertAllowed(body.email);
    const user = await this.users.findByEmail(body.email);
    if (!(await this.passwords.verify(user?.passwordHash ?? null, body.password)) || !user) {
      await this.throttle.recordFailure(body.email);
      throw invalidCredentials();
    }
    await this.throttle.reset(body.email);
    const authUser = {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerified: user.emailVerifiedAt !== null,
    };
    const session = await this.prisma.$transaction(async (tx) => {
      await this.publishSignInEvents(tx, authUser, caller);
      return this.sessions.issue(tx, authUser, caller);
    });
    this.outbox.kick();
    return session;
  }

  refresh({ refreshToken }: RefreshCommand): Promise<IssuedSession> {
    return this.refreshes.refresh(refreshToken);
  }

  /** Ends the session of the presented token, whichever of its family's tokens it is. */
  async signOut({ refreshToken }: SignOutCommand): Promise<void> {
    const presented = await this.refreshTokens.findByHash(hashRefreshToken(refreshToken));
    if (presented) await this.sessions.end(presented.familyId);
  }

  async getUser(userId: string): Promise<AuthUser> {
    const user = await this.users.findById(userId);
    if (!user) throw ProblemError.of(404, 'User not found');
    return user;
  }

  async updateProfile({ userId, fullName, phoneNumber }: UpdateProfileCommand): Promise<AuthUser> {
    const user = await this.users.updateProfile(userId, { fullName, phoneNumber });
    if (!user) throw ProblemError.of(404, 'User not found');
    return user;
  }

  /** The notice carries the account's name, chosen by whoever signed up: an unconfirmed address's quota applies. */
  private async tellOwnerOfAttempt(owner: { email: string; fullName: string; emailVerifiedAt: Date | null }) {
    if (!(await this.attemptNotices.claim(owner.email))) return;
    if (!owner.emailVerifiedAt && !(await this.unconfirmedRecipients.claim(owner.email))) return;
    await this.prisma.outboxMessage.create({
      data: outboxMessage(NotificationsJobs.sendEmail, {
        template: 'sign-up-attempt',
        to: owner.email,
        data: { fullName: owner.fullName },
      }),
    });
  }

  /** Residency is re-detected from the caller's IP at every sign-up and sign-in. */
  private async publishSignInEvents(tx: Tx, user: AuthUser, caller: CallerContext) {
    await tx.outboxMessage.create({
      data: outboxMessage(ResidencyJobs.detect, {
        userId: user.id,
        ip: caller.ip,
        observedAt: new Date().toISOString(),
      }),
    });
  }
}
