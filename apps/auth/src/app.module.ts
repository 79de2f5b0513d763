import {
  EmailQueue,
  IssuingUserDeletedQueue,
  NotificationsUserDeletedQueue,
  PasswordResetQueue,
  PotsUserDeletedQueue,
  ResidencyQueue,
} from '@kitty/contracts';
import { hmacKey, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';

import { AuthRedis } from './auth-redis';
import { AUTH_CONFIG, loadAuthConfig } from './config';
import { EmailVerificationService } from './email-verification/email-verification.service';
import { EmailVerificationTokenRepository } from './email-verification/email-verification-token.repository';
import { UnconfirmedRecipientQuota } from './email-verification/unconfirmed-recipient-quota';
import { PasswordController } from './passwords/password.controller';
import { PasswordService } from './passwords/password.service';
import { PasswordHasher } from './passwords/password-hasher';
import { PasswordPolicy } from './passwords/password-policy';
import { PasswordResetRequestProcessor } from './passwords/password-reset-request.processor';
import { PasswordResetTokenRepository } from './passwords/password-reset-token.repository';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { MeController } from './residency/me.controller';
import { ResidencyChangedProcessor } from './residency/residency-changed.processor';
import { ResidencyCopyRepository } from './residency/residency-copy.repository';
import { RefreshService } from './sessions/refresh.service';
import { RefreshRateLimit } from './sessions/refresh-rate-limit';
import { RefreshTokenRepository } from './sessions/refresh-token.repository';
import { SessionRepository } from './sessions/session.repository';
import { SessionService } from './sessions/session.service';
import { SessionRevocations } from './sessions/session-revocations';
import { AuthController } from './sign-in/auth.controller';
import { AuthService } from './sign-in/auth.service';
import { PasswordConfirmation } from './sign-in/password-confirmation';
import { SignInThrottle } from './sign-in/sign-in-throttle';
import { SignUpAttemptNotices } from './sign-in/sign-up-attempt-notices';
import { AccountController } from './users/account.controller';
import { AccountDeletionService } from './users/account-deletion.service';
import { UserRepository } from './users/user.repository';

export const config = loadAuthConfig();
const infrastructure = serviceInfrastructure({
  service: 'auth',
  config,
  prisma: PrismaService,
  outbox: {
    table: OUTBOX_TABLE,
    queues: [
      ResidencyQueue,
      EmailQueue,
      PotsUserDeletedQueue,
      IssuingUserDeletedQueue,
      NotificationsUserDeletedQueue,
      PasswordResetQueue,
    ],
  },
});

@Module({
  imports: [
    ...infrastructure.imports,
    JwtModule.register({ secret: hmacKey(config.JWT_ACCESS_SECRET), signOptions: { algorithm: 'HS256' } }),
  ],
  controllers: [
    AuthController,
    PasswordController,
    AccountController,
    MeController,
    ...infrastructure.controllers,
  ],
  providers: [
    ...infrastructure.providers,
    { provide: AUTH_CONFIG, useValue: config },
    UserRepository,
    RefreshTokenRepository,
    SessionRepository,
    EmailVerificationTokenRepository,
    EmailVerificationService,
    UnconfirmedRecipientQuota,
    PasswordResetTokenRepository,
    PasswordService,
    PasswordResetRequestProcessor,
    PasswordHasher,
    PasswordPolicy,
    AuthRedis,
    SessionRevocations,
    SessionService,
    RefreshRateLimit,
    RefreshService,
    SignInThrottle,
    PasswordConfirmation,
    SignUpAttemptNotices,
    AuthService,
    AccountDeletionService,
    ResidencyCopyRepository,
    ResidencyChangedProcessor,
  ],
})
export class AppModule {}
