// The fault stack's Redis: everything the harness knows about starting, restarting and addressing it is
// here: one redis-server (SingleRedis, which the chaos run restarts) or a Redis Cluster (ClusterRedis).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const load = createRequire(__filename);
const { probe: probeRedis } = load(path.join(ROOT, 'infra/dev-stack/lib/redis.js')) as {
  probe(url: string): Promise<unknown>;
};
const { ephemeralPort } = load(path.join(ROOT, 'infra/dev-stack/lib/ports.js')) as {
  ephemeralPort(): Promise<number>;
};
interface ClusterNodes {
  url: string;
}
const { startRedisCluster } = load(path.join(ROOT, 'infra/dev-stack/lib/redis-cluster.js')) as {
  startRedisCluster(options: { supervisor: RedisSupervisor; dataDir: string }): Promise<ClusterNodes>;
};

/** The part of the launcher's Supervisor this file uses. */
interface RedisSupervisor {
  start(name: string, command: string, args: string[]): { exitInfo: unknown };
  stop(proc: { exitInfo: unknown }, options?: { signal?: NodeJS.Signals }): Promise<unknown>;
  tail(proc: { exitInfo: unknown }, lines?: number): string;
}

export interface FaultRedis {
  /** REDIS_URL for the apps and for the suite's own clients. */
  readonly url: string;
  start(): Promise<void>;
}

/**
 * One redis-server of the stack's own, append-only as in production, so a restart keeps the queues;
 * started again on the same port and data directory.
 */
export class SingleRedis implements FaultRedis {
  private port = 0;
  private generation = 0;
  private proc: { exitInfo: unknown } | null = null;

  constructor(
    private readonly supervisor: RedisSupervisor,
    private readonly dataDir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port ||= await ephemeralPort();
    this.generation += 1;
    // prettier-ignore
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dataDir,
      '--maxmemory-policy', 'noeviction', '--save', '', '--appendonly', 'yes', '--daemonize', 'no'];
    fs.mkdirSync(this.dataDir, { recursive: true });
    const proc = this.supervisor.start(`redis.${this.generation}`, 'redis-server', args);
    this.proc = proc;
    const deadline = Date.now() + 15_000;
    while ((await probeRedis(this.url)) !== 'ok') {
      if (proc.exitInfo || Date.now() > deadline)
        throw new Error(`redis-server did not start:\n${this.supervisor.tail(proc, 20)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL and start again on the same address with the same data. */
  async restart(): Promise<void> {
    if (this.proc) await this.supervisor.stop(this.proc, { signal: 'SIGKILL' });
    await this.start();
  }
}

/**
 * A Redis Cluster of three masters and a replica each (the launcher's lib/redis-cluster.js), as the
 * production overlay's managed cluster.
 */
export class ClusterRedis implements FaultRedis {
  private cluster: ClusterNodes | null = null;

  constructor(
    private readonly supervisor: RedisSupervisor,
    private readonly dataDir: string,
  ) {}

  get url(): string {
    if (!this.cluster) throw new Error('the Redis Cluster is not started');
    return this.cluster.url;
  }

  async start(): Promise<void> {
    this.cluster = await startRedisCluster({ supervisor: this.supervisor, dataDir: this.dataDir });
  }
}
