import { invalidRequest } from './stripe-error';

/**
 * A decoded Stripe form body: strings and nested objects. Arrays arrive as objects keyed `0`, `1`, … (both
 * `expand[]=a` and `expand[0]=a` give `{ 0: 'a' }`); the parameter schemas turn them into arrays where the
 * API expects one, so a metadata key that happens to be numeric stays a key.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const MAX_DEPTH = 8;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface Branch {
  children: Map<string, Branch | string>;
}

/**
 * Decodes `application/x-www-form-urlencoded` with Stripe's bracket notation, as the stripe SDK and HTML
 * forms send it: `line_items[0][price_data][unit_amount]=500&metadata[pot]=p1&expand[]=payment_intent`.
 * Brackets may be percent-encoded. A repeated scalar keeps its last value.
 */
export function decodeStripeForm(body: string): FormObject {
  const root: Branch = { children: new Map() };
  for (const [rawKey, value] of new URLSearchParams(body)) {
    insert(root, parseKey(rawKey), value, rawKey);
  }
  return toObject(root);
}

function parseKey(rawKey: string): string[] {
  const match = KEY.exec(rawKey);
  if (!match) throw invalidRequest(`Invalid parameter name: '${rawKey}'.`, { param: rawKey });
  const segments = [match[1], ...Array.from(match[2].matchAll(SEGMENT), (m) => m[1])];
  if (segments.length > MAX_DEPTH + 1) {
    throw invalidRequest(`Parameter '${rawKey}' is nested too deeply.`, { param: rawKey });
  }
  for (const segment of segments) {
    if (FORBIDDEN_KEYS.has(segment))
      throw invalidRequest(`Invalid parameter name: '${rawKey}'.`, { param: rawKey });
  }
  return segments;
}

function insert(branch: Branch, segments: string[], value: string, rawKey: string): void {
  const [head, ...rest] = segments;
  // `name[]` appends: its index is the number of entries so far.
  const key = head === '' ? String(branch.children.size) : head;
  const existing = branch.children.get(key);
  if (rest.length === 0) {
    if (existing !== undefined && typeof existing !== 'string') throw conflict(rawKey);
    branch.children.set(key, value);
    return;
  }
  if (typeof existing === 'string') throw conflict(rawKey);
  const child = existing ?? { children: new Map() };
  branch.children.set(key, child);
  insert(child, rest, value, rawKey);
}

const conflict = (rawKey: string) =>
  invalidRequest(`Received both a value and nested parameters for '${rawKey}'.`, { param: rawKey });

function toObject(branch: Branch): FormObject {
  return Object.fromEntries(
    Array.from(branch.children, ([key, child]) => [key, typeof child === 'string' ? child : toObject(child)]),
  );
}

const INDEX = /^(0|[1-9]\d{0,5})$/;

/**
 * `{ 0: a, 1: b }` → `[a, b]` (ordered by index, gaps closed); anything else is returned unchanged for the
 * schema to reject.
 */
export function indexedToArray(value: unknown): unknown {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  if (!entries.every(([key]) => INDEX.test(key))) return value;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
}

/** The parameter path as Stripe names it in errors: `line_items[0][price_data][currency]`. */
export function bracketPath(path: ReadonlyArray<PropertyKey>): string {
  const [head, ...rest] = path.map(String);
  return head === undefined ? '' : head + rest.map((segment) => `[${segment}]`).join('');
}

/** A stable rendering of decoded parameters, for comparing idempotent requests. */
export function canonicalParams(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalParams(item)}`).join(',')}}`;
}
