import { createHash, randomBytes } from 'node:crypto';

import {
  type AuthUser,
  type EmailConfirmed,
  NotificationsJobs,
  type ResendVerificationCommand,
  type VerifyEmailCommand,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import { tooManyRequests } from '../rate-limit-problem';
import { type Tx, UserRepository } from '../users/user.repository';
import { EmailVerificationTokenRepository } from './email-verification-token.repository';
import { secondsUntilTomorrow, UnconfirmedRecipientQuota } from './unconfirmed-recipient-quota';

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Links per account per rolling hour: the one sent at sign-up and 3 resends. */
export const VERIFICATION_LINKS_PER_HOUR = 4;
const HOUR_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const linkNoLongerValid = () =>
  ProblemError.of(
    400,
    'Link no longer valid',
    'This confirmation link has expired or was already used. Sign in and ask for a new one.',
  );

/**
 * E-mail verification: a random 256-bit token per link, only its SHA-256 stored; a link
 * works once, for 24 hours, and following it confirms the address. It is not a sign-in: an e-mail lies in
 * an inbox (and its forwards and backups) long after it was read, so following one confirms the address
 * and retires the user's other links, and a password set retires them too.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UserRepository,
    private readonly tokens: EmailVerificationTokenRepository,
    private readonly outbox: OutboxRelay,
    private readonly recipients: UnconfirmedRecipientQuota,
  ) {}

  /**
   * Writes a new link and its e-mail (outbox) in the caller's transaction; the caller kicks the relay.
   * False, writing nothing, when the address has had its day's e-mails.
   */
  async sendLink(tx: Tx, user: AuthUser, now = new Date()): Promise<boolean> {
    if (!(await this.recipients.claim(user.email, now))) return false;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_TTL_MS);
    await this.tokens.create(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt });
    await tx.outboxMessage.create({
      data: outboxMessage(NotificationsJobs.sendEmail, {
        template: 'verify-email',
        to: user.email,
        data: { fullName: user.fullName, token, expiresAt: expiresAt.toISOString() },
      }),
    });
    return true;
  }

  /** Uses the link's token, marks the address verified and retires the user's other links. */
  async verify({ body }: VerifyEmailCommand, now = new Date()): Promise<EmailConfirmed> {
    return this.prisma.$transaction(async (tx) => {
      const userId = await this.tokens.use(tx, hashToken(body.token), now);
      if (!userId) throw linkNoLongerValid();
      const user = await this.users.markEmailVerified(tx, userId, now);
      await this.tokens.retireAllOf(tx, userId, now);
      return { status: 'email-confirmed', email: user.email };
    });
  }

  /** Another link, unless the address is verified already; 429 beyond the hourly or the address's daily limit. */
  async resend({ userId }: ResendVerificationCommand, now = new Date()): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const user = await this.users.lockById(tx, userId);
      if (!user) throw ProblemError.of(404, 'User not found');
      if (user.emailVerified) {
        throw ProblemError.of(409, 'Already confirmed', 'Your e-mail address is already confirmed.');
      }
      const sent = await this.tokens.sentSince(tx, userId, new Date(now.getTime() - HOUR_MS));
      if (sent.length >= VERIFICATION_LINKS_PER_HOUR) {
        const freedAt = sent[sent.length - VERIFICATION_LINKS_PER_HOUR].getTime() + HOUR_MS;
        throw tooManyRequests(
          'Too many e-mails',
          'We have sent you several confirmation e-mails in the last hour. Please check your inbox (and spam folder) or try again later.',
          (freedAt - now.getTime()) / 1000,
        );
      }
      if (!(await this.sendLink(tx, user, now))) {
        throw tooManyRequests(
          'Too many e-mails',
          'We have sent several confirmation e-mails to this address today. Please check your inbox (and spam folder) or try again tomorrow.',
          secondsUntilTomorrow(now),
        );
      }
    });
    this.outbox.kick();
  }
}
