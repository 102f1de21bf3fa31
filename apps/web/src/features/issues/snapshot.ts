import { MAX_ISSUE_SNAPSHOT_BYTES } from '@penstock/shared';

/**
 * An issue's snapshot: the viewer's picture (viewer.screenshot(), a PNG data URL) when the issue is placed,
 * sent with the new issue and kept by the server (docs/api.md, POST /api/issues `snapshot`). A picture
 * larger than MAX_SNAPSHOT_SIDE pixels on its longest side is scaled down first, as markup previews are.
 */
export const MAX_SNAPSHOT_SIDE = 1600;

const PREFIX = 'data:image/png;base64,';

/** A PNG data URL's width and height, from its IHDR (the first 24 bytes); null for anything else. */
export function pngDataUrlSize(url: string): { width: number; height: number } | null {
  if (!url.startsWith(PREFIX)) return null;
  let head: string;
  try {
    head = atob(url.slice(PREFIX.length, PREFIX.length + 32));
  } catch {
    return null;
  }
  if (head.length < 24 || head.slice(1, 4) !== 'PNG' || head.slice(12, 16) !== 'IHDR') return null;
  const u32 = (at: number) =>
    head.charCodeAt(at) * 0x1000000 +
    (head.charCodeAt(at + 1) << 16) +
    (head.charCodeAt(at + 2) << 8) +
    head.charCodeAt(at + 3);
  const width = u32(16);
  const height = u32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The snapshot cannot be read'));
    image.src = src;
  });
}

async function scaledDown(url: string, size: { width: number; height: number }, maxSide: number) {
  const scale = maxSide / Math.max(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(size.width * scale));
  canvas.height = Math.max(1, Math.round(size.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(await loadImage(url), 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/**
 * The snapshot to send with a new issue, or null when there is none to send: not a PNG (a viewer without a
 * drawing gives an empty data URL), a picture that cannot be scaled down, or one still over the server's cap.
 * A snapshot is never worth failing the issue for.
 */
export async function issueSnapshot(
  url: string | null | undefined,
  maxSide = MAX_SNAPSHOT_SIDE,
): Promise<string | null> {
  const size = url ? pngDataUrlSize(url) : null;
  if (!url || !size) return null;
  let result: string | null = url;
  if (Math.max(size.width, size.height) > maxSide)
    result = await scaledDown(url, size, maxSide).catch(() => null);
  if (!result || ((result.length - PREFIX.length) * 3) / 4 > MAX_ISSUE_SNAPSHOT_BYTES) return null;
  return result;
}
