import crypto from 'node:crypto';
import type { CurrentUser } from '@penstock/shared';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { SessionsRepo, SessionWithUser } from './sessions.repo.ts';
import type { SignInThrottle } from './signinThrottle.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import type { AuditLog } from '../audit/index.ts';

export const INVALID_CREDENTIALS = 'Incorrect email or password.';
export const PASSWORD_SIGNIN_OFF =
  "Password sign-in is turned off on this server: sign in with your organisation's account (the Sign in button).";
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last-seen is written at most this often, not on every request */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** '12 seconds', '1 minute', '15 minutes' (rounded up) */
function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The stored id of a session: the hash of its cookie's token. */
export const tokenId = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export class AuthService {
  constructor(
    private readonly users: UsersRepo,
    private readonly sessions: SessionsRepo,
    /** failed sign-ins per account and address pair, and per address (never a lock-out of the owner) */
    private readonly throttle: SignInThrottle,
    private readonly idleMs: number,
    /** every sign-in, refused or not, and every sign-out */
    private readonly audit?: AuditLog,
    /** false with PENSTOCK_LOCAL_SIGNIN=0: passwords are refused, people sign in through single sign-on */
    private readonly passwordSignIn = true,
  ) {}

  /** Checks the password and opens a session; the token goes into the cookie, only its hash is stored. */
  async signIn(
    email: string,
    password: string,
    clientIp: string,
  ): Promise<{ token: string; user: CurrentUser }> {
    const refused = (reason: string, account?: { id: string; email: string }) =>
      this.audit?.record({
        action: 'signin',
        actor: account ? { id: account.id, email: account.email } : null,
        actorEmail: email,
        outcome: 'refused',
        detail: { reason },
        ip: clientIp,
      });
    if (!this.passwordSignIn) return this.refusePassword(email, clientIp);
    const wait = await this.throttle.retryAfterMs(email, clientIp);
    if (wait > 0) {
      await refused('throttled');
      throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${inWords(wait)}.`);
    }
    const user = await this.users.findByEmail(email);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : (await verifyPassword(await dummyPasswordHash(), password), false);
    if (!user || !ok) {
      await this.throttle.recordFailure(email, clientIp);
      await refused(user ? 'wrong password' : 'no such account', user);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (user.disabled) {
      await refused('account disabled', user);
      throw unauthorized('This account is disabled. Ask your administrator.');
    }
    await this.throttle.succeeded(email, clientIp);
    const { token } = await this.openSession(user, clientIp);
    return { token, user: presentCurrentUser(user) };
  }

  /** Whether Penstock's own password sign-in is offered (PENSTOCK_LOCAL_SIGNIN). */
  get passwordSignInAllowed(): boolean {
    return this.passwordSignIn;
  }

  /**
   * With password sign-in turned off: records the attempt as refused and answers 403. A setting of the
   * installation, not a permission: nobody may sign in with a password.
   */
  async refusePassword(email: string, clientIp: string): Promise<never> {
    await this.audit?.record({
      action: 'signin',
      actor: null,
      actorEmail: email,
      outcome: 'refused',
      detail: { reason: 'password sign-in turned off' },
      ip: clientIp,
    });
    throw new HttpError(403, PASSWORD_SIGNIN_OFF);
  }

  /**
   * Opens a session for a user whose identity is established (a right password, or single sign-on) and
   * records the sign-in; `detail` says how when it was not by password. The session's id is the hash of
   * the token, which only the cookie carries.
   */
  async openSession(
    user: UserRow,
    clientIp: string,
    detail?: Record<string, unknown>,
  ): Promise<{ token: string; sessionId: string }> {
    await this.audit?.record({ action: 'signin', actor: user, ip: clientIp, ...(detail ? { detail } : {}) });
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.sessions.create({
      id: tokenId(token),
      user_id: user.id,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.idleMs).toISOString(),
    });
    return { token, sessionId: tokenId(token) };
  }

  /**
   * The user behind a session token, or null when it is unknown, idle too long, or the user is disabled.
   * `renewed` is true when the session's idle expiry was moved on (at most once a minute): the cookie's
   * Max-Age is then renewed too, so an active user is never signed out at the idle time after sign-in.
   */
  async userForToken(token: string | undefined): Promise<{ user: CurrentUser; renewed: boolean } | null> {
    if (!token) return null;
    const id = tokenId(token);
    return this.settleSession(id, await this.sessions.findWithUser(id));
  }

  /** A session by its stored id, with its user and roles (not yet checked: {@link settleSession}). */
  findSession(id: string): Promise<SessionWithUser | undefined> {
    return this.sessions.findWithUser(id);
  }

  /**
   * The user of a session read by its id (the token's hash), by {@link userForToken} or in the same query as
   * a request's data (auth/index.ts, sessionAsker): null when it is unknown, expired (then deleted) or its user
   * is disabled; its idle expiry moved on at most once a minute (`renewed`).
   */
  async settleSession(
    id: string,
    found: SessionWithUser | undefined,
  ): Promise<{ user: CurrentUser; renewed: boolean } | null> {
    if (!found) return null;
    const { session, user } = found;
    const now = Date.now();
    const expired =
      Date.parse(session.expires_at) <= now || Date.parse(session.created_at) + ABSOLUTE_LIFETIME_MS <= now;
    if (expired) {
      await this.sessions.delete(id);
      return null;
    }
    if (user.disabled) return null;
    const renewed = now - Date.parse(session.last_seen_at) > TOUCH_INTERVAL_MS;
    if (renewed)
      await this.sessions.touch(id, new Date(now).toISOString(), new Date(now + this.idleMs).toISOString());
    return { user: presentCurrentUser(user), renewed };
  }

  /** Removes the sessions nobody can use any more (the server does this hourly); how many went. */
  async purgeExpiredSessions(): Promise<number> {
    const now = Date.now();
    return this.sessions.deleteExpired(
      new Date(now).toISOString(),
      new Date(now - ABSOLUTE_LIFETIME_MS).toISOString(),
    );
  }

  async signOut(token: string | undefined, clientIp?: string): Promise<void> {
    if (!token) return;
    const session = await this.sessions.find(tokenId(token));
    await this.sessions.delete(tokenId(token));
    const user = session && (await this.users.findById(session.user_id));
    if (user) await this.audit?.record({ action: 'signout', actor: user, ip: clientIp ?? null });
  }
}
