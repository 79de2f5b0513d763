import {
  EmailQueue,
  IssuingUserDeletedQueue,
  NotificationsUserDeletedQueue,
  PotsUserDeletedQueue,
  ResidencyQueue,
} from '@kitty/contracts';
import { hmacKey, serviceInfrastructure } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';

import { AuthRedis } from './auth-redis';
import { AUTH_CONFIG, loadAuthConfig } from './config';
import { AccountController } from './controllers/account.controller';
import { AuthController } from './controllers/auth.controller';
import { PasswordController } from './controllers/password.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { EmailVerificationTokenRepository } from './repositories/email-verification-token.repository';
import { PasswordResetTokenRepository } from './repositories/password-reset-token.repository';
import { RefreshTokenRepository } from './repositories/refresh-token.repository';
import { SessionRepository } from './repositories/session.repository';
import { UserRepository } from './repositories/user.repository';
import { AccountDeletionService } from './services/account-deletion.service';
import { AuthService } from './services/auth.service';
import { EmailVerificationService } from './services/email-verification.service';
import { PasswordService } from './services/password.service';
import { PasswordHasher } from './services/password-hasher';
import { PasswordPolicy } from './services/password-policy';
import { RefreshService } from './services/refresh.service';
import { RefreshRateLimit } from './services/refresh-rate-limit';
import { SessionService } from './services/session.service';
import { SessionRevocations } from './services/session-revocations';
import { SignInThrottle } from './services/sign-in-throttle';
import { SignUpAttemptNotices } from './services/sign-up-attempt-notices';

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
    ],
  },
});

@Module({
  imports: [
    ...infrastructure.imports,
    JwtModule.register({ secret: hmacKey(config.JWT_ACCESS_SECRET), signOptions: { algorithm: 'HS256' } }),
  ],
  controllers: [AuthController, PasswordController, AccountController, ...infrastructure.controllers],
  providers: [
    ...infrastructure.providers,
    { provide: AUTH_CONFIG, useValue: config },
    UserRepository,
    RefreshTokenRepository,
    SessionRepository,
    EmailVerificationTokenRepository,
    EmailVerificationService,
    PasswordResetTokenRepository,
    PasswordService,
    PasswordHasher,
    PasswordPolicy,
    AuthRedis,
    SessionRevocations,
    SessionService,
    RefreshRateLimit,
    RefreshService,
    SignInThrottle,
    SignUpAttemptNotices,
    AuthService,
    AccountDeletionService,
  ],
})
export class AppModule {}
