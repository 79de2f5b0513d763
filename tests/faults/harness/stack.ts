// A stack of the fault suite's own, started with the dev-stack launcher's modules (infra/dev-stack/lib):
// its own database on the run's PostgreSQL server, its own redis-server (append-only, so a restart keeps
// the queues, as the production Redis does), every app of the registry on free ports with as many replicas
// as npm test runs (KITTY_REPLICAS, 3 by default; the gateway's behind the launcher's balancer), reaching
// PostgreSQL directly or, with `pooler`, through PgBouncer in transaction mode as production does. It kills
// (or stops gracefully) and restarts one replica at a time, so the others keep serving.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

import { Pool } from 'pg';

import { ClusterRedis, SingleRedis } from './redis';

const ROOT = path.resolve(__dirname, '../../..');
const load = createRequire(__filename);
const lib = (name: string) => load(path.join(ROOT, 'infra/dev-stack/lib', name));

interface Proc {
  name: string;
  pid: number;
  logFile: string;
  stopping: boolean;
  exitInfo: { code: number | null; signal: string | null } | null;
  exited: Promise<unknown>;
}
interface Supervisor {
  processes: Proc[];
  start(name: string, command: string, args: string[], options?: { env?: NodeJS.ProcessEnv }): Proc;
  stop(proc: Proc, options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<unknown>;
  tail(proc: Proc, lines?: number): string;
}
interface App {
  name: string;
  health: string;
  entry: string;
  args: string[];
  build: boolean;
}
interface Replica {
  app: App;
  name: string;
  index: number;
  port: number;
  opsPort: number | null;
  env: NodeJS.ProcessEnv;
  node: string;
  proc: Proc;
}
interface Registry {
  apps: App[];
}
interface Service {
  url: string;
  source: string;
  stop: () => Promise<unknown>;
}
type Say = Record<'step' | 'info' | 'ok' | 'warn' | 'fail', (text: string) => void>;

const { Supervisor: SupervisorClass } = lib('supervisor.js') as {
  Supervisor: new (options: {
    logDir: string;
    echo: boolean;
    onUnexpectedExit: (proc: Proc, code: number | null, signal: string | null) => void;
  }) => Supervisor;
};
const stackLib = lib('stack.js') as {
  KITTY_DIR: string;
  migrate(command: 'deploy', url: string): Promise<boolean>;
  generateClients(): Promise<boolean>;
  build(projects: string[]): Promise<void>;
  startStack(options: Record<string, unknown>): Promise<{
    ports: Record<string, number>;
    env: Record<string, string>;
    gatewayUrl: string;
    replicas: Replica[];
    stop: () => Promise<void>;
  }>;
  restartReplica(options: {
    supervisor: Supervisor;
    replica: Replica;
    generation: number;
    timeoutMs: number;
  }): Promise<Replica>;
  healthFailureLog(supervisor: Supervisor, error: unknown, lines: number): string;
};
const registryLib = lib('registry.js') as {
  loadRegistry(root: string): Registry;
  appsForRun(registry: Registry, run: { mode: 'test'; userEnv: NodeJS.ProcessEnv }): Registry;
  buildProjects(registry: Registry): string[];
};
const postgresLib = lib('postgres.js') as {
  findPostgres(options: {
    root: string;
    userEnv: NodeJS.ProcessEnv;
    supervisor: Supervisor;
    say: Say;
  }): Promise<Service>;
  withDatabase(url: string, database: string): string;
  ensureDatabase(url: string): Promise<void>;
  dropDatabase(url: string): Promise<void>;
};
const { pgbouncerUnavailable, startPgbouncer } = lib('pgbouncer.js') as {
  pgbouncerUnavailable(): string | null;
  startPgbouncer(options: {
    supervisor: Supervisor;
    databaseUrl: string;
    apps: string[];
    dir: string;
  }): Promise<{
    port: number;
    urlFor(app: string): string;
  }>;
};
const { freshSecrets } = lib('secrets.js') as { freshSecrets(): Record<string, string> };
const { say } = lib('output.js') as { say: Say };

const HEALTH_TIMEOUT_MS = 120_000;
/** Longer than the apps' own shutdown grace (20 s): a replica SIGKILLed after it did not drain in time. */
const DRAIN_GRACE_MS = 30_000;

export interface FaultStackOptions {
  /** The apps reach PostgreSQL through PgBouncer in transaction mode (as production does). */
  pooler?: boolean;
  /** `cluster`: a Redis Cluster of 3 masters + 3 replicas instead of one redis-server. */
  redis?: 'single' | 'cluster';
}

/** One replica stopped with SIGTERM, drained, started again on its ports and healthy. */
export interface GracefulRestart {
  replica: string;
  drainMs: number;
  /** How the old process ended: 0 when it drained and closed cleanly. */
  exit: string;
  startMs: number;
}

export interface FaultStackSettings {
  gatewayUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  env: Record<string, string>;
}

/**
 * What the tests/support helpers read from the environment when first imported, for this stack: set
 * before the workload imports them.
 */
export function supportEnv(settings: FaultStackSettings): Record<string, string> {
  return {
    GATEWAY_URL: settings.gatewayUrl,
    PUBLIC_URL: settings.env.PUBLIC_URL,
    MAILDEV_URL: settings.env.MAILDEV_URL,
    STRIPE_WEBHOOK_SECRET: settings.env.STRIPE_WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: settings.env.STRIPE_CONNECT_WEBHOOK_SECRET,
    STRIPE_API_URL: settings.env.STRIPE_API_URL,
    QUEUE_PREFIX: settings.queuePrefix,
    REDIS_URL: settings.redisUrl,
  };
}

export class FaultStack {
  private readonly runId = randomBytes(4).toString('hex');
  readonly runDir = path.join(stackLib.KITTY_DIR, 'test-runs', `faults-${this.runId}`);
  /** Processes that died without being asked to: a crash the suite did not cause is a finding. */
  readonly unexpectedExits: string[] = [];
  private readonly supervisor: Supervisor = new SupervisorClass({
    logDir: path.join(this.runDir, 'logs'),
    echo: process.env.KITTY_VERBOSE === '1',
    // Recorded as a finding, and the replica is started again (as its orchestrator would) so the run goes on.
    onUnexpectedExit: (proc, code, signal) => {
      // The log's last lines go into the finding itself: a CI report may show only the failure's summary.
      const cause = this.supervisor.tail(proc, 12).replace(/\s+$/, '');
      this.unexpectedExits.push(
        `${proc.name} (${signal ?? `exit code ${code}`}), log ${proc.logFile}; its last lines:\n${cause}`,
      );
      const replica = this.started?.replicas.find((r) => r.proc === proc);
      if (replica && !this.stopping) void this.respawn(replica).catch(() => undefined);
    },
  });
  private stopping = false;
  private readonly registry = registryLib.appsForRun(registryLib.loadRegistry(ROOT), {
    mode: 'test',
    userEnv: process.env,
  });
  private postgres: Service | null = null;
  private databaseUrl: string | null = null;
  private readonly redis: SingleRedis | ClusterRedis;
  private readonly generation = new Map<string, number>();
  /** How many kills each app has had: the next one hits its next replica. */
  private readonly kills = new Map<string, number>();
  private started: Awaited<ReturnType<typeof stackLib.startStack>> | null = null;
  settings: FaultStackSettings | null = null;

