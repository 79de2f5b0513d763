import { apiSchemaRegistry } from '@kitty/contracts';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';

/** Reference to a named contracts schema, for @ApiBody / @ApiResponse. */
export const schemaRef = (schema: z.ZodType) => {
  const meta = apiSchemaRegistry.get(schema);
  if (!meta) throw new Error('Schema is not registered with apiSchema()');
  return { $ref: `#/components/schemas/${meta.id}` };
};

/** An array of a named contracts schema. */
export const arrayOf = (schema: z.ZodType) => ({ type: 'array' as const, items: schemaRef(schema) });

function componentSchemas(): Record<string, object> {
  const render = (io: 'input' | 'output') =>
    z.toJSONSchema(apiSchemaRegistry, {
      target: 'openapi-3.0',
      io,
      uri: (id) => `#/components/schemas/${id}`,
    }).schemas as Record<string, { $id?: string }>;
  const rendered = { input: render('input'), output: render('output') };
  const schemas: Record<string, object> = {};
  for (const [id, schema] of apiSchemaRegistry._idmap) {
    const io = apiSchemaRegistry.get(schema)?.io ?? 'output';
    const { $id: _id, ...component } = rendered[io][id] ?? {};
    schemas[id] = component;
  }
  return schemas;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Kitty API')
    .setDescription('Shared pots, splitting, top-ups and virtual cards. Errors are RFC 9457 problem+json.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...componentSchemas() },
  };
  return document;
}
