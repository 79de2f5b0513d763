import { z } from 'zod';

export const Email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const Uuid = z.uuid();
export const IsoDateTime = z.iso.datetime({ offset: true });
