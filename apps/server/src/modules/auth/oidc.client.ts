import * as client from 'openid-client';
import type { OidcSettings } from '../../env.ts';
import { HttpError } from '../../http/errors.ts';
import { isLoopbackHost } from '../../http/loopback.ts';

/** A refused single sign-on: the message is for the user, the reason for the audit log. */
export class OidcRefusal extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly reason: string,
    /** the account it was for, once known */
    readonly account?: { id: string; email: string } | { email: string },
  ) {
    super(statusCode, message);
  }
}

/** What the provider said about the person, once the code is exchanged and the ID token validated. */
export interface ProviderSignIn {
  issuer: string;
  subject: string;
  /** the ID token's claims, completed from the UserInfo endpoint where the ID token left some out */
  claims: Record<string, unknown>;
  idToken: string;
}

/** What the callback must match: kept server-side from the start of the sign-in. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Claims Penstock reads; a provider may leave them out of the ID token and give them at UserInfo. */
const WANTED_CLAIMS = ['email', 'email_verified', 'name', 'given_name', 'family_name'];

/**
 * Penstock as the relying party of one OpenID provider, through openid-client: discovery (once, on first
 * use; retried after a failure), the authorization URL (code flow, PKCE S256, state, nonce), the code
 * exchange with the ID token's validation (signature, issuer, audience, nonce, expiry), and the provider's
 * sign-out address. An http issuer is accepted only on this machine's loopback (tests, a local provider).
 */
export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  get issuer(): string {
    return this.settings.issuer;
  }

  private config(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw new HttpError(
        503,
        `The identity provider at ${this.settings.issuer} cannot be reached (${messageOf(error)}). Try again shortly, or ask your administrator.`,
      );
    });
    return this.configuration;
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer);
    const execute: Array<(config: client.Configuration) => void> = [client.enableNonRepudiationChecks];
    if (issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname))
      execute.push(client.allowInsecureRequests);
    const secret = this.settings.clientSecret;
    return client.discovery(
      issuer,
      this.settings.clientId,
      secret ? { client_secret: secret } : undefined,
      secret ? client.ClientSecretBasic(secret) : client.None(),
      { execute, timeout: 10 },
    );
  }

  async authorizationUrl(checks: SignInChecks): Promise<string> {
    const config = await this.config();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: this.settings.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /** Exchanges the callback's code and validates what comes back; throws OidcRefusal when anything is wrong. */
  async exchange(callbackQuery: string, checks: SignInChecks): Promise<ProviderSignIn> {
    const config = await this.config();
    const currentUrl = new URL(this.settings.redirectUrl);
    currentUrl.search = callbackQuery;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw refusalOf(error);
    }
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token)
      throw new OidcRefusal(401, 'The identity provider sent no ID token.', 'no ID token');
    const claims: Record<string, unknown> = { ...idClaims };
    const missing = [...WANTED_CLAIMS, ...(this.settings.roleClaim ? [this.settings.roleClaim] : [])].some(
      (name) => !(name in claims),
    );
    if (missing && config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        for (const [name, value] of Object.entries(info)) if (!(name in claims)) claims[name] = value;
      } catch (error) {
        throw new OidcRefusal(
          502,
          `The identity provider's user information could not be read (${messageOf(error)}).`,
          `userinfo failed: ${messageOf(error)}`,
        );
      }
    }
    return { issuer: idClaims.iss, subject: idClaims.sub, claims, idToken: tokens.id_token };
  }

  /** The provider's sign-out address (RP-initiated logout), or null when it advertises none. */
  async endSessionUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<string | null> {
    let config: client.Configuration;
    try {
      config = await this.config();
    } catch {
      return null; // the provider is down: the Penstock session has ended all the same
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: this.settings.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What went wrong at the callback, said to the user and to the audit log. */
function refusalOf(error: unknown): OidcRefusal {
  if (error instanceof client.AuthorizationResponseError) {
    const what = `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
    return new OidcRefusal(
      401,
      `The identity provider did not sign you in (${what}).`,
      `provider error: ${what}`,
    );
  }
  if (error instanceof client.ResponseBodyError) {
    const what = `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
    return new OidcRefusal(
      400,
      `The identity provider refused this sign-in's code (${what}). A code can be used once only: start again from the sign-in page.`,
      `code refused: ${what}`,
    );
  }
  if (error instanceof client.ClientError) {
    // openid-client's message is general ('unexpected JWT claim value encountered'); its cause names the claim
    const what = error.cause instanceof Error ? error.cause.message : error.message;
    return new OidcRefusal(
      401,
      `The identity provider's answer is not valid for Penstock (${what}).`,
      `invalid response: ${what}`,
    );
  }
  return new OidcRefusal(
    502,
    `The identity provider cannot be reached (${messageOf(error)}).`,
    `provider unreachable: ${messageOf(error)}`,
  );
}
