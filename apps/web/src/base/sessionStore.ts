/**
 * The browser's sessionStorage for the session copy (spec 1, §4), or null where it cannot be used. Signing
 * out closes it: a load still running when the user signs out (a model tab's property values) finds no
 * store and writes nothing back after the sign-out cleared it.
 */
let closed = false;

export function sessionStore(): Storage | null {
  if (closed) return null;
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Sign-out: clear the session copy and refuse later writes until the page is left. */
export function closeSessionStore(): void {
  closed = true;
  try {
    sessionStorage.clear();
  } catch {
    // no storage to clear
  }
}

/** A new page starts with the store open; the web tests share one page between files and reopen it after each. */
export function reopenSessionStore(): void {
  closed = false;
}
