import { Redis } from 'ioredis';
import { Client } from 'pg';

import { isRedisClusterUrl, redisClusterFromUrl, redisOptionsFromUrl } from '../redis';

/** How long the start-up check waits for each server before leaving it to the clients' own retries. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Node's codes for a certificate it would not trust (node:tls, OpenSSL's X509_V_ERR_* names), and for a
 * server that does not speak TLS where TLS was asked for.
 */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/** A server whose certificate this process does not trust: the process must not start. */
export class UntrustedServerError extends Error {}

export interface TrustedConnectionsOptions {
  redisUrl: string;
  /** The service's Postgres, when it owns a schema. */
  databaseUrl?: string;
}

/** The URL without its credentials, for messages. */
function shown(url: string): string {
  // A cluster's list of nodes is not a WHATWG URL.
  if (isRedisClusterUrl(url)) return url.replace(/\/\/[^@/]*@/, '//');
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

function certificateProblem(error: unknown): string | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) return `${(error as Error).message} (${code})`;
  // node-postgres reports a server that refuses TLS in words, not with a code.
  if (error instanceof Error && /does not support SSL/i.test(error.message)) return error.message;
  return null;
}

async function withTimeout<T>(work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One server's settings: a cluster's first seed node stands for the others (they share a CA and credentials). */
function firstRedisServer(url: string) {
  if (!isRedisClusterUrl(url)) return redisOptionsFromUrl(url);
  const { nodes, connection } = redisClusterFromUrl(url);
  return { ...connection, ...nodes[0] };
}

async function checkRedis(url: string): Promise<string | null> {
  const redis = new Redis({
    ...firstRedisServer(url),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis rejects with 'Connection is closed.'; the TLS error itself comes as an 'error' event.
  let socketError: unknown = null;
  redis.on('error', (error: unknown) => (socketError = error));
  try {
    await withTimeout(redis.connect().then(() => redis.ping()));
    return null;
  } catch (error) {
    return certificateProblem(socketError ?? error);
  } finally {
    redis.disconnect();
  }
}

async function checkPostgres(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return certificateProblem(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Refuses to start against a server whose TLS certificate is not trusted (a wrong CA, another host's
 * certificate, an expired one, or no TLS where the URL asks for it): left to the clients, each would retry
 * forever and the process would sit unready with the reason buried in its log. A server that is only not
 * up yet is left to the clients' retries, as before.
 */
export async function refuseUntrustedServers({ redisUrl, databaseUrl }: TrustedConnectionsOptions) {
  const [redis, postgres] = await Promise.all([
    checkRedis(redisUrl),
    databaseUrl ? checkPostgres(databaseUrl) : Promise.resolve(null),
  ]);
  const problems = [
    ...(redis
      ? [
          `Redis at ${shown(redisUrl)}: ${redis}. Trust the CA that signed its certificate with NODE_EXTRA_CA_CERTS=<CA file>.`,
        ]
      : []),
    ...(postgres && databaseUrl
      ? [
          `PostgreSQL at ${shown(databaseUrl)}: ${postgres}. Give the CA that signed its certificate as sslrootcert=<CA file> in DATABASE_URL.`,
        ]
      : []),
  ];
  if (problems.length > 0)
    throw new UntrustedServerError(
      `Refusing to start: a server's certificate is not trusted.\n  ${problems.join('\n  ')}`,
    );
}