  constructor(private readonly options: FaultStackOptions = {}) {
    const dataDir = path.join(this.runDir, 'redis');
    this.redis =
      options.redis === 'cluster'
        ? new ClusterRedis(this.supervisor, dataDir)
        : new SingleRedis(this.supervisor, dataDir);
  }

  get appNames(): string[] {
    return this.registry.apps.map((app) => app.name);
  }

  async start(): Promise<FaultStackSettings> {
    // npm test has built everything already (FAULT_SKIP_BUILD=1); alone, build what the stack runs (Nx cache).
    if (process.env.FAULT_SKIP_BUILD !== '1') {
      await stackLib.generateClients();
      await stackLib.build(registryLib.buildProjects(this.registry));
    }
    this.postgres = await postgresLib.findPostgres({
      root: ROOT,
      userEnv: process.env,
      supervisor: this.supervisor,
      say,
    });
    const databaseUrl = postgresLib.withDatabase(this.postgres.url, `kitty_faults_${this.runId}`);
    await postgresLib.ensureDatabase(databaseUrl);
    this.databaseUrl = databaseUrl;
    await stackLib.migrate('deploy', databaseUrl);
    await this.redis.start();
    const queuePrefix = `kitty-faults-${this.runId}`;
    this.started = await this.startApps(databaseUrl, this.redis.url, queuePrefix);
    this.settings = {
      gatewayUrl: this.started.gatewayUrl,
      databaseUrl,
      redisUrl: this.redis.url,
      queuePrefix,
      env: this.started.env,
    };
    return this.settings;
  }

  /** startStack; an app that does not come up is named with the end of its log. */
  private async startApps(databaseUrl: string, redisUrl: string, queuePrefix: string) {
    const unavailable = this.options.pooler ? pgbouncerUnavailable() : null;
    if (unavailable) throw new Error(`The stack runs behind PgBouncer: ${unavailable}`);
    const pooler = this.options.pooler
      ? await startPgbouncer({
          supervisor: this.supervisor,
          databaseUrl,
          apps: this.registry.apps.map(({ name }) => name),
          dir: path.join(this.runDir, 'pgbouncer'),
        })
      : null;
    try {
      return await stackLib.startStack({
        pooler,
        mode: 'test',
        registry: this.registry,
        supervisor: this.supervisor,
        say,
        userEnv: process.env,
        databaseUrl,
        redisUrl,
        ...freshSecrets(),
        queuePrefix,
        mailDir: path.join(this.runDir, 'maildev'),
        stripeSandboxDataDir: path.join(this.runDir, 'stripe-sandbox'),
        timeoutMs: HEALTH_TIMEOUT_MS,
      });
    } catch (error) {
      const log = stackLib.healthFailureLog(this.supervisor, error, 30);
      throw log ? new Error(`${(error as Error).message}\n${log}`) : error;
    }
  }

