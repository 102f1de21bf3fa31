import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import './support/hooks.ts';
import { ENGINEER, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

/** The demo administrator of the README. */
const ADMIN = { email: 'admin@penstock.demo', password: 'penstock-demo', name: 'Ada Lovell' };
/** Demo courses (apps/server/src/seed/demoTraining.ts). */
const PDF_COURSE = 'Penstock Project Viewer Essentials';
const EXTRA_COURSE = 'Water Treatment Process Fundamentals';

describe('the training page in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  const table = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  const titles = async (name: string) =>
    (await table(name).locator('tbody tr td:first-child').allTextContents()).map((text) => text.trim());
  const saved = async () => {
    await page.getByText('Data saved successfully').waitFor();
    // dismissed, so the next save's message is a new one
    await page.getByRole('button', { name: 'Close alert' }).click();
  };

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks a signed-out visitor to log in', async () => {
    await page.goto(`${server.url}/training`);
    await page.getByRole('heading', { level: 1, name: 'Training' }).waitFor();
    const prompt = page.locator('.training-login');
    expect(await prompt.textContent()).toBe('Please login HERE to access the training page.');
    expect(await prompt.getByRole('link', { name: 'HERE' }).getAttribute('href')).toBe('/');
    // a course address needs signing in too
    await page.goto(`${server.url}/training/viewer-essentials`);
    await page.waitForURL(/\/$/);
  });

  it('a user picks a role, ticks a course completed, adds an extra course, reloads and finds them kept', async () => {
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await page.getByRole('link', { name: 'Training', exact: true }).click();
    await page.waitForURL(/\/training$/);
    await page.getByText(`Welcome ${ENGINEER.name}`).waitFor();
    const role = page.getByLabel('Your role');
    expect(await role.inputValue()).toBe('');
    expect(await role.locator('option').allTextContents()).toEqual([
      'Please select your role',
      'CAD Technician',
      'Design Engineer',
      'Project Manager',
      'Supplier',
    ]);

    await role.selectOption({ label: 'Design Engineer' });
    await saved();
    expect(await titles('Mandatory')).toEqual([
      'File Naming and Revision Codes (ISO 19650)',
      'Health and Safety in Design (CDM 2015)',
      PDF_COURSE,
    ]);
    expect(await titles('Recommended')).toEqual([
      'Document Review and Approval Workflow',
      'Markups and Issues in the Viewer',
    ]);
    expect(await titles('Available')).toEqual([
      'DSEAR Awareness for Designers',
      'P&ID Sketching with the Sketchup Tool',
    ]);

    const completed = page.getByRole('checkbox', { name: `Completed: ${PDF_COURSE}` });
    await completed.check();
    await saved();

    await page.getByRole('button', { name: 'Add Extra Courses' }).click();
    const modal = page.getByRole('dialog', { name: 'Additional Courses' });
    await modal.getByPlaceholder('Search Additional Courses').fill('water');
    await modal.getByRole('checkbox', { name: `Select: ${EXTRA_COURSE}` }).check();
    await screenshot(page, '75-training-additional-courses');
    await modal.getByRole('button', { name: 'Ok' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await titles('Available')).toContain(EXTRA_COURSE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved();

    await page.reload();
    await page.getByText(`Welcome ${ENGINEER.name}`).waitFor();
    await table('Mandatory').waitFor();
    expect(await page.getByLabel('Your role').inputValue()).toBe('designEngineer');
    expect(await page.getByRole('checkbox', { name: `Completed: ${PDF_COURSE}` }).isChecked()).toBe(true);
    expect(await titles('Available')).toContain(EXTRA_COURSE);
    await screenshot(page, '70-training-page');
    await expectNoSeriousA11yViolations(page, '70-training-page');

    // changing role re-splits the courses and keeps the completion
    await page.getByLabel('Your role').selectOption({ label: 'Supplier' });
    await saved();
    expect(await titles('Mandatory')).toContain('Supplier Design Competency Submission');
    expect(await page.getByRole('checkbox', { name: `Completed: ${PDF_COURSE}` }).isChecked()).toBe(true);
    await page.getByLabel('Your role').selectOption({ label: 'Design Engineer' });
    await saved();
  });

  it('opens a PDF course: the PDF shows, embedded in the page', async () => {
    await page.getByRole('link', { name: `Open ${PDF_COURSE}` }).click();
    await page.waitForURL(/\/training\/viewer-essentials$/);
    await page.getByRole('heading', { level: 1, name: PDF_COURSE }).waitFor();
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    // the handout's text is drawn on the page shown
    await expect
      .poll(() =>
        page.evaluate(async () => !!(await window.__penstockPdf?.locateText('1. Choosing a project'))),
      )
      .toBe(true);
    // and the canvas is not blank
    const inked = await page.locator('[data-testid="training-pdf"] canvas').evaluate((canvas) => {
      const context = (canvas as HTMLCanvasElement).getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, (canvas as HTMLCanvasElement).width, 200);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    await screenshot(page, '71-training-pdf-course');
    await expectNoSeriousA11yViolations(page, '71-training-pdf-course');
  });

  it('plays the Video course from the training material folder', async () => {
    await page.getByRole('link', { name: 'Back to Training' }).click();
    await page.getByRole('link', { name: 'Open Markups and Issues in the Viewer' }).click();
    await page.waitForURL(/\/training\/markups-video$/);
    const video = page.getByTestId('training-video');
    await video.waitFor();
    const state = await video.evaluate(async (element) => {
      const player = element as HTMLVideoElement;
      player.muted = true;
      if (player.readyState < 2)
        await new Promise((resolve) => player.addEventListener('loadeddata', resolve));
      await player.play();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      player.pause();
      return {
        width: player.videoWidth,
        height: player.videoHeight,
        time: player.currentTime,
        error: player.error,
      };
    });
    expect(state).toMatchObject({ width: 384, height: 216, error: null });
    expect(state.time).toBeGreaterThan(1);
    // the second scene (a sheet drawn from 2 s on) is showing
    await page.getByText('Video not available').waitFor({ state: 'detached' });
    await screenshot(page, '72-training-video-course');
  });

  it('shows a PowerPoint course, as its slides saved as PDF, in a frame', async () => {
    await page.goto(`${server.url}/training/iso19650-naming`);
    const frame = page.getByTitle('File Naming and Revision Codes (ISO 19650)');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/api/training/material/iso19650-naming');
    const response = await page.request.get(`${server.url}/api/training/material/iso19650-naming`);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(1500);
    await screenshot(page, '73-training-slides-course');
  });

  it('an administrator sees the courses and roles, and adds a role', async () => {
    await browser.context.clearCookies();
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('tab', { name: 'Training' }).click();
    await page
      .getByRole('cell', { name: 'Markups and Issues in the Viewer /training/markups-video' })
      .waitFor();
    await page.getByLabel("New role's display name").fill('Site Engineer');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('cell', { name: 'siteEngineer' }).waitFor();
    await screenshot(page, '74-training-admin');
    await expectNoSeriousA11yViolations(page, '74-training-admin');
  });
});
