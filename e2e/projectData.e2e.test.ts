import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { ENGINEER, choosePanel, openSharedProcess, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';
const REPORT = 'Project data and calculations report';

describe('project data, calculations and reports in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  /** The demo P&ID open in a tab, then a panel of its toolbar. */
  const openPanel = async (button: 'Project data' | 'Calculations' | 'Reports') => {
    await choosePanel(page, button);
    const panel = page.getByRole('region', { name: button, exact: true });
    await panel.waitFor();
    return panel;
  };
  const openDrawing = async () => {
    await openSharedProcess(page);
    await page.getByRole('button', { name: PID }).click();
    await page.locator('.pdf-canvas canvas').first().waitFor({ timeout: 60_000 });
  };

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('saves a project data form only once it is valid, and finds the values after a reload', async () => {
    await openDrawing();
    const panel = await openPanel('Project data');
    const site = panel.getByRole('form', { name: 'Site details' });
    const name = site.getByLabel('Site name');
    await name.waitFor();
    const save = site.getByRole('button', { name: 'Save', exact: true });
    await name.fill('');
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Riverside WwTW (upgrade)');
    await site.getByLabel('Receiving water').fill('River Test (tidal reach)');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await site.getByRole('status').getByText(/saved/).waitFor();

    await page.reload();
    await page.waitForURL(/\/main$/);
    await openDrawing();
    const again = (await openPanel('Project data')).getByRole('form', { name: 'Site details' });
    await expect.poll(() => again.getByLabel('Site name').inputValue()).toBe('Riverside WwTW (upgrade)');
    expect(await again.getByLabel('Receiving water').inputValue()).toBe('River Test (tidal reach)');
  });

  it('shows the flow profile chart of the flow data', async () => {
    const panel = page.getByRole('region', { name: 'Project data', exact: true });
    await panel.getByRole('button', { name: 'Flow data', exact: true }).click();
    const chart = panel.getByRole('img', { name: 'Annual hourly flows chart' });
    await chart.waitFor();
    await chart.locator('svg, canvas').first().waitFor({ timeout: 30_000 });
    await chart.scrollIntoViewIfNeeded();
    await screenshot(page, 'project-data-flow-chart');
    await expectNoSeriousA11yViolations(page, 'project-data-flow-chart');
  });

  it('runs the Colebrook-White head loss calculation and shows the result', async () => {
    const panel = await openPanel('Calculations');
    await panel.getByLabel('Select calculation').click();
    await page.keyboard.type('Colebrook');
    await page.keyboard.press('Enter');
    const form = panel.getByRole('form', { name: 'Pipe head loss (Colebrook-White)' });
    await form.getByLabel('Flow').fill('50');
    await form.getByLabel('Internal diameter').fill('250');
    await form.getByLabel('Length').fill('1000');
    await form.getByRole('button', { name: 'Run calculation' }).click();
    const results = panel.getByRole('region', { name: 'Calculation results' });
    const cells = async (name: RegExp) => {
      const row = results.getByRole('table', { name: 'Latest results' }).getByRole('row', { name });
      await row.waitFor();
      return row.getByRole('cell').allTextContents();
    };
    // 50 l/s in a 250 mm pipe, ks 0.15 mm, 1 km: about 3.4 m (Darcy-Weisbach, Colebrook-White), to 4 s.f.
    const [loss, unit] = await cells(/Friction head loss/);
    expect(loss).toMatch(/^\d\.\d{3}$/);
    expect(Number(loss)).toBeGreaterThan(2.5);
    expect(Number(loss)).toBeLessThan(4.5);
    expect(unit).toBe('m');
    expect((await cells(/Relative roughness/))[0]).toBe('0.0006000');
    await results.getByText(/Colebrook, C\. F\. \(1939\)/).waitFor();
    await results.scrollIntoViewIfNeeded();
    await screenshot(page, 'calculation-head-loss');
    await expectNoSeriousA11yViolations(page, 'calculation-head-loss');
  });

  it('creates the project report as a PDF and opens it in the viewer', async () => {
    const panel = await openPanel('Reports');
    await panel.getByRole('button', { name: `Create and upload report to Penstock: ${REPORT}` }).click();
    await panel.getByRole('img', { name: 'Report created' }).waitFor({ timeout: 90_000 });
    await panel.getByText(/Stored as WIP\/Reports\//).waitFor();
    await panel.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('tab', { name: new RegExp(REPORT) }).waitFor();
    await expect
      .poll(() => page.locator('.model-panel:not([hidden]) .pdf-canvas canvas').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await page.getByText('Loading the drawing…').waitFor({ state: 'detached' });
    await screenshot(page, 'report-first-page');
    await expectNoSeriousA11yViolations(page, 'report-first-page');
  });
});
