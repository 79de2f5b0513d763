import { randomUUID } from 'node:crypto';

import { authVariants } from './support/forged-tokens';
import {
  bodyVariants,
  pathParamVariants,
  pathSpellings,
  queryValueVariants,
} from './support/hostile-variants';
import { loadOperations, type Operation, type Schema } from './support/openapi-operations';
import { closeRawAgent, rawRequest } from './support/raw-http';
import { buildWorld, type PreparedRequest, routeFixtures, type World } from './support/route-fixtures';
import { type Attempt, Tally } from './support/tally';

/**
 * Walks every route of the gateway's OpenAPI document as an attacker would: forged, expired and signed-out
 * tokens; someone else's objects under every spelling of their path; hostile path, query and
 * Idempotency-Key values (percent-encoded surrogates and controls among them); and each body with type
 * confusion, control characters, lone surrogates, overlong strings, depth and width bombs, out-of-range
 * values, unknown and missing fields.
 * None may be accepted and none may cost a 5xx. Each route's valid request is sent last and must succeed,
 * so a refusal is known to come from the hostility and not from a broken fixture.
 */

const CONCURRENCY = 8;
const randomIp = () =>
  `${['198.51.100', '203.0.113', '192.0.2'][Math.floor(Math.random() * 3)]}.${Math.floor(Math.random() * 250) + 1}`;

/** Fills `{name}` path parameters with raw (already encoded) values. */
const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => params[name] ?? randomUUID());
const queryText = (query: Record<string, string> = {}) => {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
};
const withQuery = (path: string, extra: string) =>
  extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path;

/** A valid instance of `schema` for routes no fixture describes (their hostile variants still run). */
function example(schema: Schema, resolve: (schema: Schema) => Schema): unknown {
  const s = resolve(schema.oneOf?.[0] ?? schema);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date') return '2026-07-01';
      return 'walk'.padEnd(s.minLength ?? 1, 'k');
    case 'integer':
    case 'number':
      return Math.max(1, (s.minimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => example(s.items ?? {}, resolve));
    default:
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, example(s.properties?.[key] ?? {}, resolve)]),
      );
  }
}

function attemptsFor(
  operation: Operation,
  prepared: PreparedRequest,
  world: World,
  resolve: (schema: Schema) => Schema,
  capability: boolean,
): Attempt[] {
  const params = prepared.params ?? {};
  const path = fillPath(operation.path, params);
  const query = queryText(prepared.query);
  const body = prepared.body === undefined ? undefined : JSON.stringify(prepared.body);
  type Headers = Record<string, string>;
  const jsonType: Headers = body === undefined ? {} : { 'content-type': 'application/json' };
  const needsKey = operation.headerParams.includes('idempotency-key');
  const freshKey = (): Headers => (needsKey ? { 'idempotency-key': randomUUID() } : {});
  const owner: Headers = prepared.as ? { authorization: `Bearer ${prepared.as.session.accessToken}` } : {};
  const valid = { ...prepared.headers, ...jsonType, ...owner };
  const attempts: Attempt[] = [];
  const add = (attempt: Omit<Attempt, 'method'> & { method?: string }) =>
    attempts.push({ method: operation.method, ...attempt });

  if (operation.signedIn) {
    const tokens = {
      victim: world.alice.session.accessToken,
      attacker: world.mallory.session.accessToken,
      signedOut: world.signedOutToken,
      secret: process.env.JWT_ACCESS_SECRET,
    };
    for (const variant of authVariants(tokens))
      add({
        kind: 'auth',
        label: variant.label,
        path: withQuery(`${path}${query}`, variant.query ?? ''),
        headers: { ...prepared.headers, ...jsonType, ...freshKey(), ...variant.headers },
        body,
        expect: 401,
      });
  }
  for (const refusal of prepared.refusals ?? [])
    add({ kind: 'auth', label: refusal.label, path: `${path}${query}`, headers: refusal.headers, body });

  for (const name of operation.pathParams)
    for (const variant of pathParamVariants(params[name] ?? randomUUID()))
      add({
        kind: 'path',
        label: `${name}: ${variant.label}`,
        path: `${fillPath(operation.path, { ...params, [name]: variant.value })}${query}`,
        headers: { ...valid, ...freshKey() },
        body,
      });

  for (const parameter of operation.queryParams)
    for (const variant of queryValueVariants(
      parameter.name,
      prepared.query?.[parameter.name] ?? 'x',
      parameter.schema,
    )) {
      if (variant.label === 'missing' && !parameter.required) continue;
      const others = { ...prepared.query };
      delete others[parameter.name];
      const rest = new URLSearchParams(others).toString();
      add({
        kind: 'query',
        label: `${parameter.name}: ${variant.label}`,
        path: withQuery(withQuery(path, rest), variant.query),
        headers: { ...valid, ...freshKey() },
        body,
      });
    }

  if (needsKey)
    for (const [label, key] of [
      ['missing', undefined],
      ['empty', ''],
      ['too long', 'k'.repeat(256)],
      ['latin-1 bytes', 'cl\u00e9'],
      // The UTF-8 bytes of a lone surrogate, sent as they are (Node sends each character as one byte).
      ['surrogate bytes', 'k\u00ed\u00a0\u0080'],
      ['C1 control byte', 'k\u0085'],
      ['tab', 'k\tk'],
    ] as const) {
      const headers: Record<string, string> = { ...valid };
      delete headers['idempotency-key'];
      add({
        kind: 'header',
        label: `Idempotency-Key: ${label}`,
        path: `${path}${query}`,
        headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
        body,
      });
    }

  if (operation.body && prepared.body !== undefined)
    for (const variant of bodyVariants(prepared.body, operation.body, resolve))
      add({
        kind: 'body',
        label: variant.label,
        path: `${path}${query}`,
        headers: { ...valid, ...freshKey(), 'content-type': variant.contentType ?? 'application/json' },
        body: variant.body,
        mayDropUnread: variant.overLimit,
      });

  if (operation.signedIn && prepared.owned && !capability) {
    const strangerBody = prepared.strangerBody === undefined ? body : JSON.stringify(prepared.strangerBody);
    const mallory = { authorization: `Bearer ${world.mallory.session.accessToken}` };
    for (const spelling of pathSpellings(path, Object.values(params)))
      for (const [who, auth] of [
        ['stranger', mallory],
        ['anonymous', {}],
      ] as [string, Headers][]) {
        const headers = { ...prepared.headers, ...jsonType, ...freshKey(), ...auth };
        const target = withQuery(spelling.path, query.slice(1));
        add({
          kind: 'stranger',
          label: `${who}, ${spelling.label}`,
          path: target,
          headers,
          body: strangerBody,
        });
        if (operation.method === 'GET')
          add({
            kind: 'stranger',
            label: `${who}, HEAD, ${spelling.label}`,
            method: 'HEAD',
            path: target,
            headers,
          });
      }
  }
  return attempts;
}

