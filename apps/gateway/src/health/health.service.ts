import { type HealthReport, healthRpc, SERVICE_NAMES } from '@kitty/contracts';
import { type DependencyCheck, RpcClient } from '@kitty/nest-common';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';

type Check = HealthReport['checks'][string];

/** Readiness of the whole platform as the gateway sees it: each service, Postgres and Redis. */
@Injectable()
export class PlatformHealth implements OnApplicationShutdown {
  constructor(
    private readonly rpc: RpcClient,
    private readonly postgres: Pool,
    private readonly redis: DependencyCheck,
  ) {
    // An idle connection closed by the server (restart, pg_terminate_backend) is emitted on the pool;
    // unhandled, that event kills the gateway. The pool reconnects on the next query; the probe reports it.
    postgres.on('error', () => undefined);
  }

  async report(): Promise<HealthReport> {
    const probes: [string, Promise<unknown>][] = [
      ['postgres', this.postgres.query('SELECT 1')],
      ['redis', this.redis.check()],
      ...SERVICE_NAMES.map((service): [string, Promise<unknown>] => [
        service,
        this.rpc.call(healthRpc(service), {}),
      ]),
    ];
    const results = await Promise.allSettled(probes.map(([, probe]) => probe));
    const checks: Record<string, Check> = {};
    results.forEach((result, index) => {
      checks[probes[index][0]] =
        result.status === 'fulfilled'
          ? { status: 'up' }
          : {
              status: 'down',
              detail: result.reason instanceof Error ? result.reason.message : 'unavailable',
            };
    });
    const healthy = Object.values(checks).every((check) => check.status === 'up');
    return { status: healthy ? 'ok' : 'degraded', checks };
  }

  async onApplicationShutdown() {
    await this.postgres.end();
  }
}
