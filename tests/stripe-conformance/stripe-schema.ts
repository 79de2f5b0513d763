// Checks values against the schema subset in stripe-schema.json (see generate-schema.mjs for its source).

interface Nullable {
  nullable?: true;
}
export type ObjectSchema = Nullable & {
  type: 'object';
  properties: Record<string, Schema>;
  required: string[];
  additionalProperties?: Schema;
};
/** A schema other than a reference: what `$ref` resolves to. */
export type ResolvedSchema = Nullable &
  (
    | { type: 'string'; enum?: string[]; format?: 'decimal' }
    | { type: 'number' }
    | { type: 'boolean' }
    | { type: 'array'; items: Schema }
    | ObjectSchema
    | { type: 'anyOf'; anyOf: Schema[] }
    | { type: 'expanded'; object: string[] }
    /** A Stripe event: checked against the schema of its `type`. */
    | { type: 'event' }
    | { type: 'any' }
  );
export type Schema = ResolvedSchema | (Nullable & { type: 'ref'; $ref: string });

export interface StripeSchema {
  source: { package: string; apiVersion: string; openapi: string };
  idPrefixes: Record<string, string[]>;
  operations: Record<string, { params: Schema; response: Schema }>;
  events: Record<string, Schema>;
  definitions: Record<string, Schema>;
}

export type ViolationKind = 'missing' | 'unknown' | 'type' | 'enum' | 'id-prefix';

/** One way a value departs from the schema. `path` is dotted, with `[]` for any array index. */
export interface Violation {
  kind: ViolationKind;
  path: string;
  message: string;
}

/**
 * `wire`: JSON as Stripe sends it. `form`: request parameters decoded from a form body, where every scalar
 * is a string, an array is an object keyed 0, 1, … and an empty string unsets a nullable value.
 */
export type Encoding = 'wire' | 'form';

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Validates values against one StripeSchema. */
export class SchemaChecker {
  constructor(private readonly schema: StripeSchema) {}

  check(value: unknown, schema: Schema, encoding: Encoding, path = ''): Violation[] {
    const out: Violation[] = [];
    this.visit(value, schema, encoding, path, out);
    return out;
  }

  private resolve(schema: Schema): ResolvedSchema {
    if (schema.type === 'ref') {
      const target = this.schema.definitions[schema.$ref];
      if (!target) throw new Error(`stripe-schema.json has no definition ${schema.$ref}`);
      return this.resolve(schema.nullable ? { ...target, nullable: true } : target);
    }
    return schema;
  }

  private visit(value: unknown, raw: Schema, encoding: Encoding, path: string, out: Violation[]): void {
    const schema = this.resolve(raw);
    if (value === null || (encoding === 'form' && value === '' && schema.nullable)) {
      if (!schema.nullable) out.push({ kind: 'type', path, message: `${at(path)} is null; not nullable` });
      return;
    }
    switch (schema.type) {
      case 'anyOf':
        return this.visitAnyOf(value, schema.anyOf, encoding, path, out);
      case 'any':
        return;
      case 'string':
        if (typeof value !== 'string') {
          out.push(typeViolation(path, 'a string', value));
          return;
        }
        if (schema.enum && !schema.enum.includes(value))
          out.push({
            kind: 'enum',
            path,
            message: `${at(path)} is '${value}'; Stripe's values: ${schema.enum.join(', ')}`,
          });
        return;
      case 'number':
        if (
          typeof value === 'number' ||
          (encoding === 'form' && typeof value === 'string' && NUMERIC.test(value))
        )
          return;
        out.push(typeViolation(path, 'a number', value));
        return;
      case 'boolean':
        if (typeof value === 'boolean' || (encoding === 'form' && (value === 'true' || value === 'false')))
          return;
        out.push(typeViolation(path, 'a boolean', value));
        return;
      case 'array': {
        const items = arrayItems(value, encoding);
        if (items === null) {
          out.push(typeViolation(path, 'an array', value));
          return;
        }
        for (const item of items) this.visit(item, schema.items, encoding, `${path}[]`, out);
        return;
      }
      case 'expanded':
        if (!isRecord(value) || !schema.object.includes(String(value.object)))
          out.push(typeViolation(path, `an id or an expanded ${schema.object.join(' or ')}`, value));
        return;
      case 'object':
        return this.visitObject(value, schema, encoding, path, out);
      case 'event': {
        const type = isRecord(value) ? String(value.type) : '';
        const eventSchema = this.schema.events[type];
        if (eventSchema) this.visit(value, eventSchema, encoding, path, out);
        else
          out.push({
            kind: 'unknown',
            path: join(path, 'type'),
            message: `no schema for event type '${type}': add it to generate-schema.mjs`,
          });
        return;
      }
    }
  }

  private visitObject(
    value: unknown,
    schema: ObjectSchema,
    encoding: Encoding,
    path: string,
    out: Violation[],
  ): void {
    if (!isRecord(value) || Array.isArray(value)) {
      out.push(typeViolation(path, 'an object', value));
      return;
    }
    // Parameters are all optional on the wire when the SDK says so; responses must carry every required field.
    for (const name of schema.required) {
      if (!(name in value))
        out.push({
          kind: 'missing',
          path: join(path, name),
          message: `${at(join(path, name))} is required${encoding === 'form' ? '' : ' and missing'}`,
        });
    }
    for (const [name, child] of Object.entries(value)) {
      const property = schema.properties[name] ?? schema.additionalProperties;
      if (property === undefined) {
        out.push({
          kind: 'unknown',
          path: join(path, name),
          message: `${at(join(path, name))} is not in Stripe's schema`,
        });
        continue;
      }
      this.visit(child, property, encoding, join(path, name), out);
    }
    const object = value.object;
    const id = value.id;
    if (typeof object === 'string' && typeof id === 'string' && 'id' in schema.properties) {
      const prefixes = this.schema.idPrefixes[object];
      if (prefixes && !prefixes.some((prefix) => id.startsWith(prefix)))
        out.push({
          kind: 'id-prefix',
          path: join(path, 'id'),
          message: `${at(join(path, 'id'))} of a ${object} is '${id}'; Stripe's start ${prefixes.join(' or ')}`,
        });
    }
  }

  /**
   * A value fits a union when it fits one member. When it fits none, the closest member's findings are
   * reported: the object member whose `object` matches, else the one with the fewest findings.
   */
  private visitAnyOf(
    value: unknown,
    members: Schema[],
    encoding: Encoding,
    path: string,
    out: Violation[],
  ): void {
    let best: Violation[] | null = null;
    for (const member of members) {
      const found = this.check(value, member, encoding, path);
      if (found.length === 0) return;
      const resolved = this.resolve(member);
      const sameObject =
        isRecord(value) &&
        resolved.type === 'object' &&
        enumOf(resolved.properties.object)?.includes(String(value.object));
      if (sameObject) {
        best = found;
        break;
      }
      if (best === null || found.length < best.length) best = found;
    }
    out.push(...(best ?? []));
  }
}

function enumOf(schema: Schema | undefined): string[] | undefined {
  return schema?.type === 'string' ? schema.enum : undefined;
}

function arrayItems(value: unknown, encoding: Encoding): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (encoding === 'form' && isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key)))
    return Object.values(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

function at(path: string): string {
  return path === '' ? 'the value' : `\`${path}\``;
}

function typeViolation(path: string, expected: string, value: unknown): Violation {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return { kind: 'type', path, message: `${at(path)} should be ${expected}, is ${got}` };
}
