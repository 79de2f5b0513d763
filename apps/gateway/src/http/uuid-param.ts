import { Param, ParseUUIDPipe } from '@nestjs/common';

/** A path id that must be a UUID (400 otherwise), before any service is asked. */
export const UuidParam = (name: string) => Param(name, new ParseUUIDPipe({ version: '4' }));
