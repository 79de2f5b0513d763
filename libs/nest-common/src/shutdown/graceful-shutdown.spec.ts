import type { INestApplicationContext } from '@nestjs/common';

type ShutdownModule = typeof import('./graceful-shutdown');

/** The shutdown state is per process, so each case gets a fresh copy of the module. */
function freshModule(): ShutdownModule {
  let loaded: ShutdownModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<ShutdownModule>('./graceful-shutdown');
  });
  return loaded as ShutdownModule;
}

const logger = { log: jest.fn(), error: jest.fn(), warn: jest.fn() };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shutdownGracefully', () => {
  it('turns readiness off, drains intake, then publishing, then closes the app and exits 0', async () => {
    const { drainOnShutdown, isShuttingDown, shutdownGracefully } = freshModule();
    const steps: string[] = [];
    drainOnShutdown('publish', async () => void steps.push('relay stopped'));
    drainOnShutdown('intake', async () => {
      expect(isShuttingDown()).toBe(true);
      await sleep(20);
      steps.push('jobs finished');
    });
    drainOnShutdown('intake', async () => void steps.push('rpc drained'));
    const app = { close: async () => void steps.push('app closed') } as INestApplicationContext;
    const exit = jest.fn();

    await shutdownGracefully(app, { graceMs: 1000, logger, exit });

    expect(steps).toEqual(['rpc drained', 'jobs finished', 'relay stopped', 'app closed']);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('gives up with exit code 1 when the work outlasts the grace period', async () => {
    const { drainOnShutdown, shutdownGracefully } = freshModule();
    drainOnShutdown('intake', async () => void (await sleep(500)));
    const app = { close: jest.fn() } as unknown as INestApplicationContext;
    const exit = jest.fn();

    await shutdownGracefully(app, { graceMs: 50, logger, exit });

    expect(exit).toHaveBeenCalledWith(1);
    expect(app.close).not.toHaveBeenCalled();
  });

  it('exits 1 when closing fails, and runs only once however often the signal comes', async () => {
    const { shutdownGracefully } = freshModule();
    const app = {
      close: jest.fn().mockRejectedValue(new Error('boom')),
    } as unknown as INestApplicationContext;
    const exit = jest.fn();

    await Promise.all([
      shutdownGracefully(app, { graceMs: 1000, logger, exit }),
      shutdownGracefully(app, { graceMs: 1000, logger, exit }),
    ]);

    expect(app.close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('forgets a drain once it is undone (a worker closed by its owner)', async () => {
    const { drainOnShutdown, shutdownGracefully } = freshModule();
    const drain = jest.fn().mockResolvedValue(undefined);
    drainOnShutdown('intake', drain)();
    await shutdownGracefully({ close: async () => undefined } as INestApplicationContext, {
      graceMs: 100,
      logger,
      exit: jest.fn(),
    });
    expect(drain).not.toHaveBeenCalled();
  });
});
