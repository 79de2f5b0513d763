// A database of a spec file's own, migrated with the project's migration tool, dropped by close().
import { createThrowawayDatabase } from '@kitty/testing';

import { loadDatabaseConfig, type PaymentsConfig } from '../config';
import { PrismaService } from '../prisma.service';

export interface PaymentsDatabase {
  prisma: PrismaService;
  close(): Promise<void>;
}

/** The payments schema on a throwaway database, with a pool big enough for the concurrency tests. */
export function openPaymentsDatabase(): PaymentsDatabase {
  const database = createThrowawayDatabase('payments', loadDatabaseConfig().DATABASE_URL);
  const prisma = new PrismaService({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: 20 } as PaymentsConfig);
  return {
    prisma,
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
