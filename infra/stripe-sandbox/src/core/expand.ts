import { invalidRequest } from './stripe-error';

export type FindById = (id: string) => object | undefined;

/**
 * Stripe's `expand[]`: each dotted path names an id field to replace with the object it refers to
 * (`payment_intent`, `payment_intent.payment_method`). Returns a copy; stored objects are not touched.
 */
export function expandObject<T extends object>(object: T, paths: string[], findById: FindById): T {
  let result = object;
  for (const path of paths) result = expandPath(result, path.split('.'), path, findById);
  return result;
}

/** On a list, `expand[]=data.payment_intent` expands `payment_intent` inside each item. */
export function listItemPaths(paths: string[] = []): string[] {
  return paths.map((path) => {
    if (!path.startsWith('data.')) throw cannotExpand(path);
    return path.slice('data.'.length);
  });
}

function expandPath<T extends object>(
  object: T,
  [field, ...rest]: string[],
  path: string,
  findById: FindById,
): T {
  if (!(field in object)) throw cannotExpand(path);
  const value: unknown = (object as Record<string, unknown>)[field];
  let expanded: unknown = value;
  if (typeof value === 'string') {
    const found = findById(value);
    if (!found) return object;
    expanded = structuredClone(found);
  } else if (value === null) {
    return object;
  } else if (typeof value !== 'object') {
    throw cannotExpand(path);
  }
  if (rest.length > 0) expanded = expandPath(expanded as object, rest, path, findById);
  return { ...object, [field]: expanded };
}

const cannotExpand = (path: string) =>
  invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
