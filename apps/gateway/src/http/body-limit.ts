import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes bodies up to this size instead of the gateway's limit (an imported file). */
    bodyLimitBytes?: number;
  }
}

/** Route config of a route that takes an imported file (up to 1 MB of text, JSON-escaped in the body). */
export const FILE_BODY = { bodyLimitBytes: 2_500_000 };

/** Route config of a route that takes a receipt photo (up to 2 MB of bytes, base64 in the JSON body). */
export const PHOTO_BODY = { bodyLimitBytes: 2_800_000 };

/** Gives the routes configured with `bodyLimitBytes` their own limit; every other keeps the gateway's. */
export function allowLargerBodiesWhereConfigured(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    const limit = route.config?.bodyLimitBytes;
    if (limit) route.bodyLimit = limit;
  });
}
