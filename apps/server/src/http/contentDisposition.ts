/**
 * The one Content-Disposition builder: a value that is safe for any file name, an ASCII fallback without
 * quotes, control characters or path parts, plus the exact UTF-8 name (RFC 6266 / 5987) unless `utf8Name`
 * is false (the BCF export answers with the ASCII name alone, as it always has).
 */
export function contentDisposition(
  fileName: string,
  kind: 'inline' | 'attachment',
  options: { utf8Name?: boolean } = {},
): string {
  const base = fileName.split(/[\\/]/).pop() || 'download';
  const ascii =
    base
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%;]/g, '_')
      .trim() || 'download';
  if (options.utf8Name === false) return `${kind}; filename="${ascii}"`;
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Types a browser would run as a page on our origin: always downloaded, never shown inline. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)/;
export const mustDownload = (contentType: string) => ACTIVE_TYPES.test(contentType);
