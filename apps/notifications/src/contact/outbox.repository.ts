import type { outboxMessage } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { Tx } from './contact-message.repository';

@Injectable()
export class OutboxRepository {
  /** Written inside the caller's transaction, so the job exists exactly when the state change does. */
  async add(tx: Tx, message: ReturnType<typeof outboxMessage>): Promise<void> {
    await tx.outboxMessage.create({ data: message });
  }
}
