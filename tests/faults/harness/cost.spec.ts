import { costBetween, describeCost } from './cost';

const sample = (at: number, operations: number, cpuMs: Record<string, number>, redisCommands: number) => ({
  at,
  operations,
  cpuMs,
  redisCommands,
  serverConnections: 10 + at / 1000,
});

describe('costBetween', () => {
  // Idle for 5 s: the gateway's timers use 20 ms/s, Redis sees 100 commands/s.
  const idle = [
    sample(0, 0, { gateway: 0, postgres: 0 }, 0),
    sample(5_000, 0, { gateway: 100, postgres: 0 }, 500),
  ] as const;
  // Loaded for 10 s at 3 operations/s.
  const loaded = [
    sample(10_000, 10, { gateway: 200, postgres: 0, redis: 50 }, 1_000),
    sample(20_000, 40, { gateway: 3_200, postgres: 900, redis: 50, pgbouncer: 300 }, 2_500),
  ] as const;

  it('charges each operation what the load adds to the idle stack, by tier, largest first', () => {
    const cost = costBetween(idle, loaded);
    expect(cost.cpuMsPerOperation).toEqual([
      ['gateway', (300 - 20) / 3],
      ['postgres', 30],
      ['pgbouncer', 10],
    ]);
    expect(cost.redisCommandsPerOperation).toBeCloseTo((150 - 100) / 3);
    expect(cost.idleCpuMsPerSecond).toBe(20);
    expect(cost.idleRedisCommandsPerSecond).toBe(100);
    expect(cost.serverConnections).toBe(30);
    expect(cost.seconds).toBe(10);
  });

  it('reports what one core of each tier carries and what the idle stack costs', () => {
    const lines = describeCost(costBetween(idle, loaded));
    expect(lines[2]).toBe(
      '  operations/s one core of each tier carries: gateway 11, postgres 33, pgbouncer 100',
    );
    expect(lines[3]).toBe('  the idle stack: 0.02 cores, 100 Redis commands/s');
  });
});
