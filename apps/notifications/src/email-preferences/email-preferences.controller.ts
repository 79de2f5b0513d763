import { EmailPreferencesRpc, type UnsubscribeQuery } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { EmailPreferencesService } from './email-preferences.service';

@Controller()
export class EmailPreferencesController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @RpcHandler(EmailPreferencesRpc.unsubscribe)
  unsubscribe(query: UnsubscribeQuery) {
    return this.preferences.unsubscribe(query);
  }
}
