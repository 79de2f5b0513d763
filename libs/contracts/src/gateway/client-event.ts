import { z } from 'zod';

import { apiRequestSchema } from '../common';

/** Events the SPA reports for operators (e.g. a visitor reached an unknown route). */
export const ClientEvent = apiRequestSchema(
  'ClientEvent',
  z.object({ type: z.literal('route-not-found'), path: z.string().min(1).max(2048) }).strict(),
);
export type ClientEvent = z.infer<typeof ClientEvent>;
