// The compensation sweep with several replicas (issue 10), against the real Postgres: every pots replica
// runs the sweep on its own timer, so sweeps racing on the same rows must still reverse each posting once.
import { randomUUID } from 'node:crypto';

import { PaymentsRpc, type RpcContract } from '@kitty/contracts';
import type { RpcClient } from '@kitty/nest-common';
import { createThrowawayDatabase, type ThrowawayDatabase } from '@kitty/testing';

import { loadPotsConfig, type PotsConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { PotLedger } from './pot-ledger';

/** The payments service as the replicas see it: counts reversals per key, each taking a few ms. */
function fakePayments(reversals: Map<string, number>) {
  return {
    call: async (contract: RpcContract, request: unknown) => {
      if (contract === PaymentsRpc.reverseTransaction) {
        const key = (request as { idempotencyKey: string }).idempotencyKey;
        reversals.set(key, (reversals.get(key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return contract.reply.parse({ transactionId: randomUUID(), replayed: false });
    },
  } as unknown as RpcClient;
}

describe('compensation sweep with replicas (PostgreSQL)', () => {
  const REPLICAS = 3;
  let database: ThrowawayDatabase;
  let clients: PrismaService[];
  let reversals: Map<string, number>;
  let replicas: PotLedger[];

  beforeAll(() => {
    database = createThrowawayDatabase('pots', loadPotsConfig().DATABASE_URL);
    // One client (own connection pool) per replica, as separate processes have.
    clients = Array.from(
      { length: REPLICAS },
      () => new PrismaService({ DATABASE_URL: database.url } as PotsConfig),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all((clients ?? []).map((client) => client.$disconnect()));
    await database?.drop();
  });

  beforeEach(async () => {
    reversals = new Map();
    replicas = clients.map((client) => new PotLedger(fakePayments(reversals), client));
    await clients[0].ledgerCompensation.deleteMany();
  });

  const dueRows = async (count: number) => {
    const keys = Array.from({ length: count }, () => `expense:${randomUUID()}`);
    await clients[0].ledgerCompensation.createMany({
      data: keys.map((ledgerKey) => ({
        ledgerKey,
        reason: 'not recorded',
        dueAt: new Date(Date.now() - 1000),
      })),
    });
    return keys;
  };

  it('reverses each due posting exactly once when every replica sweeps at the same moment', async () => {
    const keys = await dueRows(180);

    // Every replica sweeps until nothing is left, all at once (as their timers may fire together).
    const swept = await Promise.all(
      replicas.map(async (replica) => {
        let total = 0;
        for (let n = await replica.sweep(); n > 0; n = await replica.sweep()) total += n;
        return total;
      }),
    );

    expect(swept.reduce((a, b) => a + b, 0)).toBe(keys.length);
    expect([...reversals.keys()].sort()).toEqual([...keys].sort());
    expect([...reversals.values()].every((times) => times === 1)).toBe(true);
    await expect(clients[0].ledgerCompensation.count()).resolves.toBe(0);
    // The work was shared, not done by whichever replica came first.
    expect(swept.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('leaves rows a replica claimed alone until its lease is over, then another replica reverses them', async () => {
    const keys = await dueRows(5);
    const now = new Date();
    // A replica claims the rows and dies before reversing any: its claim holds them for the lease.
    await clients[0].$executeRawUnsafe(
      `UPDATE "pots"."ledger_compensations" SET due_at = $1`,
      new Date(now.getTime() + 60_000),
    );

    await expect(replicas[1].sweep(now)).resolves.toBe(0);
    await expect(replicas[1].sweep(new Date(now.getTime() + 61_000))).resolves.toBe(keys.length);
    expect([...reversals.values()]).toEqual(keys.map(() => 1));
  });
});
