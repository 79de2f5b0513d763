import fs from 'node:fs';
import path from 'node:path';

/** The part of a JSON Schema (as the gateway's OpenAPI document writes it) the walk reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface OperationObject {
  operationId?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> };
  security?: unknown[];
}

export interface Operation {
  /** e.g. `POST /api/pots/{potId}/expenses`: how fixtures and the report name a route. */
  key: string;
  method: string;
  path: string;
  signedIn: boolean;
  pathParams: string[];
  queryParams: { name: string; required: boolean; schema: Schema }[];
  headerParams: string[];
  body?: Schema;
}

const DOCUMENT = path.resolve(__dirname, '../../../libs/api-client/openapi.json');

/** Every operation of the gateway's committed OpenAPI document (CI fails when it is stale). */
export function loadOperations(): { operations: Operation[]; resolve: (schema: Schema) => Schema } {
  const document = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as OpenApiDocument;
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop() as string]);
    if (schema.allOf?.length === 1) return resolve({ ...schema, allOf: undefined, ...schema.allOf[0] });
    return schema;
  };
  const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content['application/json']?.schema;
      return {
        key: `${method.toUpperCase()} ${route}`,
        method: method.toUpperCase(),
        path: route,
        signedIn: (operation.security ?? document.security ?? []).length > 0,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        headerParams: parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
        ...(body && { body: resolve(body) }),
      };
    }),
  );
  return { operations, resolve };
}
