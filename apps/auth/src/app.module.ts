import { EmailQueue, ResidencyQueue } from '@kitty/contracts';
import {
  createHealthController,
  DEPENDENCY_CHECKS,
  loggerModule,
  OutboxRelay,
  postgresCheck,
  QueueRegistry,
  RedisCheck,
} from '@kitty/nest-common';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TerminusModule } from '@nestjs/terminus';

import { AUTH_CONFIG, type AuthConfig, loadAuthConfig } from './config';
import { AuthController } from './controllers/auth.controller';
import { OUTBOX_TABLE, PrismaService } from './prisma.service';
import { RefreshTokenRepository } from './repositories/refresh-token.repository';
import { UserRepository } from './repositories/user.repository';
import { AuthService } from './services/auth.service';
import { PasswordHasher } from './services/password-hasher';
import { SessionService } from './services/session.service';
import { SignInThrottle } from './services/sign-in-throttle';

const config = loadAuthConfig();

@Module({
  imports: [
    loggerModule(config.LOG_LEVEL, 'auth'),
    TerminusModule,
    JwtModule.register({ secret: config.JWT_ACCESS_SECRET, signOptions: { algorithm: 'HS256' } }),
  ],
  controllers: [AuthController, createHealthController('auth')],
  providers: [
    { provide: AUTH_CONFIG, useValue: config },
    PrismaService,
    UserRepository,
    RefreshTokenRepository,
    PasswordHasher,
    SessionService,
    SignInThrottle,
    AuthService,
    {
      provide: RedisCheck,
      useFactory: (c: AuthConfig) => new RedisCheck(c.REDIS_URL),
      inject: [AUTH_CONFIG],
    },
    {
      provide: DEPENDENCY_CHECKS,
      useFactory: (prisma: PrismaService, redis: RedisCheck) => [postgresCheck(prisma), redis],
      inject: [PrismaService, RedisCheck],
    },
    {
      provide: OutboxRelay,
      useFactory: (prisma: PrismaService, c: AuthConfig) =>
        new OutboxRelay(
          prisma,
          OUTBOX_TABLE,
          new QueueRegistry(c.REDIS_URL, c.QUEUE_PREFIX, [ResidencyQueue, EmailQueue]),
        ),
      inject: [PrismaService, AUTH_CONFIG],
    },
  ],
})
export class AppModule implements OnApplicationShutdown {
  constructor(private readonly redisCheck: RedisCheck) {}

  async onApplicationShutdown() {
    await this.redisCheck.close();
  }
}

export { config };