  /** Every replica of the stack (name, pid, port), for reports and for reading each one's /metrics. */
  get replicas(): { app: string; name: string; pid: number; port: number }[] {
    return (this.started?.replicas ?? []).map((r) => ({
      app: r.app.name,
      name: r.name,
      pid: r.proc.pid,
      port: r.port,
    }));
  }

  /** Everything the stack runs and is still running (apps, pooler, Redis, the Stripe sandbox, MailDev). */
  get processes(): { name: string; pid: number }[] {
    return this.supervisor.processes.filter((p) => !p.exitInfo).map(({ name, pid }) => ({ name, pid }));
  }

  /** The replicas per app, in the shape of KITTY_STACK_REPLICAS (tests/support/replicas.ts). */
  replicasByApp(): Record<string, { name: string; pid: number; port: number }[]> {
    const byApp: Record<string, { name: string; pid: number; port: number }[]> = {};
    for (const { app, name, pid, port } of this.replicas) (byApp[app] ??= []).push({ name, pid, port });
    return byApp;
  }

  /**
   * SIGKILL to one replica of an app (its process group): the app's replicas in turn, one per call, so
   * the others keep serving. The same replica starts again on its port; resolves once it is healthy.
   * Returns the replica's name.
   */
  async killAndRestart(app: string): Promise<string> {
    const replicas = (this.started?.replicas ?? []).filter((r) => r.app.name === app);
    if (replicas.length === 0) throw new Error(`no running app ${app}`);
    const kills = this.kills.get(app) ?? 0;
    this.kills.set(app, kills + 1);
    const replica = replicas[kills % replicas.length];
    await this.supervisor.stop(replica.proc, { signal: 'SIGKILL' });
    await this.respawn(replica);
    return replica.name;
  }

  /**
   * Restarts every replica of an app in turn, as a rolling update does: SIGTERM, wait until the process has
   * drained and exited, start it again on its ports, wait until it is healthy, then the next one.
   */
  async rollingRestart(app: string): Promise<GracefulRestart[]> {
    const replicas = (this.started?.replicas ?? []).filter((r) => r.app.name === app);
    if (replicas.length === 0) throw new Error(`no running app ${app}`);
    const restarts: GracefulRestart[] = [];
    for (const replica of replicas) {
      const stopping = Date.now();
      const { code, signal } = (await this.supervisor.stop(replica.proc, {
        signal: 'SIGTERM',
        graceMs: DRAIN_GRACE_MS,
      })) as { code: number | null; signal: string | null };
      const starting = Date.now();
      await this.respawn(replica);
      restarts.push({
        replica: replica.name,
        drainMs: starting - stopping,
        exit: signal ?? String(code),
        startMs: Date.now() - starting,
      });
    }
    return restarts;
  }

  private async respawn(replica: Replica): Promise<void> {
    if (!this.started) throw new Error(`no stack for ${replica.name}`);
    const generation = (this.generation.get(replica.name) ?? 1) + 1;
    this.generation.set(replica.name, generation);
    await stackLib.restartReplica({
      supervisor: this.supervisor,
      replica,
      generation,
      timeoutMs: HEALTH_TIMEOUT_MS,
    });
  }

  /** SIGKILL to redis-server and a new one on the same port and data directory (its append-only file). */
  async restartRedis(): Promise<void> {
    if (!(this.redis instanceof SingleRedis))
      throw new Error('restartRedis restarts one redis-server; this stack runs a Redis Cluster');
    await this.redis.restart();
  }

  /** pg_terminate_backend on every connection of the apps to this stack's database. */
  async terminateBackends(pool: Pool): Promise<number> {
    const result = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND application_name IS DISTINCT FROM 'kitty-faults'
          AND pg_terminate_backend(pid)`,
    );
    return result.rowCount ?? 0;
  }

  /** The last lines of every app's log, for a failure report. */
  logTails(lines = 20): string {
    return this.supervisor.processes
      .map((proc) => `── ${proc.logFile} ──\n${this.supervisor.tail(proc, lines)}`)
      .join('\n');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.started?.stop();
    // The apps first, while the pooler and Redis still answer: their drain then logs no outage of ours.
    const apps = new Set(this.started?.replicas.map((r) => r.proc));
    const running = () => this.supervisor.processes.filter((p) => !p.exitInfo);
    await Promise.all(
      running()
        .filter((p) => apps.has(p))
        .map((p) => this.supervisor.stop(p)),
    );
    await Promise.all(running().map((p) => this.supervisor.stop(p)));
    if (this.databaseUrl) await postgresLib.dropDatabase(this.databaseUrl).catch(() => undefined);
    await this.postgres?.stop();
  }
}
