import { z } from 'zod';

import { Acknowledged, apiRequestSchema, apiSchema, defineRpc, IsoDateTime, Uuid } from '../common';
import { PotsCaller } from './rpc';

/** A receipt photo's largest size: a phone photo of a till receipt, resized by the app, fits easily. */
export const MAX_RECEIPT_BYTES = 2_000_000;
/** Photos only: no SVG or PDF, which a browser could run script in or render from a link. */
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ReceiptContentType = z.enum(RECEIPT_CONTENT_TYPES);
export type ReceiptContentType = z.infer<typeof ReceiptContentType>;

/** Base64 of at most MAX_RECEIPT_BYTES bytes (4 characters per 3 bytes, padded). */
const MAX_RECEIPT_BASE64 = Math.ceil(MAX_RECEIPT_BYTES / 3) * 4;

/** The JSON API carries the photo as base64 (the gateway takes JSON bodies only). */
export const AttachReceiptRequest = apiRequestSchema(
  'AttachReceiptRequest',
  z
    .object({
      contentType: ReceiptContentType,
      dataBase64: z
        .string()
        .min(1, 'Choose a photo of the receipt.')
        .max(MAX_RECEIPT_BASE64, `A receipt photo can be at most ${MAX_RECEIPT_BYTES / 1_000_000} MB.`)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The photo must be base64.'),
    })
    .strict(),
);
export type AttachReceiptRequest = z.infer<typeof AttachReceiptRequest>;

export const ReceiptInfo = apiSchema(
  'ReceiptInfo',
  z.object({
    expenseId: Uuid,
    contentType: ReceiptContentType,
    sizeBytes: z.number().int(),
    uploadedAt: IsoDateTime,
  }),
);
export type ReceiptInfo = z.infer<typeof ReceiptInfo>;

export const Receipt = apiSchema(
  'Receipt',
  z.object({ expenseId: Uuid, contentType: ReceiptContentType, dataBase64: z.string() }),
);
export type Receipt = z.infer<typeof Receipt>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ caller: PotsCaller, ...shape });

export const AttachReceiptCommand = withCaller({ potId: Uuid, expenseId: Uuid, body: AttachReceiptRequest });
export type AttachReceiptCommand = z.infer<typeof AttachReceiptCommand>;
export const ReceiptQuery = withCaller({ potId: Uuid, expenseId: Uuid });
export type ReceiptQuery = z.infer<typeof ReceiptQuery>;

/** Only the pot's members read a receipt; who may change the expense attaches or removes it. */
export const ReceiptsRpc = {
  attach: defineRpc('pots.receipt.attach.v1', AttachReceiptCommand, ReceiptInfo),
  get: defineRpc('pots.receipt.get.v1', ReceiptQuery, Receipt),
  remove: defineRpc('pots.receipt.remove.v1', ReceiptQuery, Acknowledged),
} as const;
