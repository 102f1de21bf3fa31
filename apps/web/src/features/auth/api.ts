import type { CurrentUser } from '@penstock/shared';
import { ApiError, apiFetch, apiFetchText } from '../../base/api.ts';

/**
 * The address of Penstock's sign-in page, as text. `returnTo`, a same-site path other than /main, is where
 * the browser comes back after signing in.
 */
export async function fetchSignInUrl(returnTo = '/main'): Promise<string> {
  const query = returnTo === '/main' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const url = (await apiFetchText(`/api/auth/signin-url${query}`)).trim();
  if (url === '') throw new Error('The server did not give a sign-in address.');
  return url;
}

/** The signed-in user (Penstock's own answer, typed by the shared contract; no schema library on start). */
export const fetchCurrentUser = (): Promise<CurrentUser> => apiFetch<CurrentUser>('/api/user');

/** Ends the session; answers where to send the browser next. */
export async function logoff(): Promise<{ signedOutUrl: string }> {
  const body = await apiFetch<{ signedOutUrl?: unknown }>('/api/user/logoff');
  return { signedOutUrl: typeof body?.signedOutUrl === 'string' ? body.signedOutUrl : '/auth/signed-out' };
}

/** How people sign in on this server, besides the Sign in button. */
export interface SignInMethods {
  /** single sign-on through the organisation's identity provider: the Sign in button goes there */
  singleSignOn: { name: string } | null;
  /** Penstock's own email + password sign-in */
  passwordSignIn: boolean;
}

/** Penstock's own password sign-in page (the Sign in button's address without single sign-on), coming back to `returnTo`. */
export const passwordSignInUrl = (returnTo = '/main'): string =>
  `/auth/signin?returnTo=${encodeURIComponent(returnTo)}`;

/**
 * GET /api/auth/methods: single sign-on's provider (null without it) and whether password sign-in is on; an
 * older server without the call (404) means Penstock's own password sign-in only.
 */
export async function fetchSignInMethods(): Promise<SignInMethods> {
  let body: { singleSignOn?: { name?: unknown } | null; passwordSignIn?: unknown } | undefined;
  try {
    body = await apiFetch('/api/auth/methods');
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404)
      return { singleSignOn: null, passwordSignIn: true };
    throw failure;
  }
  const name = body?.singleSignOn?.name;
  return {
    singleSignOn: typeof name === 'string' ? { name } : null,
    passwordSignIn: body?.passwordSignIn !== false,
  };
}
