import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';
const REVIEWER = 'Tom Hughes - tm@penstock.demo';

/** the viewer's test hook (declared in full by viewer.e2e.test.ts) */
const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;

/** A drag with the mouse between two points given as fractions of the box. */
async function drag(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  from: number[],
  to: number[],
) {
  await page.mouse.move(box.x + box.width * from[0]!, box.y + box.height * from[1]!);
  await page.mouse.down();
  await page.mouse.move(
    box.x + box.width * ((from[0]! + to[0]!) / 2),
    box.y + box.height * ((from[1]! + to[1]!) / 2),
    {
      steps: 4,
    },
  );
  await page.mouse.move(box.x + box.width * to[0]!, box.y + box.height * to[1]!, { steps: 4 });
  await page.mouse.up();
}

describe('markups in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const dialogs: string[] = [];

  const signInAndOpenProcess = async () => {
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

  const layer = (view = '.model-view') => page.locator(`${view} svg.penstock-markup-layer`);

  /**
   * The drawn rectangle in the 3D viewport frame: its centre's offset from the overlay's horizontal centre,
   * its top and its size, all in units of the overlay's height (what a perspective camera keeps).
   */
  async function rectInViewport(view = '.model-view') {
    const overlay = (await layer(view).boundingBox())!;
    const rect = (await layer(view).locator('rect[data-shape-id]').boundingBox())!;
    return {
      overlayWidth: overlay.width,
      cx: (rect.x + rect.width / 2 - (overlay.x + overlay.width / 2)) / overlay.height,
      y: (rect.y - overlay.y) / overlay.height,
      w: rect.width / overlay.height,
      h: rect.height / overlay.height,
    };
  }
  let drawnRect: Awaited<ReturnType<typeof rectInViewport>> | null = null;

  /** draw a rectangle, a cloud and a text over the overlay, then save it for the reviewer */
  async function drawAndSave(surface: Locator, title: string, view = '.model-view') {
    const box = (await surface.boundingBox())!;
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    await drag(page, box, [0.15, 0.2], [0.4, 0.45]);
    await page.getByRole('button', { name: 'Cloud', exact: true }).click();
    await drag(page, box, [0.55, 0.2], [0.85, 0.5]);
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.65);
    const input = page.getByLabel('Markup text');
    await input.waitFor();
    await input.fill('Check this valve');
    await input.press('Enter');
    await expect.poll(() => layer(view).locator('[data-shape-id]').count()).toBe(3);
    expect(await layer(view).locator('[data-shape-type="cloud"]').count()).toBe(1);
    expect(await layer(view).locator('text').textContent()).toBe('Check this valve');
    if (view === '.model-view') drawnRect = await rectInViewport(view);

    await page.getByRole('button', { name: 'Save markup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Markup' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Reviewer').selectOption({ label: REVIEWER });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/markups/saveMarkup'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const record = await response.json();
    expect(record.title).toBe(title);
    expect(record.createdFor).toBe('tm@penstock.demo');
    expect(record.markupData[0].documentVersion).toMatch(/^V\d+$/);
    expect(record.markupData[0].created).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // 3D drawings follow the perspective picture (height-scaled, centred); PDF ones the page
    expect(JSON.parse(record.markupData[0].markupData)).toMatchObject({
      version: 1,
      frame: view === '.model-view' ? 'viewport' : 'fill',
    });
    await dialog.waitFor({ state: 'detached' });
    // edit mode left and markups hidden
    expect(await layer(view).isVisible()).toBe(false);
  }

  /** the card of a markup in the Markup Panel (opened with Load markups when it is not open) */
  async function openPanelCard(title: string) {
    if ((await page.getByRole('region', { name: 'Markup Panel' }).count()) === 0)
      await page.getByRole('button', { name: 'Load markups' }).click();
    const panel = page.getByRole('region', { name: 'Markup Panel' });
    await panel.waitFor();
    const card = panel.locator('li.markup-card').filter({ hasText: title });
    await card.waitFor();
    return { panel, card };
  }

  beforeAll(async () => {
    server = await startPenstock(
      {},
      {
        configFiles: {
          'generalSettings.json': JSON.stringify({
            maxProjectFinderNameLength: 40,
            maxProjectBrowserNameLength: 32,
            maxTabNameLength: 24,
            mobileWidth: 576,
            tabletWidth: 992,
            maxViewers: 2,
          }),
        },
      },
    );
    browser = await launchBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await signInAndOpenProcess();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws a rectangle, a cloud and a text over the model and saves them for a reviewer', async () => {
    await openModel();
    await page.getByRole('button', { name: 'Markup tools' }).click();
    for (const name of [
      'Load markups',
      'Text',
      'Rectangle',
      'Circle',
      'Polyline',
      'Freehand',
      'Cloud',
      'Arrow',
    ])
      await page
        .getByRole('toolbar', { name: 'Markup toolbar' })
        .getByRole('button', { name, exact: true })
        .waitFor();
    // no settings before a mode is chosen
    expect(await page.getByRole('group', { name: 'Markup settings' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    const settings = page.getByRole('group', { name: 'Markup settings' });
    expect(await settings.getByLabel('Font size').inputValue()).toBe('1');
    expect(await settings.getByLabel('Font family').inputValue()).toBe('Arial');
    await settings.getByLabel('Stroke width').fill('3');
    await settings.getByLabel('Font size').fill('2');

    const canvas = page.getByTestId('model-canvas');
    const box = (await canvas.boundingBox())!;
    // an exit cancelled keeps the drawing and returns to Rectangle
    await drag(page, box, [0.3, 0.7], [0.45, 0.85]);
    await page.getByRole('button', { name: 'Exit markup' }).click();
    await expect
      .poll(() => dialogs.at(-1))
      .toBe('Are you sure you want to exit? All unsaved markups will be lost');
    expect(
      await page.getByRole('button', { name: 'Rectangle', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    // select and delete the first shape
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await page.keyboard.press('Delete');
    await expect.poll(() => layer().locator('[data-shape-id]').count()).toBe(0);

    await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
    // draw, look at it before saving
    const title = 'Inlet screen access';
    const drawn = drawAndSave(canvas, title);
    await drawn;
  });

  it('lists the saved markup with its preview; Completed persists over a reload', async () => {
    const { card } = await openPanelCard('Inlet screen access');
    const preview = card.getByRole('img', { name: 'Preview of Inlet screen access' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(10);
    await expect.poll(() => card.textContent()).toContain('Erin Walsh');
    expect(await card.textContent()).toContain('tm@penstock.demo');
    const updated = page.waitForResponse((r) => r.url().endsWith('/api/markups/updateMarkup'));
    // the box follows the saved state; under load it may change a moment after the click
    await card.getByLabel('Completed').click();
    expect((await updated).status()).toBe(200);
    await expect.poll(() => card.getByLabel('Completed').isChecked()).toBe(true);
    await screenshot(page, '22-markup-panel');
    await expectNoSeriousA11yViolations(page, '22-markup-panel');

    await page.reload();
    await page.waitForURL(/\/main$/);
    // the tab may come back with the page; otherwise open the model again
    if ((await page.getByTestId('model-canvas').count()) === 0) {
      if ((await page.getByRole('button', { name: MODEL }).count()) === 0) await signInAndOpenProcess();
      await openModel();
    } else
      await page.waitForFunction(viewerReady, undefined, {
        timeout: 90_000,
      });
    await page.getByRole('button', { name: 'Markup tools' }).click();
    const again = await openPanelCard('Inlet screen access');
    await expect.poll(() => again.card.getByLabel('Completed').isChecked()).toBe(true);
  });

  it('restores the saved view and redraws the markup when its card is clicked', async () => {
    const { card } = await openPanelCard('Inlet screen access');
    // look elsewhere first, so that the restored view is seen to come back
    const box = (await page.getByTestId('model-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6, { steps: 8 });
    await page.mouse.up();
    await card.getByRole('button', { name: 'Show markup Inlet screen access' }).click();
    await expect.poll(() => layer().locator('[data-shape-id]').count(), { timeout: 5000 }).toBe(3);
    expect(await layer().isVisible()).toBe(true);
    // the panel takes the side pane, so the viewer is narrower than when the markup was drawn; the
    // rectangle keeps its place relative to the view's centre and its shape instead of stretching
    const restored = await rectInViewport();
    expect(drawnRect).not.toBeNull();
    expect(restored.overlayWidth).not.toBeCloseTo(drawnRect!.overlayWidth, 0);
    for (const key of ['cx', 'y', 'w', 'h'] as const) expect(restored[key]).toBeCloseTo(drawnRect![key], 2);
    await screenshot(page, '21-markup-drawn');
  });

  it('draws and saves a markup over a P&ID page and shows it again', async () => {
    await page.getByRole('button', { name: PID }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor({ timeout: 60_000 });
    const pdfView = page.locator('.pdf-view');
    await pdfView.getByRole('button', { name: 'Markup tools' }).click();
    await page.locator('canvas.penstock-pdf-canvas').waitFor();
    await drawAndSave(page.locator('canvas.penstock-pdf-canvas'), 'Inlet P&ID note', '.pdf-view');
    const { card } = await openPanelCard('Inlet P&ID note');
    await card.getByRole('img', { name: 'Preview of Inlet P&ID note' }).waitFor();
    await card.getByRole('button', { name: 'Show markup Inlet P&ID note' }).click();
    await expect.poll(() => layer('.pdf-view').locator('[data-shape-id]').count(), { timeout: 5000 }).toBe(3);
    await screenshot(page, '23-markup-pdf');
    await expectNoSeriousA11yViolations(page, '23-markup-pdf');
  });
});
