import { randomUUID } from 'node:crypto';

import type { Schema } from './openapi-operations';

/** One hostile body: the raw text sent (so invalid JSON and `__proto__` keys survive) and its content type. */
export interface BodyVariant {
  label: string;
  body: string;
  contentType?: string;
  /** Past the gateway's body limit: refused before it is read (see Attempt.mayDropUnread). */
  overLimit?: boolean;
}

/** A raw JSON fragment spliced in where `JSON.stringify` cannot write it (1e400, 2^53 + 1). */
class RawJson {
  constructor(readonly text: string) {}
}

/**
 * C0 and C1 controls, DEL and the bidi overrides and isolates: none belongs in a name, a message or an
 * address (a bidi override makes text read differently from what it is; right-to-left scripts need none).
 */
const CONTROL_CHARACTERS = ['\u0000', '\u0007', '\u0008', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066'];

/** Ill-formed UTF-16: halves of a surrogate pair alone or in the wrong order (JSON.stringify escapes them). */
const LONE_SURROGATES: [string, string][] = [
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate', '\udc00'],
  ['reversed surrogate pair', '\udc00\ud800'],
  ['high surrogate before text', '\udbffx'],
];

/**
 * Surrogates, controls and bidi overrides as percent-encoded UTF-8 in a path or query: encoded surrogates
 * (and CESU-8 pairs) are not UTF-8 at all, `%u` is a non-standard escape some servers decode.
 */
const ENCODED_HOSTILE_TEXT: [string, string][] = [
  ['encoded lone high surrogate', '%ED%A0%80'],
  ['encoded lone low surrogate', '%ED%B0%80'],
  ['encoded reversed surrogate pair', '%ED%B0%80%ED%A0%80'],
  ['%u surrogate', '%uD800'],
  ['encoded BEL', '%07'],
  ['encoded C1 control', '%C2%85'],
  ['encoded right-to-left override', '%E2%80%AE'],
];

/** Past any string's limit yet well inside the body limit, so the field's own bound must refuse it. */
const OVERLONG = 20_000;
/** Deep enough to overflow anything recursive that walks a parsed body (the gateway refuses past 32). */
const BOMB_DEPTH = 5_000;
/** Wide enough to cost something per element, small enough to stay under the body limit. */
const BOMB_WIDTH = 20_000;
const BOMB_BYTES = 90_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The branch of a `oneOf` the baseline value takes (matched on its `type` discriminator). */
function branchFor(schema: Schema, value: unknown, resolve: (schema: Schema) => Schema): Schema {
  const resolved = resolve(schema);
  if (!resolved.oneOf && !resolved.anyOf) return resolved;
  const branches = (resolved.oneOf ?? resolved.anyOf ?? []).map(resolve);
  const discriminator = isObject(value) ? value['type'] : undefined;
  return (
    branches.find((branch) => branch.properties?.['type']?.enum?.includes(discriminator)) ??
    branches[0] ??
    resolved
  );
}

/** Values of the wrong JSON type for `schema` (type confusion). */
function wrongTypes(schema: Schema): unknown[] {
  const all: Record<string, unknown> = {
    string: 'text',
    integer: 7,
    number: 7.5,
    boolean: true,
    array: ['x'],
    object: { x: 1 },
  };
  const own = schema.type ?? (schema.properties ? 'object' : undefined);
  const wrong = Object.entries(all)
    .filter(([type]) => type !== own && !(own === 'number' && type === 'integer'))
    .map(([, value]) => value);
  return schema.nullable ? wrong : [...wrong, null];
}

/** Hostile replacements for one value the schema describes; each must be refused. */
function leafVariants(schema: Schema, value: unknown): { label: string; value: unknown }[] {
  const out = wrongTypes(schema).map((wrong) => ({ label: `type ${JSON.stringify(wrong)}`, value: wrong }));
  if (schema.type === 'string' && typeof value === 'string') {
    for (const control of CONTROL_CHARACTERS)
      out.push({ label: `control U+${control.charCodeAt(0).toString(16)}`, value: `${value}${control}x` });
    for (const [label, text] of LONE_SURROGATES) out.push({ label, value: `${value}${text}` });
    if (schema.maxLength === undefined || schema.maxLength < OVERLONG)
      out.push({ label: 'overlong', value: value.padEnd(OVERLONG, 'x') });
    if ((schema.minLength ?? 0) >= 1 || schema.enum) out.push({ label: 'empty', value: '' });
    if (schema.maxLength !== undefined)
      out.push({ label: 'too long', value: value.padEnd(schema.maxLength + 1, 'x') });
    if (schema.enum) {
      out.push({ label: 'not in enum', value: 'not-one-of-them' });
      if (value.toUpperCase() !== value)
        out.push({ label: 'enum in upper case', value: value.toUpperCase() });
      out.push({ label: 'enum with a space', value: ` ${value}` });
    }
    if (schema.format === 'uuid') {
      out.push({ label: 'not a uuid', value: 'not-a-uuid' });
      out.push({ label: 'sql in a uuid', value: "' OR '1'='1" });
      out.push({ label: 'uuid with a tail', value: `${value}x` });
    }
    if (schema.format === 'date') {
      out.push({ label: 'impossible date', value: '2026-02-30' });
      out.push({ label: 'month 13', value: '2026-13-01' });
    }
  }
  if ((schema.type === 'integer' || schema.type === 'number') && typeof value === 'number') {
    out.push({ label: 'numeric string', value: String(value) });
    out.push({ label: 'fraction', value: value + 0.5 });
    out.push({ label: 'negative', value: -Math.max(1, value) });
    out.push({ label: '1e400', value: new RawJson('1e400') });
    out.push({ label: '2^53 + 1', value: new RawJson('9007199254740993') });
    if (schema.maximum !== undefined) out.push({ label: 'above maximum', value: schema.maximum + 1 });
    if (schema.minimum !== undefined) {
      const below = schema.exclusiveMinimum === true ? schema.minimum : schema.minimum - 1;
      out.push({ label: 'below minimum', value: below });
    }
  }
  if (schema.type === 'boolean')
    out.push({ label: 'string "true"', value: 'true' }, { label: '1', value: 1 });
  return out;
}

/** JSON nested `depth` deep: arrays (`[[[…]]]`) or objects (`{"a":{"a":…}}`). */
function depthBomb(open: '[' | '{', key = 'a', depth = BOMB_DEPTH): string {
  return open === '['
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${`{${JSON.stringify(key)}:`.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Serialises a body, splicing raw JSON fragments in. */
function serialise(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof RawJson)) return value;
    raws.push(value.text);
    return `__raw_json_${raws.length - 1}__`;
  });
  return text.replace(/"__raw_json_(\d+)__"/g, (_match, index: string) => raws[Number(index)]);
}

