import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

const ENGINEER = { email: 'engineer@penstock.demo', password: 'penstock-demo', name: 'Erin Walsh' };

describe('foundation journey in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const folder = (name: string) => page.getByRole('button', { name, exact: true });

  it('signs in from / as the demo engineer and waits for the user before showing the shell', async () => {
    await page.goto(`${server.url}/`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Penstock project viewer' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe(
      '/config/readMore.pdf',
    );
    await screenshot(page, '01-sign-in-page');
    await expectNoSeriousA11yViolations(page, 'the sign-in page');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/auth\/signin\?returnTo=%2Fmain$/);
    await page.getByLabel('Email').fill(ENGINEER.email);
    await page.getByLabel('Password').fill('a-wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect email or password.');
    await expectNoSeriousA11yViolations(page, 'the sign-in form');

    // hold the user call back so the waiting text can be seen giving way to the shell
    let releaseUser: () => void = () => {};
    const userHeld = new Promise<void>((resolve) => (releaseUser = resolve));
    await page.route('**/api/user', async (route) => {
      await userHeld;
      await route.continue();
    });
    await page.getByLabel('Password').fill(ENGINEER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/main$/);
    await page.getByText('Waiting for user information...').waitFor();
    releaseUser();
    await page.getByRole('button', { name: ENGINEER.name }).waitFor();
    expect(await page.getByText('Waiting for user information...').count()).toBe(0);
    await page.unroute('**/api/user');
    for (const label of ['Project Page', 'Engineering Page', 'Supplier Zone', 'Feedback', 'Training']) {
      expect(await page.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Project log' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'the project page without a project');
  });

  it('selects the demo project in the finder and browses its folders', async () => {
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type('riverside');
    await page.keyboard.press('Enter');
    await folder('WIP').waitFor();
    expect(await page.getByRole('link', { name: 'Project log' }).getAttribute('href')).toMatch(
      /^\/projectLog\?projectId=b\./,
    );

    // slow the folder load down so the spinner is seen before the children
    await page.route('**/api/tree?id=f.*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await folder('Shared').click();
    await page.getByRole('status').filter({ hasText: 'Loading...' }).first().waitFor();
    await folder('Process').waitFor();
    await page.unroute('**/api/tree?id=f.*');
    expect(await page.getByRole('status').count()).toBe(0);

    await folder('Process').click();
    await page.getByRole('button', { name: 'RWTW-3D-Treatment-Works.ifc' }).waitFor();

    // children load once: collapsing and opening again asks the server nothing
    let treeCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/tree')) treeCalls++;
    });
    await folder('Process').click();
    await folder('Process').click();
    await page.getByRole('button', { name: 'RWTW-3D-Treatment-Works.ifc' }).waitFor();
    expect(treeCalls).toBe(0);
    await expectNoSeriousA11yViolations(page, 'the project finder and browser');
  });

  it('shows No Data in an empty folder', async () => {
    await folder('Archived').click();
    await page.getByRole('alert').filter({ hasText: 'No Data in Archived' }).waitFor();
  });

  it('opens a viewable model as a tab and keeps a screenshot of the shell with the tree open', async () => {
    await page.getByRole('button', { name: 'RWTW-3D-Treatment-Works.ifc' }).click();
    await page.getByRole('tab', { name: /RWTW-3D-Treatment-Works/ }).waitFor();
    await screenshot(page, '02-shell-with-tree');
  });

  it('opens a non-viewable file as a link in a new browser tab', async () => {
    await folder('Civil').first().click();
    const link = page.getByRole('link', { name: 'RWTW-Site-Photo-Inlet.png' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    const [popup, response] = await Promise.all([
      browser.context.waitForEvent('page'),
      browser.context.waitForEvent('response', (r) => r.url().includes('/content')),
      link.click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/api\/items\/i\.[0-9a-f-]+\/content$/);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    await popup.close();
  });

  it('signs out, clears the app state and lands back at /', async () => {
    await page.getByRole('button', { name: ENGINEER.name }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth\/signed-out$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.getByRole('link', { name: 'Back to the project viewer' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    // the session is gone: the shell sends the browser back to /
    await page.goto(`${server.url}/main`);
    await page.waitForURL(`${server.url}/`);
    // any other path redirects to /
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/`);
  });

  it('logged no errors in the browser console other than the expected 401s', () => {
    // after the journey signs out, a save still in flight is refused with the server's 401 'Not signed in'
    const unexpected = consoleErrors.filter((text) => !/401|Unauthorized|Not signed in/.test(text));
    expect(unexpected).toEqual([]);
  });
});
