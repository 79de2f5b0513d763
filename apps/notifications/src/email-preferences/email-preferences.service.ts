import { type Unsubscribed, UNSUBSCRIBED_MESSAGE, type UnsubscribeQuery } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { EmailOptOutRepository } from './email-opt-out.repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** Opt-outs from every e-mail but security notices (the unsubscribe link and List-Unsubscribe of each). */
@Injectable()
export class EmailPreferencesService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: Pick<NotificationsConfig, 'EMAIL_LINK_SECRET'>,
    private readonly optOuts: EmailOptOutRepository,
  ) {}

  async unsubscribe({ token }: UnsubscribeQuery): Promise<Unsubscribed> {
    const hash = verifyUnsubscribeToken(token, this.config.EMAIL_LINK_SECRET);
    if (!hash) throw ProblemError.of(400, 'Invalid link', 'This unsubscribe link is not valid.');
    await this.optOuts.record(hash);
    return { unsubscribed: true, message: UNSUBSCRIBED_MESSAGE };
  }
}
