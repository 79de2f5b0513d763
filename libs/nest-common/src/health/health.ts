import { healthPattern, type ServiceHealth, type ServiceName } from '@kitty/contracts';
import { Controller, Get, Header, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthCheck, HealthCheckService, type HealthIndicatorResult } from '@nestjs/terminus';
import { register } from 'prom-client';

/** A dependency the process cannot work without (Postgres, Redis); `check` throws when it is down. */
export interface DependencyCheck {
  name: string;
  check(): Promise<void>;
}

export const DEPENDENCY_CHECKS = Symbol('DEPENDENCY_CHECKS');

/**
 * `/health` (readiness: every dependency answers), `/metrics` (Prometheus) and the service's RPC health
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
      return this.health.check(
        this.checks.map((dependency) => async (): Promise<HealthIndicatorResult> => {
          await dependency.check();
          return { [dependency.name]: { status: 'up' } };
        }),
      );
    }

    @Get('metrics')
    @Header('Content-Type', register.contentType)
    metrics() {
      return register.metrics();
    }

    @MessagePattern(healthPattern(service))
    ping(): ServiceHealth {
      return { service, status: 'up' };
    }
  }
  return HealthController;
}
