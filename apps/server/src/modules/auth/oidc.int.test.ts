import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { startTestProvider, type TestAccount, type TestProvider } from '../../test/oidcProvider.ts';
import { TestBrowser } from '../../test/testBrowser.ts';

/**
 * Single sign-on (issue 17, item 5) against a real OpenID provider (oidc-provider 9) on a loopback port: the
 * browser is fetch with redirect: 'manual' and a cookie jar; Penstock is reached through inject() at its
 * public address.
 */
const PUBLIC_URL = 'http://penstock.test';
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;
const SIGNED_OUT = `${PUBLIC_URL}/auth/signed-out`;
const CLIENT = {
  client_id: 'penstock',
  client_secret: 'penstock-test-secret',
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [SIGNED_OUT],
};

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({ clients: [CLIENT] });
});
afterAll(() => provider?.stop());

const ssoEnv = (extra: Record<string, string> = {}) => ({
  PENSTOCK_PUBLIC_URL: PUBLIC_URL,
  PENSTOCK_OIDC_ISSUER: provider.issuer,
  PENSTOCK_OIDC_CLIENT_ID: CLIENT.client_id,
  PENSTOCK_OIDC_CLIENT_SECRET: CLIENT.client_secret,
  PENSTOCK_OIDC_SCOPES: 'openid email profile groups',
  PENSTOCK_OIDC_NAME: 'Test ID',
  ...extra,
});

const account = (overrides: Partial<TestAccount> = {}): TestAccount => {
  const id = crypto.randomBytes(4).toString('hex');
  return {
    sub: `sub-${id}`,
    email: `person-${id}@water.test`,
    email_verified: true,
    name: 'Pat Jones',
    groups: [],
    ...overrides,
  };
};

interface AuditRow {
  action: string;
  outcome: string;
  actor_email: string | null;
  detail: Record<string, unknown> | null;
}

