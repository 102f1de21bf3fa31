import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { signIn } from './support/journeys.ts';

const ADMIN = { email: 'admin@penstock.demo', password: 'penstock-demo', name: 'Ada Lovell' };
const NEW_USER = { name: 'Priya Shah', email: 'priya.shah@penstock.demo', password: 'pumps-and-valves-2026' };
const OTHER_PROJECT = 'Northbrook Sewage Pumping Station';

describe('administration in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an administrator creates a user and makes them a member of a project', async () => {
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
    await page.getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL(/\/admin$/);

    await page.getByLabel('Name').fill(NEW_USER.name);
    await page.getByLabel('Email').fill(NEW_USER.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page
      .getByText(/at least 10 characters/)
      .first()
      .waitFor();
    await page.getByLabel('Password').fill(NEW_USER.password);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('cell', { name: NEW_USER.email }).waitFor();
    await screenshot(page, '03-administration-users');
    await expectNoSeriousA11yViolations(page, '03-administration-users');

    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByRole('button', { name: new RegExp(OTHER_PROJECT) }).click();
    await page
      .getByLabel('User', { exact: true })
      .selectOption({ label: `${NEW_USER.name} (${NEW_USER.email})` });
    await page.getByRole('button', { name: 'Add member' }).click();
    await page
      .locator('.card', { hasText: `Members of ${OTHER_PROJECT}` })
      .getByRole('cell', { name: NEW_USER.name, exact: true })
      .waitFor();
    await screenshot(page, '04-administration-projects');
    await expectNoSeriousA11yViolations(page, '04-administration-projects');

    // what was just done is in the audit log, with who did it
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const added = page.locator('tr', { hasText: 'Member added or changed' }).first();
    await added.waitFor();
    expect(await added.textContent()).toContain(OTHER_PROJECT);
    await page
      .locator('tr', { hasText: 'User created' })
      .filter({ hasText: NEW_USER.email })
      .first()
      .waitFor();
    await screenshot(page, '04b-administration-audit-log');
    await expectNoSeriousA11yViolations(page, '04b-administration-audit-log');

    await page.getByRole('button', { name: ADMIN.name, exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/auth\/signed-out$/);
  });

  it('the new user signs in and sees only that project', async () => {
    await signIn(page, server.url, NEW_USER.email, NEW_USER.password);
    await page.getByRole('button', { name: NEW_USER.name }).waitFor();
    expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await page.getByPlaceholder('Select project').click();
    const options = page.locator('.finder__option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual([expect.stringMatching(/^Northbrook/)]);

    // a non-administrator who types the address is told, and no administration call succeeds
    await page.goto(`${server.url}/admin`);
    await page.getByText('You need the administrator role to use this page.').waitFor();
  });

  it('the style-guide page shows Bootstrap components without signing in', async () => {
    await page.goto(`${server.url}/bootstrap`);
    await page.getByRole('heading').first().waitFor();
    expect(page.url()).toBe(`${server.url}/bootstrap`);
    await screenshot(page, '05-style-guide');
    await expectNoSeriousA11yViolations(page, '05-style-guide');
  });
});
