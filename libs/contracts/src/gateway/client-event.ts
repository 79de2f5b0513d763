import { z } from 'zod';

import { apiRequestSchema, containsControlCharacter } from '../common';

/** Events the SPA reports for operators (e.g. a visitor reached an unknown route). */
export const ClientEvent = apiRequestSchema(
  'ClientEvent',
  z
    .object({
      type: z.literal('route-not-found'),
      // A browser's location.pathname is percent-encoded: a raw control character is injected, and it would
      // reach the operators' logs (ANSI escapes, forged lines).
      path: z
        .string()
        .min(1)
        .max(2048)
        .refine((path) => !containsControlCharacter(path), 'Must not contain control characters.'),
    })
    .strict(),
);
export type ClientEvent = z.infer<typeof ClientEvent>;
