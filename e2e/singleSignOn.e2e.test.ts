import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestProvider, type TestProvider } from '../apps/server/src/test/oidcProvider.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PERSON = {
  sub: 'e2e-priya',
  email: 'priya.shah@utility.example',
  email_verified: true,
  name: 'Priya Shah',
  groups: [],
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Single sign-on in Chromium (issue 17, item 5): a real OpenID provider (oidc-provider, in this process, at
 * 127.0.0.1) and Penstock opened at localhost (another site, so the sign-in's SameSite=Lax cookie must come
 * back with the provider's redirect), with password sign-in turned off and no demo data.
 */
describe('single sign-on in Chromium, password sign-in turned off', () => {
  let provider: TestProvider;
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://localhost:${port}`;
    provider = await startTestProvider({
      clients: [
        {
          client_id: 'penstock',
          client_secret: 'penstock-e2e-secret',
          redirect_uris: [`${url}/auth/oidc/callback`],
          post_logout_redirect_uris: [`${url}/auth/signed-out`],
        },
      ],
    });
    provider.signInAs(PERSON);
    server = await startPenstock({
      PORT: String(port),
      PENSTOCK_PUBLIC_URL: url,
      PENSTOCK_SEED_DEMO: '0',
      PENSTOCK_LOCAL_SIGNIN: '0',
      PENSTOCK_OIDC_ISSUER: provider.issuer,
      PENSTOCK_OIDC_CLIENT_ID: 'penstock',
      PENSTOCK_OIDC_CLIENT_SECRET: 'penstock-e2e-secret',
      PENSTOCK_OIDC_NAME: 'Utility ID',
    });
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.stop();
  });

  it('the sign-in page names the provider and offers no password sign-in', async () => {
    await page.goto(`${url}/`);
    await page.getByText('You sign in with Utility ID.').waitFor();
    expect(await page.getByRole('link', { name: /Penstock password/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'sso-01-sign-in-page');

    // Penstock's own sign-in page, where a bookmark may lead: the provider's button, no password form
    await page.goto(`${url}/auth/signin?returnTo=%2Fmain`);
    await page.getByText('Password sign-in is turned off on this server.').waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in with Utility ID' }).waitFor();
    await screenshot(page, 'sso-02-penstock-sign-in-without-password');
  });

  it('Sign in goes through the provider and back to /main with a new account', async () => {
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${url}/main`);
    await page.getByRole('button', { name: PERSON.name, exact: true }).waitFor();
    // the start page settled (a new account is in no project until an administrator adds it)
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'sso-03-signed-in');
  });

  it("signs out of Penstock, then at the provider, and lands on Penstock's signed-out page", async () => {
    await page.getByRole('button', { name: PERSON.name, exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(new RegExp(`^${provider.issuer}/session/end`));
    await screenshot(page, 'sso-04-provider-sign-out');
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${url}/auth/signed-out`);
    await page.getByRole('heading', { name: 'You have signed out' }).waitFor();
    // the Penstock session is gone
    const me = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(me).toBe(401);
  });
});
