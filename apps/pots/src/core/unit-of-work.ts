import type { DirectRows } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import { PrismaService, type Tx } from '../prisma.service';

export type { Tx };

/**
 * Where repository calls run. Services hold a UnitOfWork and only pass on the handle it gives them: every
 * repository call given one `transaction`'s `tx` commits with the others or none do — a command's state
 * change and its outbox rows (what payments, notifications and e-mail hear of it) included; `alone` runs
 * each statement on its own, for reads that need no transaction.
 */
@Injectable()
export class UnitOfWork {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  get alone(): Tx {
    return this.prisma;
  }

  /** For the hottest reads: statements past Prisma's query path, on the same pool (see directRows). */
  get directRows(): DirectRows {
    return this.prisma.directRows;
  }
}
