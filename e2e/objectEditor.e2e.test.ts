import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSharedProcess, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { choosePanel } from './support/journeys.ts';

const ENGINEER = { email: 'engineer@penstock.demo', password: 'penstock-demo' };
/** The demo project's manager: the one who may lock values (issue 31). */
const MANAGER = { email: 'tm@penstock.demo', password: 'penstock-demo', name: 'Tom Hughes' };
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
    const panel = page.getByLabel('Automatic Documentation', { exact: true });
    // the panel opens once the tab's property data has loaded ('No data to be loaded' before)
    for (let i = 0; i < 60 && (await panel.count()) === 0; i += 1) {
      await choosePanel(page, 'Automatic Documentation');
      if ((await panel.count()) === 0) await page.waitForTimeout(1000);
    }
    const pane = page.getByRole('region', { name: 'Model object editing section' });
    await pane.waitFor();
    await pane.getByText('Select an object in the model to edit its data.').waitFor();
    // headed '<category> --- <tag>' (a valve of an existing module is a '... - Existing' one)
    await pane.getByRole('button', { name: new RegExp(` --- ${tag}$`) }).waitFor({ timeout: 60_000 });
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

  /** A gate valve of the demo model, with its category as the editor heads it. */
  const demoValve = async () => {
    const tag = await page.evaluate(
      () => window.__penstockViewer!.tags().find((t) => /^GV-\d/.test(t)) ?? null,
    );
    expect(tag).toBeTruthy();
    return tag!;
  };

  it("chooses a real valve's Status from its dropdown, saves it, and finds it kept after a reload", async () => {
    const tag = await demoValve();
    const { pane } = await openEditorFor(tag);
    const status = pane.getByRole('combobox', { name: `Status of ${tag}` });
    expect(await status.locator('option').allTextContents()).toEqual([
      '',
      'Normally Open',
      'Normally Closed',
      'Locked Open',
      'Locked Closed',
      'Modulating',
    ]);
    await status.selectOption('Normally Closed');
    await pane.getByRole('button', { name: 'Save Data' }).click();
    await pane.getByText('Data Saved').waitFor();

    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.waitForURL(/\/main$/);
    if ((await page.getByTestId('model-canvas').count()) === 0) {
      if ((await page.getByRole('button', { name: MODEL }).count()) === 0) await signInAndOpenProcess();
      await openModel();
    } else await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    const again = await openEditorFor(tag);
    await expect
      .poll(() => again.pane.getByRole('combobox', { name: `Status of ${tag}` }).inputValue(), {
        timeout: 30_000,
      })
      .toBe('Normally Closed');
    // the engineer (a project member) sees no lock controls
    expect(await again.pane.getByRole('button', { name: /Lock all values/ }).count()).toBe(0);
  });

  it("lets the project manager lock the valve's Status, and keeps the lock in its history", async () => {
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await signIn(page, server.url, MANAGER.email, MANAGER.password);
    await openSharedProcess(page);
    await openModel();
    const tag = await demoValve();
    const { pane, note } = await openEditorFor(tag);
    await pane.getByRole('button', { name: `Lock Status of ${tag}`, exact: true }).click();
    const locked = pane.getByRole('textbox', { name: `Status of ${tag}` });
    await locked.waitFor();
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.inputValue()).toBe('Normally Closed');
    expect(await note.isDisabled()).toBe(false);
    await pane.getByRole('button', { name: 'Lock history' }).click();
    await pane.getByText(`Locked Status by ${MANAGER.name}`, { exact: false }).waitFor();
    await screenshot(page, '41-object-editor-value-locked');
    await pane
      .getByRole('button', { name: `Lock all values of ${tag}`, exact: true })
      .scrollIntoViewIfNeeded();
    await screenshot(page, '42-object-editor-lock-all');
  });
});
