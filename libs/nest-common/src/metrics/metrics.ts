import { Counter, Gauge, Histogram, register } from 'prom-client';

/** Latency buckets (seconds) from a fast cache hit to the RPC deadline and beyond. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests served, by route template, method and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcClientDuration = new Histogram({
  name: 'rpc_client_duration_seconds',
  help: 'RPC calls made, by pattern and outcome (ok, problem, error, timeout)',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcServerDuration = new Histogram({
  name: 'rpc_server_duration_seconds',
  help: 'RPC requests handled, by pattern and outcome (ok, error)',
  labelNames: ['pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcRequestsDropped = new Counter({
  name: 'rpc_requests_dropped_total',
  help: 'RPC requests never run: expired (caller gave up before a replica took it), malformed, or replica-lost (its replica died holding it; the caller was told 503)',
  labelNames: ['reason'] as const,
});

export const queueJobsProcessed = new Counter({
  name: 'queue_jobs_processed_total',
  help: 'Jobs this process finished, by queue, job name and outcome (completed, failed)',
  labelNames: ['queue', 'job', 'outcome'] as const,
});

export const ledgerPostings = new Counter({
  name: 'ledger_postings_total',
  help: 'Ledger transactions written, by kind (counted inside their database transaction, before it commits)',
  labelNames: ['kind'] as const,
});

export const stripeWebhookEventsRefused = new Counter({
  name: 'stripe_webhook_events_refused_total',
  help: "Signed Stripe webhook deliveries refused for what they carry, by endpoint (platform, connect) and reason (api_version: rendered with another API version than Kitty's pinned one; the endpoint needs fixing at Stripe)",
  labelNames: ['endpoint', 'reason'] as const,
});

/** What a queue-depth probe needs of a BullMQ Queue. */
export interface CountableQueue {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A probe that cannot answer in time is left out of the scrape rather than hanging it. */
const PROBE_TIMEOUT_MS = 2000;
function probe<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics probe timed out')), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
const trackedQueues = new Map<string, CountableQueue>();

/** Asks Redis on every scrape, so the numbers are never staler than the scrape itself. */
export const queueDepth = new Gauge({
  name: 'queue_jobs',
  help: 'Jobs in a BullMQ queue by state (waiting, active, delayed, failed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  async collect() {
    this.reset();
    await Promise.allSettled(
      [...trackedQueues.values()].map(async (queue) => {
        const counts = await probe(queue.getJobCounts(...QUEUE_STATES));
        for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  },
});

/** Reports these queues' depth on /metrics until the returned function is called. */
export function trackQueueDepth(queues: readonly CountableQueue[]): () => void {
  for (const queue of queues) trackedQueues.set(queue.name, queue);
  return () => {
    for (const queue of queues) if (trackedQueues.get(queue.name) === queue) trackedQueues.delete(queue.name);
  };
}

const outboxProbes = new Map<string, () => Promise<number>>();

export const outboxBacklog = new Gauge({
  name: 'outbox_backlog',
  help: 'Outbox rows not yet relayed to their queue, read at scrape time',
  labelNames: ['table'] as const,
  async collect() {
    this.reset();
    await Promise.allSettled(
      [...outboxProbes].map(async ([table, count]) => this.set({ table }, await probe(count()))),
    );
  },
});

/** Reports an outbox table's backlog on /metrics until the returned function is called. */
export function trackOutboxBacklog(table: string, count: () => Promise<number>): () => void {
  outboxProbes.set(table, count);
  return () => void outboxProbes.delete(table);
}

/** Every metric of this process in the Prometheus text format. */
export function renderMetrics(): Promise<string> {
  return register.metrics();
}

export const METRICS_CONTENT_TYPE = register.contentType;
