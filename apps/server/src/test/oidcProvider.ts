import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A person at the test identity provider. */
export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  groups?: string[];
}

export interface TestProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  /** signs this account in at the next interaction (and is what its sub's claims say from then on) */
  signInAs(account: TestAccount): void;
  /** re-signs the token endpoint's next ID tokens with this audience (undefined: as issued) */
  idTokenAudience: string | undefined;
  stop(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A real OpenID provider (oidc-provider 9) on a free loopback port, for tests: authorization code flow with
 * PKCE, a custom /interaction/:uid that signs a fixed test account in and grants what is asked without a
 * page, UserInfo, and RP-initiated logout. By default (conformIdTokenClaims) the ID token of the code flow
 * carries only sub and the protocol claims: email, name and groups come from UserInfo, as with several
 * real providers.
 */
export async function startTestProvider(options: { clients: ClientMetadata[] }): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let current: TestAccount | undefined;

  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['penstock-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...accounts.get(sub)! }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // the provider's confirmation, as plain as its default (which loads a web font)
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Sign out</title></head>
<body style="font-family:sans-serif;margin:3rem"><h1>Test ID: sign out?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button></body></html>`;
        },
      },
    },
    // stated, so the provider does not warn that they are its defaults
    ttl: { Grant: 3600, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600 },
    pkce: { required: () => true },
  });

  // the custom interaction: sign the chosen account in, then grant every scope and claim asked for
  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!current) throw new Error('the test provider has no account to sign in');
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({
          accountId: details.session!.accountId,
          clientId: details.params.client_id as string,
        });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  };

  const state: { idTokenAudience: string | undefined } = { idTokenAudience: undefined };
  // an ID token for another audience, validly signed with the provider's own key
  const resign = (token: string, audience: string) => {
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const input = `${header}.${b64url(JSON.stringify({ ...claims, aud: audience }))}`;
    return `${input}.${b64url(crypto.sign('sha256', Buffer.from(input), privateKey))}`;
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && state.idTokenAudience && body?.id_token)
      ctx.body = { ...body, id_token: resign(body.id_token, state.idTokenAudience) };
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/'))
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    else handle(req, res);
  });

  return {
    issuer,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    get idTokenAudience() {
      return state.idTokenAudience;
    },
    set idTokenAudience(value) {
      state.idTokenAudience = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
