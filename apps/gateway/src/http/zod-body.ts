import { parseOrThrow } from '@kitty/nest-common';
import { Body, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.infer<Schema> {
    return parseOrThrow(this.schema, value ?? {});
  }
}

/** The request body, validated (unknown fields rejected) against a contracts schema. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
