import { z } from 'zod';

import { apiRequestSchema, apiSchema, Email, IsoDateTime, MultiLineText, Uuid } from '../common';
import { MoneySource, TopUpAmount } from './money-fields';

/** spec §5: recipients are comma-separated e-mail addresses, each validated. */
export const CreateTopUpRequest = apiRequestSchema(
  'CreateTopUpRequest',
  z
    .object({
      amountPence: TopUpAmount,
      recipients: z
        .array(Email, { error: 'Please enter at least one email address.' })
        .min(1, 'Please enter at least one email address.')
        .max(20, 'At most 20 recipients at a time.'),
      message: MultiLineText().max(500).default(''),
      /** What the recipients top up: the requester's wallet or one of their pots. */
      target: MoneySource.default({ type: 'wallet' }),
    })
    .strict(),
);
export type CreateTopUpRequest = z.infer<typeof CreateTopUpRequest>;

/** What a recipient sees when they open the e-mailed link (`/top-up?request=<id>`). */
export const TopUpRequestView = apiSchema(
  'TopUpRequestView',
  z.object({
    id: Uuid,
    requesterName: z.string(),
    amountPence: z.number().int(),
    message: z.string(),
    target: z.object({ type: z.enum(['wallet', 'pot']), name: z.string() }),
    createdAt: IsoDateTime,
  }),
);
export type TopUpRequestView = z.infer<typeof TopUpRequestView>;

export const TopUpRequestCreated = apiSchema(
  'TopUpRequestCreated',
  z.object({ id: Uuid, recipients: z.number().int() }),
);
export type TopUpRequestCreated = z.infer<typeof TopUpRequestCreated>;
