import { Injectable } from '@nestjs/common';

import type { Prisma } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

@Injectable()
export class ContactMessageRepository {
  create(
    tx: Tx,
    data: { userId: string | null; name: string; email: string; subject: string; message: string },
  ) {
    return tx.contactMessage.create({ data, select: { id: true } });
  }
}
