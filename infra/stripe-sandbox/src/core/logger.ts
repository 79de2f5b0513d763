import type { FastifyBaseLogger } from 'fastify';

/** The slice of Fastify's pino logger the services use. */
export type Logger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
