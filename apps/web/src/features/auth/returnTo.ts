/**
 * Where to come back after signing in: a deep link opened while signed out (a saved view's link
 * `/main?view=…`, a compare link) is carried through the sign-in page as `/?returnTo=<path>` and handed to
 * the server's sign-in, which sends the browser back there. Only a same-site path is kept (the server checks
 * it again: auth.pages.ts `safeReturnTo`).
 */
export const HOME_PATH = '/main';

/** The value as a same-site path, or null (another site, a protocol-relative or a malformed address). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || char === '\\') return null;
  }
  return value;
}

/** The sign-in page's address for a signed-out visitor of `path` (the page itself when it is the home). */
export function signInPageFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== HOME_PATH ? `/?returnTo=${encodeURIComponent(safe)}` : '/';
}

/** The return path a sign-in page's query carries (the home when none or an unsafe one). */
export function returnPathFrom(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('returnTo')) ?? HOME_PATH;
}
