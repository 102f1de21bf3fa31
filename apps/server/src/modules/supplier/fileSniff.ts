/**
 * What a file is by its first bytes, not by its name: a renamed script or page is refused, and what is
 * served back goes out with the type its bytes show.
 */
const startsWith = (head: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export const SNIFF_BYTES = 16;

/** The image type of a logo's bytes: PNG, JPEG, GIF or WebP; null for anything else (SVG included). */
export function imageTypeOf(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OLE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * The type of a track-record document whose bytes agree with its extension (a .pdf starts %PDF-, a
 * .docx is a zip, a .doc an OLE compound file, an image its image signature); null when they disagree.
 */
export function documentTypeOf(extension: string, head: Uint8Array): string | null {
  if (extension === 'pdf') return startsWith(head, ascii('%PDF-')) ? 'application/pdf' : null;
  if (extension in OOXML) return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) ? OOXML[extension]! : null;
  if (extension in OLE)
    return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) ? OLE[extension]! : null;
  if (extension === 'png') return imageTypeOf(head) === 'image/png' ? 'image/png' : null;
  if (extension === 'jpg' || extension === 'jpeg')
    return imageTypeOf(head) === 'image/jpeg' ? 'image/jpeg' : null;
  return null;
}
