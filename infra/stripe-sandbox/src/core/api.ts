import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';

import { TrafficSink } from '../traffic/traffic-recorder';
import { canonicalParams, decodeStripeForm, FormObject } from './form-body';
import { IdempotencyKeys } from './idempotency';
import { ID_PREFIX, newId } from './ids';
import { Logger } from './logger';
import { RequestContext } from './request-context';
import {
  authenticationRequired,
  internalError,
  invalidApiKey,
  invalidRequest,
  StripeApiError,
  unrecognisedUrl,
} from './stripe-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every `/v1` request once its API key is accepted. */
    stripe: RequestContext;
    /** Scope of the request's Idempotency-Key while the request runs. */
    idempotencyScope: string | null;
  }
}

/** Registers a resource's routes on the authenticated `/v1` API. */
export type ApiRoutes = (api: FastifyInstance) => void;

const TEST_SECRET_KEY = /^sk_test_\w+$/;
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Stripe's v1 wire protocol around the resource routes: Bearer (or Basic) secret-key auth, form-encoded
 * bodies and query strings in bracket notation, `Idempotency-Key` on POSTs, `Request-Id` on every answer,
 * and errors in Stripe's `{ error: { type, code, message, param } }` shape with Stripe's status codes.
 */
export function registerStripeApi(
  app: FastifyInstance,
  idempotency: IdempotencyKeys,
  logger: Logger,
  traffic: TrafficSink,
  resources: ApiRoutes[],
): void {
  app.decorateRequest('stripe', null as unknown as RequestContext);
  app.decorateRequest('idempotencyScope', null);

  void app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const requestId = newId(ID_PREFIX.request);
        reply.header('Request-Id', requestId);
        reply.header('Stripe-Version', header(request, 'stripe-version') ?? Stripe.API_VERSION);
        const apiKey = apiKeyFrom(request);
        const contentType = header(request, 'content-type');
        if (request.method === 'POST' && contentType !== null && !contentType.startsWith(FORM_CONTENT_TYPE)) {
          throw invalidRequest(`Stripe API requests must be sent as ${FORM_CONTENT_TYPE}.`);
        }
        request.stripe = {
          requestId,
          idempotencyKey: header(request, 'idempotency-key'),
          account: header(request, 'stripe-account'),
        };
        request.idempotencyScope = null;
        if (request.method === 'POST' && request.stripe.idempotencyKey !== null) {
          // The scope is fixed now; the parameters are compared once the body is parsed.
          request.idempotencyScope = [
            apiKey,
            request.stripe.account ?? '',
            request.stripe.idempotencyKey,
          ].join('|');
        }
      });

      api.addHook('preHandler', async (request, reply) => {
        const scope = request.idempotencyScope;
        if (scope === null) return;
        // Cleared until this request owns the key, so a refused request cannot release another's.
        request.idempotencyScope = null;
        const path = request.url.split('?')[0];
        const fingerprint = `${request.method} ${path} ${canonicalParams(requestParams(request))}`;
        const decision = idempotency.begin(scope, request.stripe.idempotencyKey as string, fingerprint);
        if (decision.kind === 'execute') {
          request.idempotencyScope = scope;
        } else {
          return reply
            .code(decision.statusCode)
            .header('Idempotent-Replayed', 'true')
            .header('Original-Request', decision.originalRequestId)
            .type('application/json; charset=utf-8')
            .send(decision.body);
        }
      });

      api.addHook('onSend', async (request, reply, payload) => {
        const scope = request.idempotencyScope;
        if (scope !== null && typeof payload === 'string') {
          idempotency.complete(scope, request.stripe.requestId, reply.statusCode, payload);
        }
        const key = request.stripe?.idempotencyKey;
        if (request.method === 'POST' && key) reply.header('Idempotency-Key', key);
        if (typeof payload === 'string') record(traffic, request, reply.statusCode, payload);
        return payload;
      });

      const release = async (request: FastifyRequest) => {
        if (request.idempotencyScope !== null) idempotency.release(request.idempotencyScope);
      };
      api.addHook('onResponse', release);
      api.addHook('onRequestAbort', release);

      api.setErrorHandler((error: FastifyError | StripeApiError, request, reply) => {
        const stripeError = toStripeError(error);
        if (stripeError.statusCode >= 500) {
          logger.error({ err: error, url: request.url }, 'sandbox API request failed');
        }
        return reply.code(stripeError.statusCode).send(stripeError.toJSON());
      });

      api.setNotFoundHandler((request, reply: FastifyReply) => {
        const error = unrecognisedUrl(request.method, request.url.split('?')[0]);
        return reply.code(error.statusCode).send(error.toJSON());
      });

      for (const routes of resources) routes(api);
    },
    { prefix: '/v1' },
  );
}

function record(traffic: TrafficSink, request: FastifyRequest, status: number, payload: string): void {
  const route = request.routeOptions.url;
  let params: FormObject = {};
  try {
    params = requestParams(request);
  } catch {
    // An undecodable query was refused with its own error; the exchange is still worth recording.
  }
  traffic.record({
    kind: 'api',
    operation: `${request.method} ${route ?? request.url.split('?')[0]}`,
    routed: route !== undefined,
    account: request.stripe?.account ?? null,
    params,
    status,
    response: JSON.parse(payload) as unknown,
  });
}

/**
 * The request's parameters, decoded from Stripe's bracket notation: the form body of a POST, the query
 * string otherwise.
 */
export function requestParams(request: FastifyRequest): FormObject {
  if (request.method === 'POST') return (request.body as FormObject | undefined) ?? {};
  const query = request.url.indexOf('?');
  return query < 0 ? {} : decodeStripeForm(request.url.slice(query + 1));
}

/** Parses `application/x-www-form-urlencoded` bodies, for the API and for the pay page's forms alike. */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => {
      try {
        done(null, decodeStripeForm(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

function apiKeyFrom(request: FastifyRequest): string {
  const authorization = header(request, 'authorization');
  if (authorization === null) throw authenticationRequired();
  const [scheme, credentials = ''] = authorization.split(/\s+/, 2);
  let key: string;
  if (/^bearer$/i.test(scheme)) {
    key = credentials;
  } else if (/^basic$/i.test(scheme)) {
    // `curl -u sk_test_…:` sends the key as the user name.
    key = Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
  } else {
    throw authenticationRequired();
  }
  if (!TEST_SECRET_KEY.test(key)) throw invalidApiKey(key);
  return key;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

function toStripeError(error: FastifyError | StripeApiError): StripeApiError {
  if (error instanceof StripeApiError) return error;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return invalidRequest(`Invalid request: ${error.message}`);
  }
  return internalError();
}
