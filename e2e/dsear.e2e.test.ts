import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PASSWORD = 'penstock-demo';
const TM = 'tm@penstock.demo';
const SDM = 'sdm@penstock.demo';
const ENGINEER = 'engineer@penstock.demo';
const RIVERSIDE = 'Riverside Water Treatment Works Upgrade';
const NORTHBROOK = 'Northbrook Sewage Pumping Station';
/** a real drawing: one FreeCAD TechDraw page, from pdf.js's test files (the shared fixtures beside the repo) */
const DRAWING = path.resolve(import.meta.dirname, '../../shared/fixtures/pdf/issue21570.pdf');
const AMBER_TEXT = 'The senior design manager approves this submission once the questions';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

describe('DSEAR register in Chromium', () => {
  let server: RunningPenstock;
  const browsers: Browser[] = [];
  let tm: Page;
  let sdm: Page;

  /** One browser (its own cookies) per user. */
  const signedIn = async (email: string): Promise<Page> => {
    const browser = await launchBrowser();
    browsers.push(browser);
    await signIn(browser.page, server.url, email, PASSWORD);
    return browser.page;
  };
  const register = (page: Page) => page.getByRole('table', { name: 'DSEAR register' });
  const registerRow = (page: Page, project: string) =>
    register(page).getByRole('row', { name: new RegExp(project) });
  const status = (page: Page) => page.getByTestId('dsear-rag-status');
  const openEntry = async (page: Page, project: string) => {
    await registerRow(page, project).getByRole('button', { name: 'View' }).click();
    await status(page).waitFor();
  };

  beforeAll(async () => {
    server = await startPenstock();
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.stop();
  });

  it('a technical manager records an amber entry from the engineering page', async () => {
    tm = await signedIn(TM);
    await tm.goto(`${server.url}/engineering`);
    await tm.getByRole('heading', { name: 'Engineering Apps' }).waitFor();
    await tm.getByRole('link', { name: 'DSEAR Register' }).click();
    await tm.waitForURL(/\/dsear$/);
    await registerRow(tm, NORTHBROOK).waitFor();

    await tm.getByLabel('Project', { exact: true }).click();
    await tm.keyboard.type('Riverside');
    await tm.keyboard.press('Enter');
    const form = tm.getByRole('form', { name: 'DSEAR entry' });
    await form.waitFor();
    expect(await form.getByLabel('Technical manager').inputValue()).toBe('Tom Hughes');
    const tmRag = form.getByRole('status', { name: 'TM RAG' });
    expect(await tmRag.textContent()).toBe('RED');
    await form.getByText('A practitioner should be engaged for all zones 0, 1 and 2').waitFor();

    await form.getByLabel('Senior design managers').click();
    await tm.keyboard.type('Sara');
    await tm.getByRole('option', { name: 'Sara Patel sdm@penstock.demo' }).click();
    await form.getByLabel('Checker/lead engineer').click();
    await tm.keyboard.type('Tom');
    await tm.keyboard.press('Enter');
    await form.getByLabel('FLIDS risk').selectOption('Yellow');
    await form.getByLabel('FLIDS outcome').selectOption('Zone 2');
    await form.getByLabel('DSEAR zones').click();
    await tm.keyboard.type('Inlet');
    await tm.keyboard.press('Enter');
    await form.getByLabel('Rating of Inlet Works').selectOption('Zone 1');
    // a zone type may be recorded more than once: a second inlet works area with its own rating
    await form.getByLabel('DSEAR zones').click();
    await tm.keyboard.type('Inlet');
    await tm.keyboard.press('Enter');
    await form.getByLabel('Rating of Inlet Works (2)').selectOption('Zone 2');
    const questions = await form.getByRole('group').all();
    expect(questions).toHaveLength(4);
    for (const question of questions) await question.getByLabel('YES').check();
    expect(await tmRag.textContent()).toBe('AMBER');
    await tm.getByRole('heading', { name: 'DSEAR Register' }).scrollIntoViewIfNeeded();
    await screenshot(tm, '49-dsear-form');
    await expectNoSeriousA11yViolations(tm, '49-dsear-form');
    await form.getByRole('button', { name: 'Save & Add To Register' }).click();

    await tm.getByText(AMBER_TEXT).waitFor();
    expect(await status(tm).textContent()).toBe('AMBER');
    await expect.poll(() => form.count()).toBe(0);
    const approvals = tm.getByRole('table', { name: 'Approvals' });
    await approvals
      .getByRole('row', { name: /Sara Patel/ })
      .getByText('Pending')
      .waitFor();
    // the technical manager is not the manager listed: no Approve for them
    expect(await tm.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await tm.getByRole('list', { name: 'History' }).getByText('Created the entry').waitFor();
    const zones = tm.getByRole('table', { name: 'DSEAR zones' });
    expect(await zones.getByRole('cell', { name: 'Inlet Works', exact: true }).count()).toBe(2);

    // a hazardous-area drawing is attached: a file of the project's WIP/DSEAR folder
    await tm.getByLabel(/Attach a hazardous-area drawing/).setInputFiles({
      name: 'HAC drawing.pdf',
      mimeType: 'application/pdf',
      buffer: fs.readFileSync(DRAWING),
    });
    await tm.getByRole('button', { name: 'Attach', exact: true }).click();
    const attachments = tm.getByRole('table', { name: 'Attachments' });
    await attachments
      .getByRole('row', { name: /HAC drawing\.pdf/ })
      .getByText('WIP/DSEAR')
      .waitFor();
    await screenshot(tm, '50-dsear-detail');
    await expectNoSeriousA11yViolations(tm, '50-dsear-detail');
  });

  it('an attachment opens in the viewer', async () => {
    await tm.getByRole('button', { name: 'Open HAC drawing.pdf' }).click();
    await tm.waitForURL(/\/main$/);
    await tm.getByRole('tab', { name: /HAC drawing/ }).waitFor();
    await expect
      .poll(() => tm.locator('.model-panel:not([hidden]) .pdf-canvas canvas').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await tm.goto(`${server.url}/dsear`);
    await registerRow(tm, RIVERSIDE).waitFor();
  });

  it('the register lists it, and the filters find and hide it', async () => {
    const row = registerRow(tm, RIVERSIDE);
    await row.waitFor();
    expect(await row.getByText('AMBER').count()).toBe(1);
    expect(await row.getByText('Sara Patel').count()).toBe(1);
    await screenshot(tm, '51-dsear-register');
    await expectNoSeriousA11yViolations(tm, '51-dsear-register');

    const rows = () => register(tm).getByRole('row').count();
    expect(await rows()).toBe(3);
    await tm.getByLabel('Project name').fill('riverside');
    await expect.poll(rows).toBe(2);
    expect(await registerRow(tm, NORTHBROOK).count()).toBe(0);
    await tm.getByLabel('Project name').fill('northbrook');
    await expect.poll(() => registerRow(tm, RIVERSIDE).count()).toBe(0);
    await tm.getByLabel('Project name').fill('');

    await tm.getByLabel('TM RAG').click();
    await tm.getByRole('option', { name: 'AMBER' }).click();
    await expect.poll(() => registerRow(tm, NORTHBROOK).count()).toBe(0);
    expect(await registerRow(tm, RIVERSIDE).count()).toBe(1);
    // the workbook holds what the filters show
    const download = tm.waitForEvent('download');
    await tm.getByRole('button', { name: 'Export to Excel' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await (await download).path())!);
    const projects = workbook
      .getWorksheet('DSEAR Register')!
      .getSheetValues()
      .slice(2)
      .map((values) => (values as unknown[])[1]);
    expect(projects).toEqual([RIVERSIDE]);
    await tm.getByLabel('Technical manager').fill('nobody');
    await tm.getByText('Found no results matching selected filters').waitFor();
    await tm.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(rows).toBe(3);
  });

  it('the senior design manager approves, and the entry turns green', async () => {
    sdm = await signedIn(SDM);
    await sdm.goto(`${server.url}/dsear`);
    // her open lines wait for her above the register
    const pending = sdm.getByRole('region', { name: 'Awaiting your approval' });
    await pending.getByRole('button', { name: RIVERSIDE }).waitFor();
    await screenshot(sdm, '51-dsear-awaiting-approval');
    await pending.getByRole('button', { name: RIVERSIDE }).click();
    await status(sdm).waitFor();
    expect(await status(sdm).textContent()).toBe('AMBER');
    await sdm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => status(sdm).textContent(), { timeout: 15_000 }).toBe('GREEN');
    expect(await sdm.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await sdm
      .getByRole('table', { name: 'Approvals' })
      .getByRole('row', { name: /Sara Patel/ })
      .getByText('Approved')
      .waitFor();
    await sdm.getByRole('list', { name: 'History' }).getByText('Approved', { exact: true }).first().waitFor();
    await screenshot(sdm, '52-dsear-approved');
    await expectNoSeriousA11yViolations(sdm, '52-dsear-approved');
    await sdm.getByRole('button', { name: 'Back' }).click();
    await registerRow(sdm, RIVERSIDE).getByText('GREEN').waitFor();
    // Riverside leaves her list; the seeded Northbrook line (RED, not yet approvable) stays
    await expect.poll(() => pending.getByRole('button', { name: RIVERSIDE }).count()).toBe(0);
    await pending.getByRole('button', { name: NORTHBROOK }).waitFor();
    // the RED entry offers her no Approve, which the server would refuse
    await pending.getByRole('button', { name: NORTHBROOK }).click();
    await status(sdm).waitFor();
    expect(await status(sdm).textContent()).toBe('RED');
    await sdm.getByText('Can be approved once the entry is AMBER').waitFor();
    expect(await sdm.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await sdm.getByRole('button', { name: 'Back' }).click();
  });

  it('an update resets the approval', async () => {
    await openEntry(tm, RIVERSIDE);
    // the page shows what it had while it asks again
    await expect.poll(() => status(tm).textContent()).toBe('GREEN');
    await tm.getByRole('button', { name: 'Edit' }).click();
    const form = tm.getByRole('form', { name: 'DSEAR entry' });
    await form.getByText('Any update resets all senior design manager approvals.').waitFor();
    await form.getByLabel('FLIDS risk').selectOption('Orange');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => status(tm).textContent()).toBe('AMBER');

    await sdm.reload();
    await openEntry(sdm, RIVERSIDE);
    expect(await status(sdm).textContent()).toBe('AMBER');
    await sdm.getByRole('button', { name: 'Approve' }).waitFor();
  });

  it('a user who is not on a project sees Access Required for it', async () => {
    const engineer = await signedIn(ENGINEER);
    await engineer.goto(`${server.url}/dsear`);
    const northbrook = registerRow(engineer, NORTHBROOK);
    await northbrook.getByText('Access Required').waitFor();
    expect(await northbrook.getByRole('button', { name: 'View' }).count()).toBe(0);
    expect(await registerRow(engineer, RIVERSIDE).getByRole('button', { name: 'View' }).count()).toBe(1);
  });
});
