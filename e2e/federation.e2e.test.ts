import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, choosePanel, openSharedProcess, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/ifc/MEP.ifc');

const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;
type HookWindow = Window & { __penstockViewer: PenstockViewerHook };

/** Federation (issue 33 §1): another model added to the open 3D tab from the project browser. */
describe('federated models in Chromium', () => {
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

  it('adds a fixture model to the plant, lists it, hides, colours and removes it', async () => {
    // upload the buildingSMART MEP model into Shared/Process
    await choosePanel(page, 'Upload');
    const upload = page.getByRole('region', { name: 'Upload' });
    await upload.getByLabel('Folder').selectOption({ label: 'Shared/Process' });
    await upload.getByTestId('upload-input').setInputFiles({
      name: 'MEP.ifc',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(FIXTURE),
    });
    await upload.getByText('MEP.ifc is now uploaded').waitFor({ timeout: 30_000 });

    const before = await page.evaluate(() => {
      const box = (window as unknown as HookWindow).__penstockViewer.viewer.viewerState();
      return box.models?.length ?? 0;
    });
    expect(before).toBe(0);

    // Add to view, beside the file in the project browser (shown on hover)
    const file = page.getByRole('button', { name: 'MEP.ifc', exact: true });
    await file.hover();
    await page.getByRole('button', { name: 'Add to view' }).first().click();
    const panel = page.getByRole('region', { name: 'Models' });
    await panel.waitFor();
    await panel.getByRole('listitem', { name: /^Model / }).waitFor({ timeout: 90_000 });
    await panel.getByText('MEP.ifc').waitFor();
    const models = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.viewer.federation.list(),
    );
    expect(models).toHaveLength(1);
    expect(models[0]!.visible).toBe(true);
    await screenshot(page, '33-federation-added');

    // frame it and click one of its objects: the selection and the properties are the other model's
    await panel.getByRole('button', { name: 'Frame' }).click();
    await page.waitForTimeout(1500);
    await screenshot(page, '33-federation-framed');
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const target = await page.evaluate(async ({ x, y, width, height }) => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      const own = viewer.viewerState().models === undefined ? '' : '';
      for (let fy = 0.5; fy < 0.9; fy += 0.05)
        for (const fx of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65]) {
          const at = { clientX: x + width * fx, clientY: y + height * fy };
          const hit = await viewer.pickObject(at.clientX, at.clientY);
          if (hit && hit.model !== own && hit.model === viewer.federation.list()[0]?.modelId) return at;
        }
      return null;
    }, canvas);
    expect(target).not.toBeNull();
    await page.mouse.click(target!.clientX, target!.clientY);
    await page.getByRole('dialog', { name: 'Properties' }).waitFor({ timeout: 15_000 });
    // the highlight follows the panel
    await expect
      .poll(() =>
        page.evaluate(() => {
          const state = (window as unknown as HookWindow).__penstockViewer.viewer.viewerState();
          return { own: state.selection, other: state.otherSelection };
        }),
      )
      .toEqual({ own: [], other: [{ model: models[0]!.modelId, localId: expect.any(Number) }] });
    await screenshot(page, '33-federation-selected');
    await page.getByRole('button', { name: 'Close properties' }).click();

    // colour by model, then hide: the stored state says so
    // (the boxes follow the viewer's answer, a moment after the click)
    await panel.getByLabel('Colour by model').click();
    await expect.poll(() => panel.getByLabel('Colour by model').isChecked(), { timeout: 10_000 }).toBe(true);
    await panel.getByLabel('Shown').click();
    await expect
      .poll(
        () =>
          page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.viewerState().models),
        { timeout: 10_000 },
      )
      .toEqual([expect.objectContaining({ visible: false, colour: '#e8a33d' })]);
    await panel.getByLabel('Shown').click();
    await expect.poll(() => panel.getByLabel('Shown').isChecked(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, '33-federation-coloured');

    // remove
    await panel.getByRole('button', { name: 'Remove from view' }).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as HookWindow).__penstockViewer.viewer.federation.list().length,
        ),
      )
      .toBe(0);
  });
});
