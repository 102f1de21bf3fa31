import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { drawingPdf } from '../packages/viewer/src/pdfCompare/testDrawings.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const FILE = 'PID-0201 Compare.pdf';
const REVIEWER = 'Tom Hughes - tm@penstock.demo';

/**
 * Issue 34 §1: two revisions of a drawing uploaded, compared from the version list: one added line gives
 * one change cloud, saved as a markup on the newer version for a reviewer.
 */
describe('drawing compare in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads two revisions, compares them, sees one cloud and saves it as a markup', async () => {
    const older = await drawingPdf({ seed: 11 });
    const newer = await drawingPdf({ seed: 11, extraLine: { page: 0, x1: 300, y1: 700, x2: 650, y2: 700 } });
    // two versions of one file in WIP, uploaded as the engineer (the upload panel is tested elsewhere)
    const uploaded = await page.evaluate(
      async ({ name, files }) => {
        const projects = (await (await fetch('/api/tree?id=%23')).json()) as { id: string; text: string }[];
        const project = projects.find((p) => /Riverside/.test(p.text))!;
        const top = (await (await fetch(`/api/tree?id=${project.id}`)).json()) as {
          id: string;
          text: string;
        }[];
        const wip = top.find((node) => node.text === 'WIP')!;
        const ids: string[] = [];
        for (const bytes of files) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
          const answer = await fetch(`/api/folders/${wip.id}/files`, { method: 'POST', body: form });
          ids.push(((await answer.json()) as { version: { id: string } }).version.id);
        }
        return ids;
      },
      { name: FILE, files: [[...older], [...newer]] },
    );
    expect(uploaded).toHaveLength(2);

    // the file's version list: Compare with previous on V2
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type('riverside');
    await page
      .getByRole('option', { name: /^Riverside/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'WIP', exact: true }).click();
    const file = page.locator('li.tree-file-item').filter({ hasText: FILE });
    await file.getByRole('button', { name: 'Versions' }).click();
    const versions = page.getByRole('dialog', { name: `Versions of ${FILE}` });
    // how many pages differ from the version before, counted when asked (issue 34 §3)
    await versions.getByRole('button', { name: 'Count changed pages' }).click();
    await expect
      .poll(() => versions.getByTestId('changed-pages').textContent(), { timeout: 60_000 })
      .toBe('1 of 1 page differs');
    // kept on the server for the whole team (not in this browser): what every version list shows
    const kept = await page.request.get(
      `${server.url}/api/compare-files/changed-pages?base=${uploaded[0]}&head=${uploaded[1]}`,
    );
    expect(await kept.json()).toMatchObject({
      count: { changed: 1, pages: 1, countedByName: ENGINEER.name },
    });
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => /changedPages/.test(k))),
    ).toEqual([]);
    await screenshot(page, 'drawing-compare-versions');
    await versions.getByRole('button', { name: 'Compare V2 with V1' }).click();

    const compare = page.getByTestId('drawing-compare');
    await compare.waitFor({ timeout: 60_000 });
    await expect.poll(() => page.url()).not.toContain('compare=');
    await compare.getByTestId('compare-overlay').waitFor({ timeout: 60_000 });
    await compare.getByRole('button', { name: 'Change clouds' }).click();
    await expect
      .poll(() => compare.getByTestId('cloud-count').textContent(), { timeout: 60_000 })
      .toBe('1 cloud on page 1');
    expect(await compare.locator('path.compare-cloud').count()).toBe(1);
    await screenshot(page, 'drawing-compare-clouds');
    await compare.getByRole('button', { name: 'Overlay' }).click();
    await screenshot(page, 'drawing-compare-overlay');
    await compare.getByRole('button', { name: 'Side by side' }).click();
    await compare.getByTestId('compare-pane-head').waitFor();
    await screenshot(page, 'drawing-compare-side-by-side');

    // dropped and kept again, then saved for the reviewer
    await compare.getByRole('button', { name: 'Drop cloud 1' }).click();
    expect(await compare.getByRole('button', { name: 'Save as markups' }).isDisabled()).toBe(true);
    await compare.getByRole('button', { name: 'Keep cloud 1' }).click();
    await compare.getByRole('button', { name: 'Save as markups' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Markup' });
    await dialog.getByLabel('Title').fill('Changes P01 to P02');
    await dialog.getByLabel('Reviewer').selectOption({ label: REVIEWER });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/markups/saveMarkup'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const record = await response.json();
    expect(record).toMatchObject({
      documentId: uploaded[1],
      title: 'Changes P01 to P02',
      createdFor: 'tm@penstock.demo',
    });
    const drawing = JSON.parse(record.markupData[0].markupData);
    expect(drawing.frame).toBe('fill');
    expect(drawing.shapes).toHaveLength(1);
    expect(drawing.shapes[0].type).toBe('cloud');
    await compare.getByText(/Saved 1 markup on V2/).waitFor();
    await screenshot(page, 'drawing-compare-saved');
  });
});
