import crypto from 'node:crypto';
import * as client from 'openid-client';
import type { OidcSettings } from '../../env.ts';
import type { AuditLog } from '../audit/index.ts';
import { tokenId, type AuthService } from './auth.service.ts';
import { OidcRefusal, type OidcProviderClient, type ProviderSignIn } from './oidc.client.ts';
import type { OidcRepo } from './oidc.repo.ts';
import { claimValues, mappedRoles, sameRoles } from './oidcRoles.ts';
import { hashPassword } from './password.ts';
import type { UserRow, UsersRepo } from './users.repo.ts';

/** A sign-in sent to the provider must come back within this time. */
export const SIGNIN_LIFETIME_MS = 10 * 60 * 1000;

const START_AGAIN = 'Start again from the sign-in page.';

/** The name a new account gets: the provider's name, else given + family name, else the email's local part. */
function nameOf(claims: Record<string, unknown>, email: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name =
    text(claims.name) ||
    [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') ||
    text(claims.preferred_username) ||
    email.split('@')[0]!;
  return name.slice(0, 200);
}

/**
 * Single sign-on (issue 17, item 5): starts a sign-in at the provider and finishes it at the callback,
 * finding the Penstock account by the provider account it is linked to, else by verified email (linking it),
 * else creating it; applies the claim -> global-role mapping; then opens a session exactly as a password
 * sign-in does. Every refusal is in the audit log with its reason and opens no session.
 */
export class OidcService {
  constructor(
    private readonly provider: OidcProviderClient,
    private readonly repo: OidcRepo,
    private readonly users: UsersRepo,
    private readonly auth: AuthService,
    /** postLogoutRedirectUrl: Penstock's signed-out page, as an absolute address the provider accepts */
    private readonly settings: OidcSettings & { postLogoutRedirectUrl: string },
    private readonly audit?: AuditLog,
  ) {}

  /**
   * A new sign-in: the provider's authorization address, and the secret the browser keeps in an HttpOnly
   * cookie. State, nonce and PKCE verifier stay in the database under the secret's hash, for one use.
   */
  async start(returnTo: string): Promise<{ url: string; browserSecret: string }> {
    const checks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    // first: a provider that cannot be reached leaves nothing stored
    const url = await this.provider.authorizationUrl(checks);
    const browserSecret = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.repo.saveSignin({
      id: tokenId(browserSecret),
      state: checks.state,
      nonce: checks.nonce,
      code_verifier: checks.codeVerifier,
      return_to: returnTo,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SIGNIN_LIFETIME_MS).toISOString(),
    });
    return { url, browserSecret };
  }

  /** The callback: a session for the person the provider signed in, or an OidcRefusal (audited). */
  async complete(
    browserSecret: string | undefined,
    callbackQuery: string,
    clientIp: string,
  ): Promise<{ token: string; returnTo: string }> {
    try {
      return await this.completeOrRefuse(browserSecret, callbackQuery, clientIp);
    } catch (error) {
      if (error instanceof OidcRefusal) {
        const account = error.account;
        await this.audit?.record({
          action: 'signin',
          actor: account && 'id' in account ? account : null,
          ...(account ? { actorEmail: account.email } : {}),
          outcome: 'refused',
          detail: { method: 'oidc', issuer: this.provider.issuer, reason: error.reason },
          ip: clientIp,
        });
      }
      throw error;
    }
  }

  private async completeOrRefuse(
    browserSecret: string | undefined,
    callbackQuery: string,
    clientIp: string,
  ): Promise<{ token: string; returnTo: string }> {
    const pending = browserSecret ? await this.repo.takeSignin(tokenId(browserSecret)) : undefined;
    if (!pending || Date.parse(pending.expires_at) <= Date.now())
      throw new OidcRefusal(
        400,
        `This browser has no sign-in under way: it took longer than ${SIGNIN_LIFETIME_MS / 60_000} minutes, was already used, or the browser did not keep its cookie. ${START_AGAIN}`,
        browserSecret ? 'sign-in expired or already used' : 'no sign-in under way in this browser',
      );
    if (new URLSearchParams(callbackQuery).get('state') !== pending.state)
      throw new OidcRefusal(
        400,
        `The identity provider's answer does not belong to the sign-in this browser started (wrong state). ${START_AGAIN}`,
        'wrong state',
      );
    const signIn = await this.provider.exchange(callbackQuery, {
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.code_verifier,
    });
    const user = await this.accountFor(signIn);
    await this.applyRoleMapping(user, signIn.claims);
    const { token, sessionId } = await this.auth.openSession(user, clientIp, {
      method: 'oidc',
      issuer: signIn.issuer,
    });
    await this.repo.saveSessionToken({
      sessionId,
      issuer: signIn.issuer,
      idToken: signIn.idToken,
      at: new Date().toISOString(),
    });
    return { token, returnTo: pending.return_to };
  }

  /** The linked account, else the account with the verified email (then linked), else a new one. */
  private async accountFor(signIn: ProviderSignIn): Promise<UserRow> {
    const { issuer, subject, claims } = signIn;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email)
      throw new OidcRefusal(
        403,
        'Your identity provider did not give Penstock an email address, which it needs to find your account. Ask your administrator.',
        'no email',
      );
    // a few providers send the JSON string "true"
    if (claims.email_verified !== true && claims.email_verified !== 'true')
      throw new OidcRefusal(
        403,
        `Your identity provider has not verified your email address (${email}), so Penstock cannot match it to an account. Verify it at your provider, then sign in again.`,
        'email not verified',
        { email },
      );
    const now = new Date().toISOString();
    const linkedId = await this.repo.userIdFor(issuer, subject);
    const linked = linkedId ? await this.users.findById(linkedId) : undefined;
    if (linked) {
      this.refuseDisabled(linked);
      await this.repo.touchIdentity(issuer, subject, now);
      return linked;
    }
    const byEmail = await this.users.findByEmailIgnoringCase(email);
    if (byEmail) {
      this.refuseDisabled(byEmail);
      if ((await this.repo.subjectsOf(byEmail.id, issuer)).length)
        throw new OidcRefusal(
          403,
          'This Penstock account is linked to another account at your identity provider. Ask your administrator.',
          'account linked to another provider account',
          byEmail,
        );
      await this.repo.link({ issuer, subject, userId: byEmail.id, email, at: now });
      return byEmail;
    }
    if (!this.settings.createAccounts)
      throw new OidcRefusal(
        403,
        `There is no Penstock account for ${email}. Ask your administrator to create one.`,
        'no such account',
        { email },
      );
    const created = await this.users.create({
      name: nameOf(claims, email),
      email,
      // no usable password: an administrator can set one; the person signs in through the provider
      passwordHash: await hashPassword(crypto.randomBytes(32).toString('base64url')),
      roles: [],
    });
    await this.repo.link({ issuer, subject, userId: created.id, email, at: now });
    await this.audit?.record({
      action: 'user.create',
      actor: created,
      target: email,
      detail: { by: 'single sign-on', issuer, roles: [] },
    });
    return created;
  }

  private refuseDisabled(user: UserRow): void {
    if (user.disabled)
      throw new OidcRefusal(
        403,
        'This account is disabled. Ask your administrator.',
        'account disabled',
        user,
      );
  }

  /** Replaces the global roles the mapping governs with those the role claim gives; the others stay. */
  private async applyRoleMapping(user: UserRow, claims: Record<string, unknown>): Promise<void> {
    const { roleClaim, roleMap } = this.settings;
    if (!roleClaim || !roleMap.length) return;
    const roles = mappedRoles(user.roles, claimValues(claims, roleClaim), roleMap);
    if (sameRoles(roles, user.roles)) return;
    await this.users.update(user.id, { roles });
    await this.audit?.record({
      action: 'user.update',
      actor: user,
      target: user.email,
      detail: { by: 'single sign-on role mapping', claim: roleClaim, roles, previousRoles: user.roles },
    });
    user.roles = roles;
  }

  /**
   * The provider's sign-out address (with the session's ID token as id_token_hint, and back to Penstock's
   * signed-out page) when the session was opened by single sign-on and the provider advertises an
   * end_session_endpoint; otherwise null. Read before the session ends (its ID token goes with it).
   */
  async providerSignOutUrl(sessionToken: string | undefined): Promise<string | null> {
    const stored = sessionToken ? await this.repo.sessionToken(tokenId(sessionToken)) : undefined;
    if (!stored) return null;
    return this.provider.endSessionUrl(stored.idToken, this.settings.postLogoutRedirectUrl);
  }
}
