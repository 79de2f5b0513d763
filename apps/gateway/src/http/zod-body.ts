import { parseOrThrow } from '@kitty/nest-common';
import { Body, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: Schema) {}

  /**
   * No body at all (an empty body-less POST) counts as `{}`; a JSON `null` is a body, and not an object,
   * so it is validated as it is and refused like any other wrong type.
   */
  transform(value: unknown): z.infer<Schema> {
    return parseOrThrow(this.schema, value === undefined ? {} : value);
  }
}

/** The request body, validated (unknown fields rejected) against a contracts schema. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
