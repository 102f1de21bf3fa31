import type { Page } from 'playwright-core';

/** The demo engineer of the README (the seed's users all share this password). */
export const ENGINEER = { email: 'engineer@penstock.demo', password: 'penstock-demo', name: 'Erin Walsh' };

/** Sign in as a user would: '/', Sign in, Penstock's sign-in form, back at /main. */
export async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/main$/);
}

/** Choose the demo project in the finder and open Shared/Process, where the demo model and P&ID are. */
export async function openSharedProcess(page: Page): Promise<void> {
  await page.getByPlaceholder('Select project').click();
  await page.keyboard.type('riverside');
  // as a user does: Enter once the drop-down lists the project (the projects arrive with the first request)
  await page
    .getByRole('option', { name: /^Riverside/ })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Shared', exact: true }).click();
  await page.getByRole('button', { name: 'Process', exact: true }).click();
}

/**
 * Chooses a side panel from the viewer toolbar's Panels menu (issue 31 item 16): Views, Model tree, Upload,
 * Automatic Documentation, Project data, Calculations, Reports. `scope` is the page or the viewer tab.
 */
export async function choosePanel(scope: Pick<Page, 'getByRole'>, name: string): Promise<void> {
  await scope.getByRole('button', { name: 'Panels', exact: true }).click();
  await scope.getByRole('menuitemcheckbox', { name, exact: true }).click();
}
