import { z } from 'zod';

import {
  apiRequestSchema,
  apiSchema,
  defineRpc,
  Email,
  MultiLineText,
  SingleLineText,
  Uuid,
} from '../common';

const required = (label: string, max: number, text = SingleLineText) =>
  text(`Please enter your ${label}.`)
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} must be at most ${max} characters.`);

export const ContactRequest = apiRequestSchema(
  'ContactRequest',
  z
    .object({
      name: required('name', 120),
      email: Email,
      subject: required('subject', 200),
      message: required('message', 5000, MultiLineText),
    })
    .strict(),
);
export type ContactRequest = z.infer<typeof ContactRequest>;

export const ContactCreated = apiSchema('ContactCreated', z.object({ id: Uuid }));
export type ContactCreated = z.infer<typeof ContactCreated>;

export const CreateContactMessageCommand = z.object({ body: ContactRequest, userId: Uuid.nullable() });
export type CreateContactMessageCommand = z.infer<typeof CreateContactMessageCommand>;

export const NotificationsRpc = {
  createContactMessage: defineRpc(
    'notifications.contact.create.v1',
    CreateContactMessageCommand,
    ContactCreated,
  ),
} as const;