for (const kind of await testDatabases()) {
  describe(`single sign-on with OpenID Connect (${kind})`, () => {
    let penstock: TestPenstock;

    beforeAll(async () => {
      penstock = await createTestPenstock(
        kind,
        ssoEnv({
          PENSTOCK_OIDC_ROLE_CLAIM: 'groups',
          PENSTOCK_OIDC_ROLE_MAP: 'penstock-admins:administrator,dsear-sdm:senior_design_manager',
        }),
      );
    });
    afterAll(() => penstock?.destroy());

    const browser = () => new TestBrowser(penstock.app, PUBLIC_URL);
    /** From the Sign in button's address to the provider's redirect back to Penstock (not yet followed). */
    async function toCallback(person: TestAccount, chrome = browser(), returnTo = '/main') {
      provider.signInAs(person);
      const start = await chrome.request(
        `${PUBLIC_URL}/api/auth/signin-url?returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(start.status).toBe(200);
      const { url } = await chrome.follow(start.body, (next) => next.href.startsWith(CALLBACK));
      expect(url.startsWith(CALLBACK)).toBe(true);
      return { chrome, callback: url };
    }
    async function signIn(person: TestAccount, returnTo = '/main') {
      const { chrome, callback } = await toCallback(person, browser(), returnTo);
      const done = await chrome.request(callback);
      return { chrome, callback, done };
    }
    const me = (chrome: TestBrowser) =>
      penstock.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: `penstock_session=${chrome.cookie('penstock_session') ?? ''}` },
      });
    const sessionCount = async () =>
      Number(
        (
          await penstock.database.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const lastSignIn = async (): Promise<AuditRow> => {
      const row = await penstock.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'signin')
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { ...row, detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null };
    };
    /** A refusal: the status and message, no session cookie, no new session, the reason audited. */
    async function expectRefused(
      attempt: () => Promise<{ status: number; body: string; setCookies: string[] }>,
      status: number,
      message: RegExp,
      reason: RegExp,
    ) {
      const before = await sessionCount();
      const response = await attempt();
      expect(response.status).toBe(status);
      expect(response.body).toMatch(message);
      expect(response.setCookies.some((c) => c.startsWith('penstock_session='))).toBe(false);
      expect(await sessionCount()).toBe(before);
      const audit = await lastSignIn();
      expect(audit.outcome).toBe('refused');
      expect(audit.detail).toMatchObject({ method: 'oidc', issuer: provider.issuer });
      expect(String(audit.detail?.reason)).toMatch(reason);
      return audit;
    }

    it("the Sign in button's address is the provider's: code flow with PKCE, state and nonce; the browser keeps a short-lived HttpOnly cookie", async () => {
      const chrome = browser();
      const start = await chrome.request(`${PUBLIC_URL}/api/auth/signin-url`);
      expect(start.status).toBe(200);
      const url = new URL(start.body);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: 'penstock',
        redirect_uri: CALLBACK,
        scope: 'openid email profile groups',
        code_challenge_method: 'S256',
      });
      for (const name of ['state', 'nonce', 'code_challenge'])
        expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
      const cookie = start.setCookies.find((c) => c.startsWith('penstock_oidc='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\/auth\/oidc\/callback/);
      expect(cookie).toMatch(/Max-Age=600/);
      // the state is not the cookie's secret, and neither is stored as it is
      expect(cookie).not.toContain(url.searchParams.get('state'));
    });

    it('a first sign-in creates the account (no global role, no project) and a session that reads /api/user', async () => {
      const person = account({ email: 'New.Person@Water.test', name: 'New Person' });
      const { chrome, done } = await signIn(person, '/main/somewhere?x=1');
      expect(done.status).toBe(303);
      expect(done.location).toBe(`${PUBLIC_URL}/main/somewhere?x=1`);
      const session = done.setCookies.find((c) => c.startsWith('penstock_session='))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/Max-Age=28800/);
      expect(chrome.cookie('penstock_oidc')).toBeUndefined();
      const user = await me(chrome);
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({ name: 'New Person', email: 'new.person@water.test', roles: [] });
      expect(await penstock.projectsRepo.projectsOfUser(user.json<{ id: string }>().id)).toEqual([]);
      const audit = await lastSignIn();
      expect(audit).toMatchObject({ outcome: 'ok', actor_email: 'new.person@water.test' });
      expect(audit.detail).toEqual({ method: 'oidc', issuer: provider.issuer });
    });

    it('links an existing local account by email whatever its case, and finds it again after an email change at the provider', async () => {
      const local = await penstock.createUser({ name: 'Erin Walsh', email: 'erin.walsh@water.test' });
      const person = account({ email: 'Erin.Walsh@WATER.test', name: 'Erin at the provider' });
      const first = await signIn(person);
      expect(first.done.status).toBe(303);
      expect((await me(first.chrome)).json()).toMatchObject({ id: local.id, name: 'Erin Walsh' });
      // her password still works beside it
      await expect(penstock.signIn(local.email)).resolves.toMatch(/^penstock_session=/);

      const renamed = { ...person, email: 'erin.hughes@newname.test' };
      const second = await signIn(renamed);
      expect(second.done.status).toBe(303);
      expect((await me(second.chrome)).json()).toMatchObject({
        id: local.id,
        email: 'erin.walsh@water.test',
      });
    });

    it('maps the groups claim to global roles, replacing only the roles the mapping governs', async () => {
      const local = await penstock.createUser({
        email: 'tom.hughes@water.test',
        roles: ['administrator', 'feedback_reviewer'],
      });
      const person = account({ email: local.email, groups: ['dsear-sdm', 'unrelated-group'] });
      const first = await signIn(person);
      expect((await me(first.chrome)).json<{ roles: string[] }>().roles.sort()).toEqual([
        'feedback_reviewer',
        'senior_design_manager',
      ]);
      const change = await penstock.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.update')
        .where('target', '=', local.email)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(change.detail!)).toMatchObject({
        by: 'single sign-on role mapping',
        previousRoles: ['administrator', 'feedback_reviewer'],
      });

      const second = await signIn({ ...person, groups: ['penstock-admins'] });
      expect((await me(second.chrome)).json<{ roles: string[] }>().roles.sort()).toEqual([
        'administrator',
        'feedback_reviewer',
      ]);
    });

    it('refuses a wrong state: 400, no session, audited', async () => {
      const { chrome, callback } = await toCallback(account());
      const forged = new URL(callback);
      forged.searchParams.set('state', 'forged-state');
      await expectRefused(() => chrome.request(forged.href), 400, /wrong state/, /^wrong state$/);
      // the genuine answer cannot be used after that either: the sign-in under way was used up
      chrome.setCookie('penstock_oidc', 'whatever');
      await expectRefused(
        () => chrome.request(callback),
        400,
        /no sign-in under way/,
        /expired or already used/,
      );
    });

    it('refuses a replayed code: the same callback again, and the code under another sign-in', async () => {
      const person = account();
      const { chrome, callback } = await toCallback(person);
      const secret = chrome.cookie('penstock_oidc')!;
      expect((await chrome.request(callback)).status).toBe(303);

      // the very same request again, cookie and all (someone who copied it)
      const replay = browser();
      replay.setCookie('penstock_oidc', secret);
      await expectRefused(() => replay.request(callback), 400, /no sign-in under way/, /already used/);

      // the code carried into a new sign-in of another browser: its own state passes, the provider refuses
      const other = await toCallback(person);
      const carried = new URL(other.callback);
      carried.searchParams.set('code', new URL(callback).searchParams.get('code')!);
      await expectRefused(
        () => other.chrome.request(carried.href),
        400,
        /refused this sign-in&#39;s code \(invalid_grant/,
        /^code refused: invalid_grant/,
      );
    });

    it('refuses an unverified email: 403, no account created, no session', async () => {
      const person = account({ email_verified: false });
      const { chrome, callback } = await toCallback(person);
      const audit = await expectRefused(
        () => chrome.request(callback),
        403,
        /has not verified your email address/,
        /^email not verified$/,
      );
      expect(audit.actor_email).toBe(person.email);
      expect(await penstock.users.findByEmailIgnoringCase(person.email)).toBeUndefined();
    });

    it('refuses a disabled Penstock account: 403, no session', async () => {
      const local = await penstock.createUser({ email: 'sam.carter@water.test' });
      await penstock.users.update(local.id, { disabled: true });
      const { chrome, callback } = await toCallback(account({ email: local.email }));
      const audit = await expectRefused(
        () => chrome.request(callback),
        403,
        /This account is disabled/,
        /^account disabled$/,
      );
      expect(audit.actor_email).toBe(local.email);
    });

    it('refuses an ID token issued for another audience (validly signed): 401, no session', async () => {
      const { chrome, callback } = await toCallback(account());
      provider.idTokenAudience = 'another-application';
      try {
        await expectRefused(
          () => chrome.request(callback),
          401,
          /not valid for Penstock \(unexpected JWT &quot;aud&quot; \(audience\) claim value\)/,
          /^invalid response: unexpected JWT "aud" \(audience\) claim value$/,
        );
      } finally {
        provider.idTokenAudience = undefined;
      }
    });

    it("signs out of Penstock and then of the provider: its end-session address with id_token_hint, back to Penstock's signed-out page", async () => {
      const { chrome } = await signIn(account());
      const session = `penstock_session=${chrome.cookie('penstock_session')}`;
      const logoff = await penstock.app.inject({
        method: 'GET',
        url: '/api/user/logoff',
        headers: { cookie: session },
      });
      expect(logoff.statusCode).toBe(200);
      const to = new URL(logoff.json<{ signedOutUrl: string }>().signedOutUrl);
      expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/session/end`);
      expect(to.searchParams.get('post_logout_redirect_uri')).toBe(SIGNED_OUT);
      expect(to.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
      expect(logoff.cookies.find((c) => c.name === 'penstock_session')?.value).toBe('');
      expect(
        (await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session } }))
          .statusCode,
      ).toBe(401);
      // the session's ID token went with it
      expect(await penstock.database.db.selectFrom('oidc_sessions').selectAll().execute()).not.toContainEqual(
        expect.objectContaining({ id_token: to.searchParams.get('id_token_hint') }),
      );

      // at the provider: its confirmation form, then back to Penstock's signed-out page
      const confirm = await chrome.request(to.href);
      expect(confirm.status).toBe(200);
      const action = /<form[^>]*action="([^"]+)"/.exec(confirm.body)![1]!;
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)![1]!;
      const ended = await chrome.request(new URL(action, provider.issuer).href, {
        method: 'POST',
        form: { xsrf, logout: 'yes' },
      });
      expect(ended.status).toBe(303);
      expect(ended.location).toBe(SIGNED_OUT);
      const page = await chrome.request(ended.location!);
      expect(page.body).toContain('You have signed out');
    });

    it('a browser sent to logoff directly is redirected to the provider; a password session signs out as before', async () => {
      const { chrome } = await signIn(account());
      const navigated = await penstock.app.inject({
        method: 'GET',
        url: '/api/user/logoff',
        headers: {
          cookie: `penstock_session=${chrome.cookie('penstock_session')}`,
          'sec-fetch-mode': 'navigate',
          'sec-fetch-site': 'same-origin',
        },
      });
      expect(navigated.statusCode).toBe(303);
      expect(navigated.headers.location).toMatch(new RegExp(`^${provider.issuer}/session/end\\?`));

      const local = await penstock.createUser();
      const cookie = await penstock.signIn(local.email);
      const logoff = await penstock.app.inject({
        method: 'GET',
        url: '/api/user/logoff',
        headers: { cookie },
      });
      expect(logoff.json()).toEqual({ signedOutUrl: '/auth/signed-out' });
    });

    it("Penstock's sign-in page offers the provider beside the password form", async () => {
      const page = await penstock.app.inject({ method: 'GET', url: '/auth/signin?returnTo=%2Fmain' });
      expect(page.body).toContain('Sign in with Test ID');
      expect(page.body).toContain('href="/auth/oidc/start?returnTo=%2Fmain"');
      expect(page.body).toContain('name="password"');
      const methods = await penstock.app.inject({ method: 'GET', url: '/api/auth/methods' });
      expect(methods.json()).toEqual({ singleSignOn: { name: 'Test ID' }, passwordSignIn: true });
      // the start link goes to the provider, with its cookie
      const chrome = browser();
      const start = await chrome.request(`${PUBLIC_URL}/auth/oidc/start?returnTo=%2F%2Fevil.example`);
      expect(start.status).toBe(303);
      expect(start.location!.startsWith(`${provider.issuer}/auth?`)).toBe(true);
      expect(chrome.cookie('penstock_oidc')).toBeDefined();
      // an unsafe return address becomes /main
      provider.signInAs(account());
      const { url } = await chrome.follow(start.location!, (next) => next.href.startsWith(CALLBACK));
      expect((await chrome.request(url)).location).toBe(`${PUBLIC_URL}/main`);
    });
  });

  describe(`single sign-on with password sign-in turned off (${kind})`, () => {
    let penstock: TestPenstock;

    beforeAll(async () => {
      penstock = await createTestPenstock(
        kind,
        ssoEnv({ PENSTOCK_LOCAL_SIGNIN: '0', PENSTOCK_OIDC_CREATE_ACCOUNTS: '0' }),
      );
    });
    afterAll(() => penstock?.destroy());

    it('refuses both password routes with 403 and a clear message, and audits it', async () => {
      const local = await penstock.createUser({ email: 'ada.lovell@water.test' });
      const api = await penstock.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: local.email, password: 'correct-horse-battery' },
      });
      expect(api.statusCode).toBe(403);
      expect(api.json()).toEqual({ error: expect.stringMatching(/Password sign-in is turned off/) });
      expect(api.cookies).toEqual([]);
      const form = await penstock.app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: local.email, password: 'correct-horse-battery', returnTo: '/main' },
      });
      expect(form.statusCode).toBe(403);
      expect(form.json()).toEqual({ error: expect.stringMatching(/Password sign-in is turned off/) });
      const audit = await penstock.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('actor_email', '=', local.email)
        .execute();
      expect(audit.map((row) => [row.outcome, JSON.parse(row.detail!).reason])).toEqual([
        ['refused', 'password sign-in turned off'],
        ['refused', 'password sign-in turned off'],
      ]);
    });

    it('the sign-in page offers no password form, only the provider', async () => {
      const page = await penstock.app.inject({ method: 'GET', url: '/auth/signin?returnTo=%2Fmain' });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<form');
      expect(page.body).not.toContain('name="password"');
      expect(page.body).toContain('Sign in with Test ID');
      expect(page.body).toContain('Password sign-in is turned off');
      const methods = await penstock.app.inject({ method: 'GET', url: '/api/auth/methods' });
      expect(methods.json()).toEqual({ singleSignOn: { name: 'Test ID' }, passwordSignIn: false });
    });

    it('signs a known account in through the provider, and refuses an unknown email when accounts are not created', async () => {
      const local = await penstock.createUser({ email: 'priya.shah@water.test' });
      const chrome = new TestBrowser(penstock.app, PUBLIC_URL);
      provider.signInAs(account({ email: local.email }));
      const start = await chrome.request(`${PUBLIC_URL}/api/auth/signin-url`);
      const { url } = await chrome.follow(start.body, (next) => next.href.startsWith(CALLBACK));
      expect((await chrome.request(url)).status).toBe(303);
      expect(chrome.cookie('penstock_session')).toBeDefined();

      const stranger = account({ email: 'stranger@elsewhere.test' });
      const other = new TestBrowser(penstock.app, PUBLIC_URL);
      provider.signInAs(stranger);
      const again = await other.request(`${PUBLIC_URL}/api/auth/signin-url`);
      const back = await other.follow(again.body, (next) => next.href.startsWith(CALLBACK));
      const refused = await other.request(back.url);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('There is no Penstock account for stranger@elsewhere.test');
      expect(other.cookie('penstock_session')).toBeUndefined();
      expect(await penstock.users.findByEmailIgnoringCase(stranger.email)).toBeUndefined();
    });
  });
}

