import { z } from 'zod';

import { apiSchema } from '../common';

const Check = z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() });

export const HealthReport = apiSchema(
  'HealthReport',
  z.object({ status: z.enum(['ok', 'degraded']), checks: z.record(z.string(), Check) }),
);
export type HealthReport = z.infer<typeof HealthReport>;
