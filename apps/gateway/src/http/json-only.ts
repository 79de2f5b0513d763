import type { FastifyInstance } from 'fastify';

import { bodyTooDeep, MAX_BODY_DEPTH, nestsDeeperThan } from './hostile-input';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the body's exact text as `request.rawBody`, unparsed (signed webhooks verify it byte for byte). */
    keepRawBody?: boolean;
    /** Also take an HTML form body (RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click`). */
    acceptFormBody?: boolean;
  }
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** Route config of a route that needs the exact text of its JSON body (see FastifyContextConfig). */
export const KEEP_RAW_BODY = { keepRawBody: true };

/** Route config of a route that mail clients post a form to (see FastifyContextConfig); its body is ignored. */
export const ACCEPT_FORM_BODY = { acceptFormBody: true };
const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The API speaks JSON only: any request body in another media type is refused with 415 before parsing.
 * An empty body labelled application/json counts as no body (clients send that for body-less POSTs), and
 * a body nested deeper than MAX_BODY_DEPTH is refused with 400 unparsed.
 */
export function acceptJsonBodiesOnly(fastify: FastifyInstance) {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    // Such a route reads only the exact text (the signature covers it; the SDK parses it once verified).
    if (request.routeOptions.config.keepRawBody) {
      request.rawBody = text;
      return done(null, undefined);
    }
    if (text === '') return done(null, undefined);
    // Before parsing, so nothing recursive (the parser's prototype scan included) ever sees such a body.
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) return done(bodyTooDeep());
    return parseJson(request, text, done);
  });
  // Reached only by routes with ACCEPT_FORM_BODY (the hook below refuses forms elsewhere): kept as text.
  fastify.addContentTypeParser(FORM_MEDIA_TYPES, { parseAs: 'string' }, (_request, body, done) =>
    done(null, body.toString()),
  );
  fastify.addHook('onRequest', async (request, reply) => {
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if (!BODY_METHODS.has(request.method) || !hasBody) return;
    const mediaType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (mediaType === 'application/json') return;
    if (request.routeOptions.config.acceptFormBody && FORM_MEDIA_TYPES.includes(mediaType ?? '')) return;
    await reply.status(415).type('application/problem+json').send({
      type: 'about:blank',
      status: 415,
      title: 'Unsupported media type',
      detail: 'Send the request body as application/json.',
    });
  });
}
