import type { Problem } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';
import type { FastifyInstance } from 'fastify';

/**
 * How deeply a JSON body may nest arrays and objects. Kitty's deepest request is four levels; the limit
 * leaves room for growth and keeps everything recursive after the parser (the idempotency fingerprint,
 * schema validation, the outbox's jsonb) far from the call-stack limit a 5,000-deep body reaches.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Lone UTF-16 surrogates, and the characters no field takes: C0 controls except tab, line feed and
 * carriage return (multi-line text keeps those; single-line fields refuse them in their own schema),
 * DEL, the C1 range, and the bidi embedding/override/isolate controls. A lone surrogate cannot be
 * encoded as UTF-8, so Postgres (jsonb) and the Stripe SDK (`encodeURIComponent`) fail on it deep down;
 * a NUL cannot be stored in a text column; a bidi override makes a name read differently from what it
 * is ("Trojan Source"). With the `u` flag, `\p{Cs}` matches only a surrogate that is not half of a pair.
 */
const HOSTILE_CHARACTER =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\p{Cs}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const LONE_SURROGATE = /\p{Cs}/u;

const messageFor = (text: string) =>
  LONE_SURROGATE.test(text)
    ? 'Must be well-formed text (it holds half of a UTF-16 surrogate pair).'
    : 'Must not contain control characters.';

export interface HostileText {
  field: string;
  message: string;
}

/**
 * The first string (or field name) in `value` that holds a hostile character (see above), named by its
 * path as validation names fields (`payers.0.name`). Iterative, so it is safe whatever the depth.
 */
export function findHostileText(value: unknown, root = ''): HostileText | null {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (HOSTILE_CHARACTER.test(item)) return { field: path || '(body)', message: messageFor(item) };
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push([child, path ? `${path}.${index}` : String(index)]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        // The key itself is not echoed back: the field it would name is the text being refused.
        if (HOSTILE_CHARACTER.test(key))
          return { field: path || '(body)', message: `A field name: ${messageFor(key)}` };
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * True when the JSON text nests arrays and objects deeper than `limit`, read as text before it is parsed
 * (brackets inside strings do not count). Malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/** The 400 for input refused at the door: the same shape as a schema's (`errors` name the fields). */
export function invalidInput(field: string, message: string): Problem {
  return {
    type: 'about:blank',
    status: 400,
    title: 'Invalid request',
    detail: field === '(body)' ? message : `${field}: ${message}`,
    errors: [{ field, message }],
  };
}

/**
 * What the JSON parser answers a body nested deeper than MAX_BODY_DEPTH with. The gateway's problem filter
 * renders the problem; `statusCode` is what Fastify's own error handling reads.
 */
export function bodyTooDeep(): ProblemError & { statusCode: number } {
  const problem = invalidInput(
    '(body)',
    `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`,
  );
  return Object.assign(new ProblemError(problem), { statusCode: 400 });
}

/**
 * Every path parameter, query value and parsed body is checked for hostile text before any guard,
 * interceptor or handler runs, so no route can forget it. (Headers need no check: Node's HTTP parser
 * admits only tab, visible ASCII and single bytes, which decode to well-formed text; the one header
 * stored as given, Idempotency-Key, is held to visible ASCII.) The JSON parser refuses deep bodies
 * before parsing (acceptJsonBodiesOnly).
 */
export function refuseHostileText(fastify: FastifyInstance) {
  fastify.addHook('preValidation', async (request, reply) => {
    const found =
      findHostileText(request.params) ?? findHostileText(request.query) ?? findHostileText(request.body);
    if (!found) return;
    await reply.status(400).type('application/problem+json').send(invalidInput(found.field, found.message));
  });
}
