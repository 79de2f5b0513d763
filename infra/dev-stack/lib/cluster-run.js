// @ts-check
'use strict';
// npm test's "Redis Cluster + PgBouncer" phase: the production shape past one machine, run here. A stack of
// its own (its database, PgBouncer in transaction mode in front of it, a 3-master + 3-replica Redis Cluster,
// every app at its test replica count) runs the integration specs that exercise every use of Redis and the
// replica and load tests, then tests/cluster kills a Redis master under money commands.
const path = require('node:path');
const { ensureDatabase, dropDatabase, withDatabase } = require('./postgres');
const { startPgbouncer } = require('./pgbouncer');
const { startRedisCluster } = require('./redis-cluster');
const { ReplicaKeeper } = require('./replica-keeper');
const { freshSecrets } = require('./secrets');
const stack = require('./stack');

/**
 * The integration specs run on the cluster: request/reply across replicas (and replicas killed), money
 * under load, BullMQ queues and schedules (webhooks, recurring expenses), idempotency keys, rate limits
 * and session revocations, e-mail quotas (a Lua script over several keys), live pub/sub.
 */
const CLUSTER_SPECS =
  'integration/(replicas|pot-money-load|payments|idempotency|recurring-expenses|session-refresh|email-limits|live|card-authorizations)\\.spec';

/**
 * @param {{
 *   supervisor: import('./supervisor').Supervisor,
 *   registry: ReturnType<typeof import('./registry').appsForRun>,
 *   replicas: Record<string, number>,
 *   postgresUrl: string,
 *   runDir: string,
 *   runId: string,
 *   say: import('./output').Say,
 *   userEnv: NodeJS.ProcessEnv,
 *   runSuite: (config: string, extra: string[], env: Record<string, string>) => Promise<void>,
 *   onRestartable: (handler: ((proc: import('./supervisor').Proc) => unknown) | null) => void,
 * }} options
 */
async function runOnClusterAndPooler(options) {
  const { supervisor, registry, replicas, runDir, runId, say, userEnv, runSuite } = options;
  const dir = path.join(runDir, 'cluster');
  // What ran before this phase (the run's PostgreSQL and Redis) is not this phase's to stop.
  const earlier = new Set(supervisor.processes);
  const databaseUrl = withDatabase(options.postgresUrl, `kitty_cluster_${runId}`);
  /** @type {Array<() => Promise<unknown>>} */
  const teardown = [];
  const keeper = new ReplicaKeeper({
    supervisor,
    file: path.join(dir, 'replicas.json'),
    timeoutMs: stack.healthTimeoutMs(userEnv, 120),
    onFailure: (message) => say.fail(message),
  });
  try {
    await ensureDatabase(databaseUrl);
    teardown.push(() => dropDatabase(databaseUrl));
    if (!(await stack.migrate('deploy', databaseUrl, {}))) throw new Error('infra/db/migrate.js not found');
    const cluster = await startRedisCluster({ supervisor, dataDir: path.join(dir, 'redis') });
    teardown.push(() => cluster.stop());
    say.info(cluster.source);
    // A node or a replica that dies is started again, as its orchestrator would.
    options.onRestartable((proc) => keeper.exited(proc) || cluster.restart(proc));
    const pooler = await startPgbouncer({
      supervisor,
      databaseUrl,
      apps: registry.apps.map(({ name }) => name),
      dir: path.join(dir, 'pgbouncer'),
    });
    teardown.push(() => supervisor.stop(pooler.proc));
    const started = await stack.startStack({
      pooler,
      mode: 'test',
      registry,
      replicas,
      supervisor,
      say,
      userEnv,
      databaseUrl,
      redisUrl: cluster.url,
      ...freshSecrets(),
      queuePrefix: `kitty-cluster-${runId}`,
      mailDir: path.join(dir, 'maildev'),
      stripeSandboxDataDir: path.join(dir, 'stripe-sandbox'),
      timeoutMs: stack.healthTimeoutMs(userEnv, 120),
    });
    // First the apps, MailDev and the sandbox (replicas the keeper started again included), while Redis and
    // the pooler still answer: left running, 21 processes retrying a stopped cluster starve what comes next.
    teardown.push(async () => {
      await started.stop();
      const infrastructure = new Set([pooler.proc.pid, ...cluster.nodes().map(({ pid }) => pid)]);
      await Promise.all(
        supervisor.processes
          .filter((proc) => !earlier.has(proc) && !infrastructure.has(proc.pid))
          .map((proc) => supervisor.stop(proc)),
      );
    });
    keeper.watch(started.replicas);
    const { env } = started;
    const suiteEnv = {
      GATEWAY_URL: started.gatewayUrl,
      PUBLIC_URL: env.PUBLIC_URL,
      MAILDEV_URL: env.MAILDEV_URL,
      OPS_PASSWORD: env.OPS_PASSWORD,
      STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: env.STRIPE_CONNECT_WEBHOOK_SECRET,
      STRIPE_API_URL: env.STRIPE_API_URL,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
      DATABASE_URL: databaseUrl,
      REDIS_URL: cluster.url,
      KITTY_STACK_REPLICAS: JSON.stringify(stack.describeReplicas(started.replicas)),
      KITTY_STACK_REPLICAS_FILE: keeper.file,
    };
    const before = { commands: await cluster.commandsProcessed(), at: Date.now() };
    const specs = userEnv.KITTY_CLUSTER_SPECS || CLUSTER_SPECS;
    await runSuite('tests/integration/jest.config.cjs', [`--testPathPatterns=${specs}`], suiteEnv);
    const commands = (await cluster.commandsProcessed()) - before.commands;
    const seconds = (Date.now() - before.at) / 1000;
    say.info(
      `Redis Cluster: ${commands} commands in ${seconds.toFixed(0)} s of integration specs (${(commands / seconds).toFixed(0)}/s over 6 nodes, replication included)`,
    );
    await runSuite('tests/cluster/jest.config.cjs', ['--runInBand'], {
      ...suiteEnv,
      KITTY_REDIS_CLUSTER_NODES: JSON.stringify(cluster.nodes()),
    });
    return `gateway on ${started.gatewayUrl}; ${cluster.source}; PgBouncer on 127.0.0.1:${pooler.port}`;
  } finally {
    keeper.stop();
    options.onRestartable(null);
    for (const step of teardown.reverse()) await step().catch((error) => say.warn(error.message));
  }
}

module.exports = { runOnClusterAndPooler, CLUSTER_SPECS };
