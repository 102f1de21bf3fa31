/**
 * Pictures checked by their bytes: what kind an image is (PNG or JPEG, whatever its name or data URL says),
 * its size in pixels, and a PNG data URL decoded with a size cap. Used for issue snapshots (sent by the web
 * app and read from BCF files).
 */
import { badRequest } from './errors.ts';

export type ImageType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 'image/png' or 'image/jpeg' by the file's first bytes, or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head.length === 8 && head.equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** A PNG's width and height from its IHDR chunk, or null when the bytes are not a PNG or say 0. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (imageTypeOf(bytes) !== 'image/png' || bytes.length < 24) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = view.readUInt32BE(16);
  const height = view.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * The bytes of a base64 `data:image/png` URL of at most `maxBytes`, checked to be a PNG; otherwise 400 naming
 * `field`.
 */
export function decodePngDataUrl(value: string, maxBytes: number, field: string): Buffer {
  const match = PNG_DATA_URL.exec(value.replace(/\s+/g, ''));
  if (!match) throw badRequest(`${field} must be a base64 data URL of an image/png`);
  const base64 = match[1]!;
  const tooLarge = () => badRequest(`${field} can be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2) throw tooLarge();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes) throw tooLarge();
  if (imageTypeOf(bytes) !== 'image/png') throw badRequest(`${field} is not a PNG image`);
  return bytes;
}
