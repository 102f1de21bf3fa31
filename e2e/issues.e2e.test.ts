import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn, openSharedProcess } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const TITLE = 'E2E pinned issue: check the flange';
const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';
const PDF_TITLE = 'E2E PDF pin: check the inlet screen';

/** the viewer's end-to-end hook (apps/web/src/features/viewer/testHook.ts) */
const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;

const pins = (page: Page) => page.locator('[data-issue-pin]');

describe('issues in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('places an issue pin on the model and creates the issue', async () => {
    const toggle = page.getByRole('button', { name: 'Show/Hide issues' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const canvas = page.getByTestId('model-canvas');
    const box = (await canvas.boundingBox())!;
    const dialog = page.getByRole('dialog', { name: 'New issue' });
    // frame a tagged object so that the canvas centre is on it (the model's own centre may be empty)
    const tag = await page.evaluate(() => {
      const hook = (window as unknown as { __penstockViewer?: { tags(): string[] } }).__penstockViewer;
      return hook?.tags().find((t) => /^(P|T|TK)-\d/.test(t)) ?? hook?.tags()[0] ?? null;
    });
    expect(tag).toBeTruthy();
    await page.evaluate(
      (t) =>
        (
          window as unknown as { __penstockViewer: { selectByTag(tag: string): Promise<number> } }
        ).__penstockViewer.selectByTag(t),
      tag!,
    );
    await page.getByRole('dialog', { name: 'Properties' }).waitFor();
    await page.getByRole('button', { name: 'Close properties' }).click();
    await page.waitForTimeout(500);
    // the centre first, then a grid of points until one hits an object
    const offsets: (readonly [number, number])[] = [[0.5, 0.5]];
    for (let fy = 0.3; fy <= 0.71; fy += 0.1)
      for (let fx = 0.3; fx <= 0.71; fx += 0.1) offsets.push([fx, fy]);
    for (const [fx, fy] of offsets) {
      if (!(await page.getByRole('button', { name: 'Place issue', pressed: true }).count()))
        await page.getByRole('button', { name: 'Place issue' }).click();
      await page.getByTestId('issue-capture').waitFor();
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(300);
      if (await dialog.count()) break;
    }
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await page.getByRole('button', { name: TITLE }).waitFor({ timeout: 15_000 });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await pins(page).count()).toBeGreaterThanOrEqual(1);
  });

  it('hides and shows the pins with the toggle', async () => {
    const toggle = page.getByRole('button', { name: 'Show/Hide issues' });
    await toggle.click();
    await expect.poll(() => pins(page).count()).toBe(0);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => pins(page).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('button', { name: TITLE }).count()).toBe(1);
  });

  it('a clicked pin shows the Issue panel with title and status', async () => {
    await page.getByRole('button', { name: TITLE }).click();
    const panel = page.getByRole('dialog', { name: 'Issue' });
    await panel.waitFor();
    expect(await panel.getByTestId('issue-panel-title').textContent()).toBe(TITLE);
    expect(await panel.getByTestId('issue-panel-status').textContent()).toContain('quality_issues-open');
    expect(await panel.getByRole('link', { name: 'Open issue' }).getAttribute('href')).toMatch(
      /^\/projectLog\?projectId=b\.[^&]+&issue=q\./,
    );
    await page.waitForTimeout(500);
    await screenshot(page, '20-issue-pins');
    await expectNoSeriousA11yViolations(page, '20-issue-pins');
  });

  it('lists the issue in the project log reached from the header', async () => {
    await page.getByRole('link', { name: 'Project log' }).click();
    await page.waitForURL(/\/projectLog\?projectId=/);
    await page.getByRole('heading', { level: 1, name: /Project log/ }).waitFor();
    const link = page.getByRole('link', { name: TITLE });
    await link.waitFor();
    await link.click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Close issue', exact: true }).waitFor();
    expect(await detail.getByText('quality_issues-open').count()).toBeGreaterThan(0);
    // the snapshot the viewer took when the issue was placed (issue 33): a real picture of the model
    const snapshot = detail.getByRole('img', { name: `The view of “${TITLE}”` });
    await snapshot.waitFor();
    await expect
      .poll(() => snapshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(100);
    const colours = await snapshot.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97)
        seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return seen.size;
    });
    // not a blank canvas: the model is drawn in it
    expect(colours).toBeGreaterThan(10);
    await page.waitForTimeout(600); // the dialog fades in
    await screenshot(page, '21-project-log');
    await expectNoSeriousA11yViolations(page, '21-project-log');
  });

  describe('on a PDF page', () => {
    const pdfView = () => page.locator('.pdf-view');
    const pdfTools = () => page.getByRole('toolbar', { name: 'PDF tools' });
    const pdfPins = () => pdfView().locator('[data-issue-pin]');

    it('opens the P&ID from the project browser', async () => {
      // back from the project log (and its open issue) to the workspace
      for (let step = 0; step < 4 && !/\/main$/.test(page.url()); step++) {
        await page.goBack();
        await page.waitForTimeout(300);
      }
      await page.waitForURL(/\/main$/);
      // the tree may have kept its open folders: open only what is closed
      const pid = page.getByRole('button', { name: PID });
      if (!(await pid.count())) {
        if (!(await page.getByRole('button', { name: 'Process', exact: true }).count()))
          await page.getByRole('button', { name: 'Shared', exact: true }).click();
        await page.getByRole('button', { name: 'Process', exact: true }).click();
      }
      await pid.click();
      const pages = page.getByRole('navigation', { name: 'Pages' });
      await pages.waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByText('Page 1 of 3').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // the button shows once the user's role in the project is known (the project list, under CI load)
      await expect
        .poll(() => pdfTools().getByRole('button', { name: 'Place issue' }).isEnabled(), { timeout: 20_000 })
        .toBe(true);
    });

    it('places an issue on page 1 and shows its pin over the page', async () => {
      const place = pdfTools().getByRole('button', { name: 'Place issue' });
      await place.click();
      expect(await place.getAttribute('aria-pressed')).toBe('true');
      await pdfView().getByTestId('issue-capture').waitFor();
      const canvas = (await page.getByTestId('pdf-canvas').locator('canvas').first().boundingBox())!;
      await page.mouse.click(canvas.x + canvas.width * 0.5, canvas.y + canvas.height * 0.4);
      const dialog = page.getByRole('dialog', { name: 'New issue' });
      await dialog.waitFor();
      await dialog.getByLabel('Title').fill(PDF_TITLE);
      await dialog.getByRole('button', { name: 'Create issue' }).click();
      const pin = pdfView().getByRole('button', { name: PDF_TITLE });
      await pin.waitFor({ timeout: 15_000 });
      expect(
        await pdfTools().getByRole('button', { name: 'Show/Hide issues' }).getAttribute('aria-pressed'),
      ).toBe('true');
      // the pin sits over the page where it was clicked
      const pinBox = (await pin.boundingBox())!;
      const centre = { x: pinBox.x + pinBox.width / 2, y: pinBox.y + pinBox.height };
      expect(centre.x).toBeGreaterThan(canvas.x);
      expect(centre.x).toBeLessThan(canvas.x + canvas.width);
      expect(centre.y).toBeGreaterThan(canvas.y);
      expect(centre.y).toBeLessThan(canvas.y + canvas.height);
    });

    it('shows the pin only on its own page', async () => {
      const pages = page.getByRole('navigation', { name: 'Pages' });
      await pages.getByText('Page 2', { exact: true }).click();
      await expect.poll(() => page.getByText('Page 2 of 3').count()).toBeGreaterThan(0);
      await expect.poll(() => pdfPins().count()).toBe(0);
      await pages.getByText('Page 1', { exact: true }).click();
      await expect.poll(() => page.getByText('Page 1 of 3').count()).toBeGreaterThan(0);
      await expect.poll(() => pdfView().getByRole('button', { name: PDF_TITLE }).count()).toBe(1);
    });

    it('hides and shows the PDF pins with the toggle', async () => {
      const toggle = pdfTools().getByRole('button', { name: 'Show/Hide issues' });
      await toggle.click();
      await expect.poll(() => pdfPins().count()).toBe(0);
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await expect.poll(() => pdfView().getByRole('button', { name: PDF_TITLE }).count()).toBe(1);
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    });

    it('a clicked PDF pin shows the Issue panel', async () => {
      await pdfView().getByRole('button', { name: PDF_TITLE }).click();
      const panel = page.getByRole('dialog', { name: 'Issue' });
      await panel.waitFor();
      expect(await panel.getByTestId('issue-panel-title').textContent()).toBe(PDF_TITLE);
      expect(await panel.getByTestId('issue-panel-status').textContent()).toContain('quality_issues-open');
      expect(await panel.getByRole('link', { name: 'Open issue' }).getAttribute('href')).toMatch(
        /^\/projectLog\?projectId=b\.[^&]+&issue=q\./,
      );
      await page.waitForTimeout(500);
      await screenshot(page, '24-pdf-pin');
    });
  });
});
