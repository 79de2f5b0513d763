import type { OutboxMessage } from '@kitty/nest-common';

import type { Tx } from '../prisma.service';

/** Queues a message in the caller's transaction: it is sent exactly when the change it tells of commits. */
export async function enqueue(tx: Tx, message: OutboxMessage): Promise<void> {
  await tx.outboxMessage.create({ data: message });
}

/** Several messages in one statement. */
export async function enqueueAll(tx: Tx, messages: OutboxMessage[]): Promise<void> {
  await tx.outboxMessage.createMany({ data: messages });
}
