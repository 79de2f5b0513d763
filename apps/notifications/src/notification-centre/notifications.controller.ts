import { NotificationCentreRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import type { z } from 'zod';

import { NotificationCentre } from './notification-centre.service';

type Request<K extends keyof typeof NotificationCentreRpc> = z.output<
  (typeof NotificationCentreRpc)[K]['request']
>;

/** The caller's notifications and preferences; the gateway names the caller, so each reads only its own. */
@Controller()
export class NotificationsController {
  constructor(private readonly centre: NotificationCentre) {}

  @RpcHandler(NotificationCentreRpc.getInbox)
  inbox({ userId }: Request<'getInbox'>) {
    return this.centre.inbox(userId);
  }

  @RpcHandler(NotificationCentreRpc.markRead)
  async markRead({ userId, body }: Request<'markRead'>) {
    await this.centre.markRead(userId, body.ids);
    return { ok: true } as const;
  }

  @RpcHandler(NotificationCentreRpc.getPreferences)
  preferences({ userId }: Request<'getPreferences'>) {
    return this.centre.preferences(userId);
  }

  @RpcHandler(NotificationCentreRpc.updatePreferences)
  updatePreferences({ userId, body }: Request<'updatePreferences'>) {
    return this.centre.updatePreferences(userId, body.preferences);
  }
}