describe('single sign-on settings', () => {
  it('a provider that cannot be reached: the Sign in address answers 503 with the reason, and nothing is stored', async () => {
    // a port nothing listens on
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const penstock = await createTestPenstock('sqlite', {
      ...ssoEnv(),
      PENSTOCK_OIDC_ISSUER: `http://127.0.0.1:${closed}`,
    });
    try {
      const response = await penstock.app.inject({ method: 'GET', url: '/api/auth/signin-url' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ error: string }>().error).toMatch(
        new RegExp(`^The identity provider at http://127.0.0.1:${closed} cannot be reached`),
      );
      expect(response.cookies).toEqual([]);
      expect(await penstock.database.db.selectFrom('oidc_signins').selectAll().execute()).toEqual([]);
    } finally {
      await penstock.destroy();
    }
  });

  it('refuses to start with password sign-in off and no provider, or with a role that does not exist', async () => {
    await expect(createTestPenstock('sqlite', { PENSTOCK_LOCAL_SIGNIN: '0' })).rejects.toThrow(
      /PENSTOCK_LOCAL_SIGNIN=0 needs single sign-on/,
    );
    await expect(
      createTestPenstock('sqlite', {
        ...ssoEnv(),
        PENSTOCK_OIDC_ROLE_CLAIM: 'groups',
        PENSTOCK_OIDC_ROLE_MAP: 'penstock-admins:admin',
      }),
    ).rejects.toThrow(/'admin' is not a global role/);
  });
});
