import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const ENGINEER = { email: 'engineer@penstock.demo', password: 'penstock-demo' };
const MODEL = 'RWTW-3D-Treatment-Works.ifc';

const viewerReady = () => window.__penstockViewer?.ready === true;

describe('Model object editing section in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  const signInAndOpenProcess = async () => {
    if ((await page.getByLabel('Email').count()) > 0 || !page.url().endsWith('/main')) {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(ENGINEER.email);
      await page.getByLabel('Password').fill(ENGINEER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/main$/);
    }
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type('riverside');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Shared', exact: true }).click();
    await page.getByRole('button', { name: 'Process', exact: true }).click();
  };

  const openModel = async () => {
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
  };

  /** Selects the tag, opens the editor and answers its Note input. */
  const openEditorFor = async (tag: string) => {
    await page.evaluate((t) => window.__penstockViewer!.selectByTag(t), tag);
    const toggle = page.getByRole('button', { name: 'Automatic Documentation', exact: true });
    // the panel opens once the tab's property data has loaded ('No data to be loaded' before)
    for (let i = 0; i < 60 && (await toggle.getAttribute('aria-pressed')) !== 'true'; i += 1) {
      await toggle.click();
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await page.waitForTimeout(1000);
    }
    const pane = page.getByRole('region', { name: 'Model object editing section' });
    await pane.waitFor();
    await pane.getByText('Select an object in the model to edit its data.').waitFor();
    await pane.getByRole('button', { name: `Pump --- ${tag}` }).waitFor({ timeout: 60_000 });
    const note = pane.getByRole('textbox', { name: `Note of ${tag}` });
    await note.waitFor({ timeout: 60_000 });
    return { pane, note };
  };

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signInAndOpenProcess();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits the Note of a pump, saves it, and finds it kept after a reload', async () => {
    await openModel();
    const tag = await page.evaluate(
      () => window.__penstockViewer!.tags().find((t) => /^P-\d/.test(t)) ?? null,
    );
    expect(tag).toBeTruthy();
    const { pane, note } = await openEditorFor(tag!);
    const text = `Checked by e2e ${Date.now()}`;
    await note.fill(text);
    await pane.getByRole('button', { name: 'Save Data' }).click();
    await pane.getByText('Data Saved').waitFor();
    await screenshot(page, '40-object-editor-saved');

    await page.reload();
    await page.waitForURL(/\/main$/);
    // the tab may come back with the page; otherwise open the model again
    if ((await page.getByTestId('model-canvas').count()) === 0) {
      if ((await page.getByRole('button', { name: MODEL }).count()) === 0) await signInAndOpenProcess();
      await openModel();
    } else await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    const again = await openEditorFor(tag!);
    await expect.poll(() => again.note.inputValue(), { timeout: 30_000 }).toBe(text);
  });
});
