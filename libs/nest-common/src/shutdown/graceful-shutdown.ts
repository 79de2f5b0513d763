import type { INestApplicationContext, LoggerService } from '@nestjs/common';

/** Time to finish work once SIGTERM arrives: after the 5 s preStop pause it still ends inside the pods' 30 s. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 20_000;

/**
 * `intake`: what takes new work (the RPC listener, queue workers) stops and finishes what it took.
 * `publish`: then the outbox relay moves its current batch and stops, so jobs written by that work
 * still leave with this process when they can.
 */
type DrainStage = 'intake' | 'publish';

const drains: Record<DrainStage, Set<() => Promise<void>>> = { intake: new Set(), publish: new Set() };
let shuttingDown = false;

/** Registers work to finish on shutdown, before Nest's own hooks close Prisma and Redis; returns its undo. */
export function drainOnShutdown(stage: DrainStage, drain: () => Promise<void>): () => void {
  drains[stage].add(drain);
  return () => void drains[stage].delete(drain);
}

/** True once the process is stopping: readiness answers 503 so no new traffic is routed here. */
export function isShuttingDown(): boolean {
  return shuttingDown;
}

export interface GracefulShutdownOptions {
  graceMs: number;
  logger: LoggerService;
  /** Ends the process; replaced in tests. */
  exit?: (code: number) => void;
}

/**
 * Not ready first, then drain (in-flight RPC messages and jobs finish, the relay ends its batch), then
 * Nest closes the HTTP server (waiting for in-flight requests) and runs the shutdown hooks (Redis, Prisma).
 * Whatever is still running when the grace period ends is abandoned with exit code 1.
 */
export async function shutdownGracefully(
  app: INestApplicationContext,
  { graceMs, logger, exit = (code) => process.exit(code) }: GracefulShutdownOptions,
): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.log(`Shutting down: draining in-flight work (at most ${graceMs} ms)`);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), graceMs);
  });
  const closed = (async () => {
    for (const stage of ['intake', 'publish'] as const)
      await Promise.allSettled([...drains[stage]].map((drain) => drain()));
    await app.close();
    return 'closed' as const;
  })().catch((error: unknown) => {
    logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
    return 'failed' as const;
  });
  const outcome = await Promise.race([closed, expired]);
  clearTimeout(timer);
  if (outcome === 'expired')
    logger.error(`Shutdown grace period of ${graceMs} ms ended with work unfinished`);
  else if (outcome === 'closed') logger.log('Shut down cleanly');
  exit(outcome === 'closed' ? 0 : 1);
}

/** Shuts the app down gracefully on SIGTERM (Kubernetes) and SIGINT (Ctrl-C). */
export function shutdownOnSignals(app: INestApplicationContext, options: GracefulShutdownOptions): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void shutdownGracefully(app, options));
}
