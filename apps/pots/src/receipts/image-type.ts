import type { ReceiptContentType } from '@kitty/contracts';

const startsWith = (bytes: Buffer, prefix: number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * What the bytes are, by their signature, whatever the upload claimed: a JPEG (FF D8 FF), a PNG (its
 * 8-byte signature) or a WebP (a RIFF container of type WEBP); null for anything else.
 */
export function sniffImageType(bytes: Buffer): ReceiptContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return 'image/webp';
  return null;
}
