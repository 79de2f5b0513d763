import { createHash, randomBytes } from 'node:crypto';

import {
  type AuthUser,
  EmailQueue,
  type IssuedSession,
  type ResendVerificationCommand,
  type VerifyEmailCommand,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay, ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService } from '../prisma.service';
import { tooManyRequests } from '../rate-limit-problem';
import { SessionService } from '../sessions/session.service';
import { type Tx, UserRepository } from '../users/user.repository';
import { EmailVerificationTokenRepository } from './email-verification-token.repository';

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
 * E-mail verification (issue 12 §2): a random 256-bit token per link, only its SHA-256 stored; a link
 * works once, for 24 hours, and following it signs the user in.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UserRepository,
    private readonly tokens: EmailVerificationTokenRepository,
    private readonly sessions: SessionService,
    private readonly outbox: OutboxRelay,
  ) {}

  /** Writes a new link and its e-mail (outbox) in the caller's transaction; the caller kicks the relay. */
  async sendLink(tx: Tx, user: AuthUser, now = new Date()): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_TTL_MS);
    await this.tokens.create(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt });
    await tx.outboxMessage.create({
      data: outboxMessage(EmailQueue, 'notifications.email.send.v1', {
        template: 'verify-email',
        to: user.email,
        data: { fullName: user.fullName, token, expiresAt: expiresAt.toISOString() },
      }),
    });
  }

  /** Uses the link's token, marks the address verified and opens a session. */
  async verify({ body, caller }: VerifyEmailCommand, onSignIn: (tx: Tx, user: AuthUser) => Promise<void>) {
    const now = new Date();
    const session = await this.prisma.$transaction(async (tx): Promise<IssuedSession> => {
      const userId = await this.tokens.use(tx, hashToken(body.token), now);
      if (!userId) throw linkNoLongerValid();
      const user = await this.users.markEmailVerified(tx, userId, now);
      await onSignIn(tx, user);
      return this.sessions.issue(tx, user, caller);
    });
    this.outbox.kick();
    return session;
  }

  /** Another link, unless the address is verified already; 429 beyond the hourly limit. */
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
      await this.sendLink(tx, user, now);
    });
    this.outbox.kick();
  }
}
