/**
 * Penstock's own account pages: the sign-in form the Sign in button leads to, and the signed-out page.
 * They are plain server-rendered HTML, like an identity provider's pages, so the single-page app's
 * route table stays exactly the spec's.
 */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
  background:linear-gradient(160deg,#0b3d5c,#0f6e8c);min-height:100vh;display:flex;align-items:center;justify-content:center;color:#212529}
  .card{background:#fff;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.25);padding:2rem 2.25rem;width:min(420px,92vw)}
  h1{font-size:1.4rem;margin:0 0 .25rem} p.lead{color:#5c6770;margin:0 0 1.5rem}
  label{display:block;font-weight:600;margin:.75rem 0 .3rem} input{width:100%;padding:.55rem .7rem;border:1px solid #ced4da;border-radius:6px;font-size:1rem}
  input:focus{outline:2px solid #0d6efd55;border-color:#0d6efd}
  button,.btn{display:inline-block;margin-top:1.25rem;width:100%;padding:.6rem;border:0;border-radius:6px;background:#0d6efd;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
  .alert{background:#f8d7da;color:#842029;border:1px solid #f5c2c7;border-radius:6px;padding:.6rem .75rem;margin-bottom:.5rem}
  .brand{font-weight:700;color:#0b3d5c;letter-spacing:.02em;margin-bottom:1rem}
  .or{margin:1.5rem 0 0;color:#5c6770;text-align:center;font-size:.9rem} .note{color:#5c6770;font-size:.9rem;margin:1rem 0 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main class="card">${body}</main></body></html>`;
}

export interface SignInPageOptions {
  returnTo: string;
  email?: string;
  error?: string;
  /** false when PENSTOCK_LOCAL_SIGNIN=0: no password form */
  passwordSignIn?: boolean;
  /** with single sign-on configured: the button that starts it */
  singleSignOn?: { name: string; href: string };
}

export function signInPage(options: SignInPageOptions): string {
  const error = options.error ? `<div class="alert" role="alert">${escapeHtml(options.error)}</div>` : '';
  const passwordForm = `<form method="post" action="/auth/signin">
<input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`;
  const sso = options.singleSignOn;
  if (!sso)
    return page(
      'Sign in to Penstock',
      `<div class="brand">PENSTOCK</div><h1>Sign in</h1><p class="lead">Use your Penstock account to open the project viewer.</p>${error}
${passwordForm}`,
    );
  const ssoButton = `<a class="btn" href="${escapeHtml(sso.href)}">Sign in with ${escapeHtml(sso.name)}</a>`;
  if (options.passwordSignIn === false)
    return page(
      'Sign in to Penstock',
      `<div class="brand">PENSTOCK</div><h1>Sign in</h1><p class="lead">Penstock uses your organisation's account: sign in with ${escapeHtml(sso.name)}.</p>${error}
${ssoButton}<p class="note">Password sign-in is turned off on this server.</p>`,
    );
  return page(
    'Sign in to Penstock',
    `<div class="brand">PENSTOCK</div><h1>Sign in</h1><p class="lead">Use your organisation's account, or a Penstock account and its password.</p>${error}
${ssoButton}<div class="or">or with a Penstock password</div>
${passwordForm}`,
  );
}

/** A single sign-on that did not succeed: what went wrong, and the way back. */
export function signInRefusedPage(message: string): string {
  return page(
    'Sign-in refused',
    `<div class="brand">PENSTOCK</div><h1>You are not signed in</h1><div class="alert" role="alert">${escapeHtml(message)}</div>
<a class="btn" href="/">Back to the sign-in page</a>`,
  );
}

export function signedOutPage(): string {
  return page(
    'Signed out of Penstock',
    `<div class="brand">PENSTOCK</div><h1>You have signed out</h1><p class="lead">Your session has ended and this browser holds no project data.</p>
<a class="btn" href="/">Back to the project viewer</a>`,
  );
}

/**
 * Only same-site paths may be returned to, never another host: a path ('/main', '/main?x=1'), not '//host'
 * nor '/\\host', and no control characters or spaces (browsers drop tabs and newlines from an address, so
 * '/\t/host' would become '//host').
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/main';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || char === '\\') return '/main';
  }
  return value;
}
