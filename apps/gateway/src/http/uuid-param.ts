import { Param, ParseUUIDPipe } from '@nestjs/common';

/**
 * A path id that must be a UUID (400 otherwise), before any service is asked. Any version: expenses and
 * settlements have ids derived from the caller's Idempotency-Key (version 8, ADR 0011), the rest version 4.
 */
export const UuidParam = (name: string) => Param(name, new ParseUUIDPipe());
