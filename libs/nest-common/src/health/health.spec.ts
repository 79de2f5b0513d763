import { ServiceUnavailableException } from '@nestjs/common';
import type { HealthCheckService } from '@nestjs/terminus';

import { createHealthController } from './health';

let shuttingDown = false;
jest.mock('../shutdown', () => ({ isShuttingDown: () => shuttingDown }));

describe('service health controller', () => {
  const Controller = createHealthController('auth') as new (
    health: Pick<HealthCheckService, 'check'>,
    checks: unknown[],
  ) => { check(): Promise<unknown> };

  it('is ready while dependencies answer, and not ready once shutdown has begun', async () => {
    const health = { check: jest.fn().mockResolvedValue({ status: 'ok' }) };
    const controller = new Controller(health, []);

    await expect(controller.check()).resolves.toEqual({ status: 'ok' });
    shuttingDown = true;
    expect(() => controller.check()).toThrow(ServiceUnavailableException);
    expect(health.check).toHaveBeenCalledTimes(1);
  });
});
