import { MAX_RECEIPT_BYTES, RECEIPT_CONTENT_TYPES, type ReceiptContentType } from '@kitty/contracts';

/** The longest side a resized photo keeps: a till receipt stays readable. */
const MAX_SIDE_PX = 2000;

export type PreparedPhoto =
  { ok: true; contentType: ReceiptContentType; dataBase64: string } | { ok: false; error: string };

const isReceiptType = (type: string): type is ReceiptContentType =>
  (RECEIPT_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * A chosen file as the API takes it: a JPEG, PNG or WebP within MAX_RECEIPT_BYTES as it is; a larger
 * photo (a phone's camera makes 3–6 MB) resized and re-encoded as JPEG in the browser first.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml')
    return { ok: false, error: 'Choose a photo (JPEG, PNG or WebP).' };
  if (isReceiptType(file.type) && file.size <= MAX_RECEIPT_BYTES)
    return { ok: true, contentType: file.type, dataBase64: await base64Of(file) };
  const smaller = await shrink(file).catch(() => null);
  if (!smaller || smaller.size > MAX_RECEIPT_BYTES)
    return {
      ok: false,
      error: `That photo is too large: choose one under ${MAX_RECEIPT_BYTES / 1_000_000} MB.`,
    };
  return { ok: true, contentType: 'image/jpeg', dataBase64: await base64Of(smaller) };
}

/** The blob's bytes as base64 (a data URL without its 'data:…;base64,' head). */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** Re-encoded as JPEG, its longest side at most MAX_SIDE_PX, lowering the quality until it fits. */
async function shrink(file: File): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= MAX_RECEIPT_BYTES) return blob;
  }
  return null;
}