/** `base` with the value at `path` replaced (or removed when `value` is REMOVE). */
const REMOVE = Symbol('remove');
function replaceAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) {
    const copy = [...base];
    copy[head as number] = replaceAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...(base as Record<string, unknown>) };
  const next = replaceAt(copy[head as string], rest, value);
  if (next === REMOVE) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/**
 * Every hostile variant of a valid `baseline` body: the body as a whole (null, an array, invalid JSON,
 * `__proto__`, unknown fields, another content type, 5,000-deep and 20,000-wide bombs, past the size
 * limit) and, for each value in it, type confusion, control characters, lone surrogates, lengths and
 * ranges past the schema's limits, a depth bomb in its place, and each required field left out.
 */
export function bodyVariants(
  baseline: unknown,
  schema: Schema,
  resolve: (schema: Schema) => Schema,
): BodyVariant[] {
  const text = serialise(baseline);
  const variants: BodyVariant[] = [
    { label: 'body null', body: 'null' },
    { label: 'body array', body: `[${text}]` },
    { label: 'body string', body: JSON.stringify(text) },
    { label: 'body number', body: '42' },
    { label: 'body invalid JSON', body: text.slice(0, -1) },
    // An empty body is no body, i.e. `{}`: hostile only where some field is required.
    ...((schema.required ?? []).length > 0 ? [{ label: 'body empty', body: '' }] : []),
    { label: 'body __proto__', body: text.replace(/^\{/, '{"__proto__":{"isAdmin":true},') },
    {
      label: 'body constructor.prototype',
      body: text.replace(/^\{/, '{"constructor":{"prototype":{"x":1}},'),
    },
    { label: 'body unknown field', body: serialise({ ...(baseline as object), isAdmin: true }) },
    { label: 'body depth bomb (arrays)', body: depthBomb('[') },
    { label: 'body depth bomb (objects)', body: depthBomb('{') },
    { label: 'body depth bomb (__proto__ keys)', body: depthBomb('{', '__proto__') },
    { label: 'body one level too deep', body: depthBomb('[', 'a', 33) },
    { label: 'body wide bomb (array)', body: JSON.stringify(Array(BOMB_WIDTH).fill(0)) },
    {
      label: 'body wide bomb (keys)',
      body: JSON.stringify(
        Object.fromEntries(Array.from({ length: BOMB_WIDTH / 4 }, (_, i) => [`k${i}`, 0])),
      ),
    },
    // Past the gateway's limit; routes that take files take it, and must refuse the unknown field.
    {
      label: 'body over the size limit',
      body: JSON.stringify({ padding: 'x'.repeat(150_000) }),
      overLimit: true,
    },
    { label: 'body with a lone surrogate in a key', body: text.replace(/^\{/, '{"\\ud800":1,') },
    { label: 'body as text/plain', body: text, contentType: 'text/plain' },
    {
      label: 'body as a form',
      body: new URLSearchParams(
        Object.entries(baseline as object).map(([key, value]) => [key, String(value)]),
      ).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  ];

  const walk = (value: unknown, node: Schema, path: (string | number)[]) => {
    const schemaHere = branchFor(node, value, resolve);
    const where = path.join('.') || 'body';
    if (path.length > 0)
      for (const leaf of leafVariants(schemaHere, value))
        variants.push({
          label: `${where}: ${leaf.label}`,
          body: serialise(replaceAt(baseline, path, leaf.value)),
        });
    if (path.length > 0)
      variants.push({
        label: `${where}: depth bomb`,
        body: serialise(replaceAt(baseline, path, new RawJson(depthBomb('[')))),
      });
    if (isObject(value) && schemaHere.properties) {
      if (path.length > 0 && schemaHere.additionalProperties === false)
        variants.push({
          label: `${where}: unknown field`,
          body: serialise(replaceAt(baseline, path, { ...value, injected: 'x' })),
        });
      if (path.length > 0)
        variants.push({
          label: `${where}: __proto__ key`,
          body: serialise(
            replaceAt(baseline, path, new RawJson(serialise(value).replace(/^\{/, '{"__proto__":{"x":1},'))),
          ),
        });
      for (const required of schemaHere.required ?? [])
        if (required in value && schemaHere.properties[required]?.default === undefined)
          variants.push({
            label: `${where}.${required}: missing`,
            body: serialise(replaceAt(baseline, [...path, required], REMOVE)),
          });
      for (const [key, child] of Object.entries(value))
        if (schemaHere.properties[key]) walk(child, schemaHere.properties[key], [...path, key]);
    }
    if (Array.isArray(value) && schemaHere.items) {
      if ((schemaHere.minItems ?? 0) >= 1)
        variants.push({ label: `${where}: no items`, body: serialise(replaceAt(baseline, path, [])) });
      if (schemaHere.maxItems !== undefined && value.length > 0)
        variants.push({
          label: `${where}: too many items`,
          body: serialise(replaceAt(baseline, path, Array(schemaHere.maxItems + 1).fill(value[0]))),
        });
      if (value.length > 0) {
        const width = Math.min(BOMB_WIDTH, Math.floor(BOMB_BYTES / (serialise(value[0]).length + 1)));
        variants.push({
          label: `${where}: wide bomb`,
          body: serialise(replaceAt(baseline, path, Array(width).fill(value[0]))),
        });
      }
      if (value.length > 0) walk(value[0], schemaHere.items, [...path, 0]);
    }
  };
  walk(baseline, schema, []);
  return variants;
}

/** Hostile values of one path parameter (its real value is `value`), sent as raw path text. */
export function pathParamVariants(value: string): { label: string; value: string }[] {
  return [
    { label: 'empty', value: '' },
    { label: 'not a uuid', value: 'not-a-uuid' },
    { label: 'unknown uuid', value: randomUUID() },
    { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
    { label: 'NUL', value: `${value}%00` },
    { label: 'newline', value: `${value}%0a` },
    { label: 'escape', value: `${value}%1b` },
    { label: 'traversal', value: '..%2f..%2fme' },
    { label: 'encoded dots', value: '%2e%2e' },
    { label: 'sql', value: '%27%20OR%20%271%27%3D%271' },
    { label: 'long', value: 'a'.repeat(5000) },
    { label: 'emoji', value: '%F0%9F%92%A9' },
    { label: 'overlong UTF-8', value: '%C0%AE%C0%AE' },
    { label: 'malformed escape', value: '%ZZ' },
    { label: 'matrix parameter', value: `${value};admin=true` },
    { label: 'array syntax', value: `${value}[]` },
    ...ENCODED_HOSTILE_TEXT.map(([label, encoded]) => ({ label, value: `${value}${encoded}` })),
  ];
}

/**
 * Ways to write a path to someone else's resource that a string comparison might not see as the same
 * path: every one must still be refused to a caller who is not allowed the canonical one.
 */
export function pathSpellings(path: string, ids: string[]): { label: string; path: string }[] {
  const encodeAll = (text: string) =>
    [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  const [, prefix, rest] = /^(\/api)(\/.*)$/.exec(path) ?? ['', '', path];
  const withIds = (transform: (id: string) => string) =>
    ids.reduce((spelt, id) => spelt.split(id).join(transform(id)), path);
  return [
    { label: 'as written', path },
    { label: 'ids in upper case', path: withIds((id) => id.toUpperCase()) },
    { label: 'ids percent-encoded', path: withIds(encodeAll) },
    { label: 'trailing slash', path: `${path}/` },
    { label: 'double slashes', path: path.replace(/\//g, '//') },
    { label: 'dot segment', path: `${prefix}/.${rest}` },
    { label: 'dot-dot segment', path: `${prefix}/x/..${rest}` },
    { label: 'encoded dot-dot', path: `${prefix}/x/%2e%2e${rest}` },
    { label: 'upper-case prefix', path: path.replace(/^\/api/, '/API') },
    { label: 'query string', path: `${path}?as=owner&userId=${ids[0] ?? ''}` },
    { label: 'ids with a space', path: withIds((id) => `${id}%20`) },
  ];
}

/** Hostile values of one query parameter (its real value is `value`), as raw query text. */
export function queryValueVariants(
  name: string,
  value: string,
  schema: Schema,
): { label: string; query: string }[] {
  const one = (label: string, raw: string) => ({ label, query: `${name}=${raw}` });
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return [
    { label: 'missing', query: '' },
    one('empty', ''),
    ...(numeric
      ? [
          one('letters', 'abc'),
          one('negative', '-1'),
          one('exponent', '1e3'),
          one('hex', '0x64'),
          one('fraction', '100.5'),
          one('leading space', '%20100'),
        ]
      : []),
    one('NUL', `${value}%00`),
    one('escape', `${value}%1b`),
    one('long', 'a'.repeat(5000)),
    one('malformed escape', '%ZZ'),
    { label: 'twice', query: `${name}=${value}&${name}=${value}0` },
    { label: 'array syntax', query: `${name}[]=${value}` },
    { label: 'object syntax', query: `${name}[x]=${value}` },
    ...ENCODED_HOSTILE_TEXT.map(([label, encoded]) => one(label, `${value}${encoded}`)),
    { label: 'encoded surrogate in the name', query: `${name}%ED%A0%80=${value}` },
  ];
}
