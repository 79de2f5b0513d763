import { revokedSessionKey, sessionRevokedChannel } from '@kitty/contracts';
import { Inject, Injectable } from '@nestjs/common';

import { AuthRedis } from '../auth-redis';
import { AUTH_CONFIG, type AuthConfig } from '../config';

/**
 * Tells the gateway to refuse the access tokens of an ended session. A key per session id, kept as long as
 * an access token lives: after that every token of the session has expired on its own. The id is also
 * announced on a channel, so that every gateway replica ends the session's open live streams at once.
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly redis: AuthRedis,
  ) {}

  async revoke(sid: string): Promise<void> {
    await this.redis.client.set(
      revokedSessionKey(this.config.QUEUE_PREFIX, sid),
      '1',
      'EX',
      this.config.ACCESS_TOKEN_TTL_SECONDS,
    );
    await this.redis.client.publish(sessionRevokedChannel(this.config.QUEUE_PREFIX), sid);
  }
}