describe('every route of the OpenAPI document, walked with hostile requests', () => {
  afterAll(closeRawAgent);

  it('accepts none of them and answers none with a 5xx; every valid request still succeeds', async () => {
    const { operations, resolve } = loadOperations();
    const world = await buildWorld();
    const fixtures = routeFixtures(world);
    const tally = new Tally();

    for (const operation of operations) {
      const fixture = fixtures[operation.key];
      const prepared: PreparedRequest = fixture
        ? await fixture.prepare()
        : {
            as: operation.signedIn ? world.alice : undefined,
            ...(operation.body && { body: example(operation.body, resolve) }),
          };
      const attempts = attemptsFor(operation, prepared, world, resolve, Boolean(fixture?.capability));
      for (let i = 0; i < attempts.length; i += CONCURRENCY)
        await Promise.all(
          attempts.slice(i, i + CONCURRENCY).map(async (attempt) =>
            tally.record(
              operation.key,
              attempt,
              await rawRequest({
                method: attempt.method,
                path: attempt.path,
                headers: { ...attempt.headers, 'x-forwarded-for': randomIp() },
                body: attempt.method === 'HEAD' ? undefined : attempt.body,
              }),
            ),
          ),
        );

      if (!fixture) tally.unwalked(operation.key, 'no fixture: hostile variants only, no valid request');
      else if (fixture.noBaseline) tally.unwalked(operation.key, fixture.noBaseline);
      else {
        const valid = await rawRequest({
          method: operation.method,
          path: `${fillPath(operation.path, prepared.params ?? {})}${queryText(prepared.query)}`,
          headers: {
            ...prepared.headers,
            ...(prepared.body !== undefined && { 'content-type': 'application/json' }),
            ...(prepared.as && { authorization: `Bearer ${prepared.as.session.accessToken}` }),
            'x-forwarded-for': '81.2.69.142',
          },
          body: prepared.body === undefined ? undefined : JSON.stringify(prepared.body),
        });
        tally.baseline(operation.key, valid, prepared.validStatus);
      }
    }

    process.stdout.write(tally.report());
    const totals = tally.totals();
    expect(totals.routes).toBe(operations.length);
    expect(totals.tried).toBeGreaterThan(operations.length * 10);
    expect(tally.failures()).toEqual([]);
    expect(tally.withoutFixture()).toEqual([]);
  });
});
