import { healthRpc, type ServiceHealth, type ServiceName } from '@kitty/contracts';
import { Controller, Get, Header, Inject, ServiceUnavailableException, type Type } from '@nestjs/common';
import { HealthCheck, HealthCheckService, type HealthIndicatorResult } from '@nestjs/terminus';

import { METRICS_CONTENT_TYPE, renderMetrics } from '../metrics';
import { RpcHandler } from '../rpc';
import { isShuttingDown } from '../shutdown';

/** A dependency the process cannot work without (Postgres, Redis); `check` throws when it is down. */
export interface DependencyCheck {
  name: string;
  check(): Promise<void>;
}

export const DEPENDENCY_CHECKS = Symbol('DEPENDENCY_CHECKS');

/**
 * `/health` (readiness: every dependency answers, and the process is not shutting down), `/metrics` (Prometheus) and the service's RPC health
 * probe, which proves its Redis listener is alive to the gateway.
 */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(
      private readonly health: HealthCheckService,
      @Inject(DEPENDENCY_CHECKS) private readonly checks: DependencyCheck[],
    ) {}

    @Get('health')
    @HealthCheck()
    check() {
      if (isShuttingDown()) throw new ServiceUnavailableException({ status: 'shutting-down' });
      return this.health.check(
        this.checks.map((dependency) => async (): Promise<HealthIndicatorResult> => {
          await dependency.check();
          return { [dependency.name]: { status: 'up' } };
        }),
      );
    }

    @Get('metrics')
    @Header('Content-Type', METRICS_CONTENT_TYPE)
    metrics() {
      return renderMetrics();
    }

    @RpcHandler(healthRpc(service))
    ping(): ServiceHealth {
      return { service, status: 'up' };
    }
  }
  return HealthController;
}
