import { createHash, randomBytes } from 'node:crypto';

import {
  AuthJobs,
  type ChangePasswordCommand,
  NotificationsJobs,
  type PasswordResetRequested,
  type PasswordResetRequestedJob,
  type RequestPasswordResetCommand,
  type ResetPasswordCommand,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { EmailVerificationTokenRepository } from '../email-verification/email-verification-token.repository';
import { PrismaService } from '../prisma.service';
import { SessionService } from '../sessions/session.service';
import { SignInThrottle } from '../sign-in/sign-in-throttle';
import { type Tx, UserRepository } from '../users/user.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';
import { PasswordResetTokenRepository } from './password-reset-token.repository';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/** Reset e-mails per account per rolling hour: beyond that requests are dropped (silently: see below). */
export const RESET_LINKS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const REQUESTED: PasswordResetRequested = { status: 'reset-link-sent-if-registered' };

const linkNoLongerValid = () =>
  ProblemError.of(
    400,
    'Link no longer valid',
    'This reset link has expired or was already used. Ask for a new one.',
  );

/**
 * Password reset by e-mailed link and change of password. A reset link is a random 256-bit
 * token (only its SHA-256 stored) that works once, for 30 minutes. Asking for one answers the same, after
 * the same work, whether or not the address has an account: the request is queued (one outbox row) and
 * answered, and the address is looked up by the queue's processor. A flood of requests for one address
 * sends at most 3 e-mails an hour, dropped silently (a 429 would tell who has an account). Both a reset
 * and a change end the user's other sessions at once (refresh tokens revoked, access tokens refused by the
 * gateway via their `sid`) and retire every e-mailed link still unused.
 */
@Injectable()
export class PasswordService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UserRepository,
    private readonly tokens: PasswordResetTokenRepository,
    private readonly passwords: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
    private readonly outbox: OutboxRelay,
    private readonly verificationLinks: EmailVerificationTokenRepository,
  ) {}

  async requestReset({ body }: RequestPasswordResetCommand): Promise<PasswordResetRequested> {
    const job: PasswordResetRequestedJob = { email: body.email };
    await this.prisma.outboxMessage.create({
      data: outboxMessage(AuthJobs.passwordResetRequested, job),
    });
    this.outbox.kick();
    return REQUESTED;
  }

  /** The queued request: a link e-mailed to the address when it has an account and is under the limit. */
  async sendResetLink({ email }: PasswordResetRequestedJob, now = new Date()): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    await this.prisma.$transaction(async (tx) => {
      await this.users.lockById(tx, user.id);
      const sent = await this.tokens.sentSince(tx, user.id, new Date(now.getTime() - HOUR_MS));
      if (sent.length >= RESET_LINKS_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
      await this.tokens.create(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt });
      await tx.outboxMessage.create({
        data: outboxMessage(NotificationsJobs.sendEmail, {
          template: 'password-reset',
          to: user.email,
          data: { fullName: user.fullName, token, expiresAt: expiresAt.toISOString() },
        }),
      });
    });
    this.outbox.kick();
  }

  /** Uses the link: the new password, the address confirmed (the link proved it), every session ended. */
  async reset({ body }: ResetPasswordCommand, now = new Date()): Promise<void> {
    const user = await this.prisma.$transaction(async (tx) => {
      const userId = await this.tokens.use(tx, hashToken(body.token), now);
      if (!userId) throw linkNoLongerValid();
      const owner = await this.users.markEmailVerified(tx, userId, now);
      this.policy.assertAcceptable(body.password, owner);
      await this.setPassword(tx, owner.id, body.password, owner, 'reset');
      return owner;
    });
    this.outbox.kick();
    await this.sessions.endAllOf(user.id);
    await this.throttle.reset(user.email);
  }

  /** The current password proves the owner is at the keyboard; the caller's own session stays signed in. */
  async change({ userId, sessionId, body }: ChangePasswordCommand): Promise<void> {
    const user = await this.users.findCredentialsById(userId);
    if (!user) throw ProblemError.of(404, 'User not found');
    await this.throttle.assertAllowed(user.email);
    if (!(await this.passwords.verify(user.passwordHash, body.currentPassword))) {
      await this.throttle.recordFailure(user.email);
      const message = 'Your current password is not correct.';
      throw ProblemError.of(400, 'Wrong password', message, [{ field: 'currentPassword', message }]);
    }
    this.policy.assertAcceptable(body.newPassword, user, 'newPassword');
    await this.prisma.$transaction((tx) => this.setPassword(tx, user.id, body.newPassword, user, 'changed'));
    this.outbox.kick();
    await this.sessions.endAllOf(user.id, sessionId);
  }

  private async setPassword(
    tx: Tx,
    userId: string,
    password: string,
    owner: { email: string; fullName: string },
    how: 'reset' | 'changed',
  ) {
    await this.users.setPassword(tx, userId, await this.passwords.hash(password));
    const now = new Date();
    await this.tokens.retireAllOf(tx, userId, now);
    await this.verificationLinks.retireAllOf(tx, userId, now);
    await tx.outboxMessage.create({
      data: outboxMessage(NotificationsJobs.sendEmail, {
        template: 'password-changed',
        to: owner.email,
        data: { fullName: owner.fullName, how },
      }),
    });
  }
}
