import { randomBytes } from 'node:crypto';

import {
  AuthJobs,
  type DeleteAccountCommand,
  DELETED_USER_NAME,
  type UserDeletedJob,
} from '@kitty/contracts';
import { outboxMessage, OutboxRelay } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PasswordHasher } from '../passwords/password-hasher';
import { PrismaService } from '../prisma.service';
import { SessionService } from '../sessions/session.service';
import { PasswordConfirmation } from '../sign-in/password-confirmation';
import { SignInThrottle } from '../sign-in/sign-in-throttle';
import { UserRepository } from './user.repository';

/**
 * Deletes an account (UK GDPR right to erasure): the password proves the owner is at the keyboard; the profile
 * is anonymised and its links and sessions end in one transaction with the `auth.user.deleted` events the
 * other services act on (outbox). The gateway has had the password confirmed on its own first
 * (`AuthRpc.confirmPassword`), then had payments close the wallet, which it does only when nothing is left
 * in it.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly users: UserRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
    private readonly confirmation: PasswordConfirmation,
    private readonly outbox: OutboxRelay,
  ) {}

  async delete(command: DeleteAccountCommand, now = new Date()): Promise<void> {
    const { userId } = command;
    const user = await this.confirmation.confirm({ userId, password: command.body.password });
    const unusable = await this.passwords.hash(randomBytes(32).toString('base64url'));
    const event: UserDeletedJob = { userId, deletedAt: now.toISOString() };
    await this.prisma.$transaction(async (tx) => {
      const anonymised = await this.users.anonymise(tx, userId, {
        fullName: DELETED_USER_NAME,
        passwordHash: unusable,
        deletedAt: now,
      });
      // A concurrent deletion got there first: its events are on their way.
      if (anonymised.count === 0) return;
      await tx.emailVerificationToken.deleteMany({ where: { userId } });
      await tx.passwordResetToken.deleteMany({ where: { userId } });
      await tx.userResidency.deleteMany({ where: { userId } });
      for (const job of [
        AuthJobs.userDeletedForPots,
        AuthJobs.userDeletedForIssuing,
        AuthJobs.userDeletedForNotifications,
      ]) {
        await tx.outboxMessage.create({ data: outboxMessage(job, event) });
      }
    });
    this.outbox.kick();
    await this.sessions.endAllOf(userId);
    await this.throttle.reset(user.email);
  }
}
