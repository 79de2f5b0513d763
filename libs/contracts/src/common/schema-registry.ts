import { z } from 'zod';

/**
 * HTTP-facing schemas get a stable name here; the gateway publishes them as OpenAPI components so the
 * generated web client has one type per schema. Request bodies are described by what they accept
 * (input), responses by what they produce (output).
 */
export const apiSchemaRegistry = z.registry<{ id: string; io: 'input' | 'output' }, z.ZodType>();

export function apiSchema<T extends z.ZodType>(id: string, schema: T, io: 'input' | 'output' = 'output'): T {
  apiSchemaRegistry.add(schema, { id, io });
  return schema;
}

/** A request body schema (see apiSchema). */
export const apiRequestSchema = <T extends z.ZodType>(id: string, schema: T): T =>
  apiSchema(id, schema, 'input');
