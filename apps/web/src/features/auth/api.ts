import type { CurrentUser } from '@penstock/shared';
import { apiFetch, apiFetchText } from '../../app/api.ts';

/** The address of Penstock's sign-in page, as text. */
export async function fetchSignInUrl(): Promise<string> {
  const url = (await apiFetchText('/api/auth/signin-url')).trim();
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
