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
const TITLE = 'Duct too close to the pump';

const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;
type HookWindow = Window & { __penstockViewer: PenstockViewerHook };
const viewerOf = (page: Page) =>
  page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.viewerState());

/**
 * Across the models of a federated view (issue 33 §1): the demo plant and a fixture model in one tab, both
 * in the model tree, hazards isolated, and an issue pinned on the fixture model's object, reopened.
 */
describe('selection, tree, hazards and pins across federated models in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let other = '';

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    await choosePanel(page, 'Upload');
    const upload = page.getByRole('region', { name: 'Upload' });
    await upload.getByLabel('Folder').selectOption({ label: 'Shared/Process' });
    await upload.getByTestId('upload-input').setInputFiles({
      name: 'MEP.ifc',
      mimeType: 'application/octet-stream',
      buffer: readFileSync(FIXTURE),
    });
    await upload.getByText('MEP.ifc is now uploaded').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'MEP.ifc', exact: true }).hover();
    await page.getByRole('button', { name: 'Add to view' }).first().click();
    const models = page.getByRole('region', { name: 'Models' });
    await models.getByRole('listitem', { name: /^Model / }).waitFor({ timeout: 90_000 });
    other = await page.evaluate(
      () => (window as unknown as HookWindow).__penstockViewer.viewer.federation.list()[0]!.modelId,
    );
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows both models in the model tree, one root each, and selects in the fixture model', async () => {
    await choosePanel(page, 'Model tree');
    const tree = page.getByRole('region', { name: 'Model tree' });
    const roots = tree.locator('[role="treeitem"][aria-level="1"]');
    await expect.poll(() => roots.count(), { timeout: 30_000 }).toBe(2);
    const labels = await roots.locator('.model-tree-name').allTextContents();
    expect(labels[0]).toMatch(/^RWTW-3D-Treatment-Works\.ifc · v\d+/);
    expect(labels[1]).toMatch(/^MEP\.ifc · v1/);
    // the fixture model's first object under its root: selected in that model
    const mepRoot = roots.nth(1);
    const leaf = tree.locator('[role="treeitem"]').filter({ has: page.locator('.model-tree-name') });
    await mepRoot.getByRole('button', { name: /^MEP\.ifc/ }).click();
    await expect
      .poll(async () => (await viewerOf(page)).otherSelection?.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const state = await viewerOf(page);
    expect(state.selection).toEqual([]);
    expect(new Set(state.otherSelection!.map((r) => r.model))).toEqual(new Set([other]));
    expect(await leaf.count()).toBeGreaterThan(2);
    await screenshot(page, '33-federated-tree');
  });

  it('frames a node of the fixture model from the tree, in that model', async () => {
    const tree = page.getByRole('region', { name: 'Model tree' });
    const cameraTarget = async () => (await viewerOf(page)).camera.target;
    const still = async () => {
      let last = await cameraTarget();
      await expect
        .poll(
          async () => {
            const now = await cameraTarget();
            const rests = Math.hypot(now.x - last.x, now.y - last.y, now.z - last.z) < 1e-6;
            last = now;
            return rests;
          },
          { timeout: 20_000, interval: 300 },
        )
        .toBe(true);
      return last;
    };
    // where framing the fixture model looks from, then the plant framed instead
    await page.evaluate(
      (model) => (window as unknown as HookWindow).__penstockViewer.viewer.fitModel(model),
      other,
    );
    const onFixture = await still();
    await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.fit());
    const onPlant = await still();
    expect(
      Math.hypot(onPlant.x - onFixture.x, onPlant.y - onFixture.y, onPlant.z - onFixture.z),
    ).toBeGreaterThan(1);
    // the fixture model's storey (all its objects): selected and framed there, not left where the camera was
    const storey = tree.locator('[role="treeitem"][aria-level="5"]').filter({ hasText: /Nadzemn/ });
    await storey.locator('.model-tree-name').click();
    // the framing starts once the selection has settled (later on a loaded machine): wait for the camera to
    // arrive where framing the fixture model looks from, not merely to rest
    await expect
      .poll(
        async () => {
          const now = await cameraTarget();
          return Math.hypot(now.x - onFixture.x, now.y - onFixture.y, now.z - onFixture.z);
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBeLessThan(0.5);
    const framed = await still();
    expect(Math.hypot(framed.x - onFixture.x, framed.y - onFixture.y, framed.z - onFixture.z)).toBeLessThan(
      0.5,
    );
    expect((await viewerOf(page)).otherSelection?.every((r) => r.model === other)).toBe(true);
    await screenshot(page, '33-federated-tree-framed');
    // the storey's Properties panel, opened by the click, is closed again (it would cover the canvas)
    await page.getByRole('button', { name: 'Close properties' }).click();
  });

  it('saves a view naming the fixture model’s objects by version + GlobalId, and restores them', async () => {
    const selected = (await viewerOf(page)).otherSelection!;
    expect(selected.length).toBeGreaterThan(1);
    // one of them hidden as well (the model tree's eye does the same through the viewer's appearance)
    await page.evaluate(
      (ref) => (window as unknown as HookWindow).__penstockViewer.viewer.appearance.hide([ref]),
      selected[1]!,
    );
    await page
      .getByRole('toolbar', { name: '3D tools' })
      .getByRole('button', { name: 'Saved views' })
      .click();
    const panel = page.getByRole('region', { name: 'Saved views' });
    await panel.getByLabel('Name of the view').fill('Fixture ducts');
    const posted = page.waitForRequest((r) => /\/views$/.test(r.url()) && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Save current view' }).click();
    const state = (await posted).postDataJSON().state as {
      version: number;
      selection: { versionId: string; globalId?: string; localId?: number }[];
      appearance: { hidden: { versionId: string; globalId?: string }[] };
    };
    // stored by model version + GlobalId, every model's objects (issue 33 §1), none by localId
    expect(state.version).toBe(3);
    expect(state.selection).toHaveLength(selected.length);
    for (const object of [...state.selection, ...state.appearance.hidden]) {
      expect(object).toEqual({ versionId: other.slice(4), globalId: expect.stringMatching(/^.{22}$/) });
    }
    expect(state.appearance.hidden).toHaveLength(1);
    await panel.getByText('Saved “Fixture ducts”.').waitFor();

    // another look, then the view opened again: the same objects of the fixture model, found by GlobalId
    await page.evaluate(async () => {
      const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
      await viewer.selectObjects([]);
      await viewer.appearance.showAll();
    });
    expect((await viewerOf(page)).otherSelection ?? []).toEqual([]);
    await panel.getByRole('button', { name: 'Open Fixture ducts' }).click();
    await expect
      .poll(async () => (await viewerOf(page)).otherSelection?.length ?? 0, { timeout: 20_000 })
      .toBe(selected.length);
    const restored = await viewerOf(page);
    const key = (r: { model: string; localId: number }) => `${r.model}/${r.localId}`;
    expect(new Set(restored.otherSelection!.map(key))).toEqual(new Set(selected.map(key)));
    expect(restored.appearance?.hidden.map(key)).toEqual([key(selected[1]!)]);
    expect(
      await page.evaluate(
        () => (window as unknown as HookWindow).__penstockViewer.viewer.federation.list().length,
      ),
    ).toBe(1);
    await screenshot(page, '33-federated-saved-view');
    await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.appearance.showAll());
  });

  it('isolates the hazards of every shown model', async () => {
    const hazards = page.getByRole('button', { name: 'Isolate Hazards' });
    await hazards.click();
    await expect
      .poll(async () => (await viewerOf(page)).appearance?.isolated?.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const isolated = (await viewerOf(page)).appearance!.isolated!;
    // the plant's hazards are isolated; the fixture (no Hazard property) shows none of its objects
    expect(isolated.every((r) => r.model !== other)).toBe(true);
    // frame the whole view: the plant's hazards stand alone
    await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.fit());
    await page.waitForTimeout(1500);
    await screenshot(page, '33-federated-hazards');
    await hazards.click();
    await expect.poll(async () => (await viewerOf(page)).appearance?.isolated ?? null).toBeNull();
  });

  it('pins an issue on the fixture model’s object and reopens it there', async () => {
    // show only the fixture model's objects where the pin goes: hide the plant, frame the fixture
    await page.getByRole('toolbar', { name: '3D tools' }).getByRole('button', { name: 'Models' }).click();
    const models = page.getByRole('region', { name: 'Models' });
    await models.getByRole('button', { name: 'Frame' }).click();
    await page.waitForTimeout(1500);
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const target = await page.evaluate(
      async ({ box, model }) => {
        const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
        for (let fy = 0.5; fy < 0.9; fy += 0.05)
          for (const fx of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65]) {
            const at = { x: box.x + box.width * fx, y: box.y + box.height * fy };
            const hit = await viewer.pickPoint(at.x, at.y);
            if (hit && hit.modelId === model) return at;
          }
        return null;
      },
      { box: canvas, model: other },
    );
    expect(target).not.toBeNull();
    await page.getByRole('button', { name: 'Place issue' }).click();
    await page.getByTestId('issue-capture').waitFor();
    await page.mouse.click(target!.x, target!.y);
    const dialog = page.getByRole('dialog', { name: 'New issue' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill(TITLE);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/issues') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    const issue = await (await created).json();
    const details = issue.linkedDocuments[0].details;
    expect(details.objectId).toBeNull();
    expect(details.object).toEqual({ versionId: other.slice(4), globalId: expect.stringMatching(/^.{22}$/) });
    await page.getByRole('button', { name: TITLE }).waitFor({ timeout: 15_000 });

    // another selection, then the pin: its view and object come back, in the fixture model
    await page.evaluate(() => (window as unknown as HookWindow).__penstockViewer.viewer.selectObjects([]));
    await page.getByRole('button', { name: TITLE }).click();
    const panel = page.getByRole('dialog', { name: 'Issue' });
    await panel.getByTestId('issue-panel-object').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await viewerOf(page)).otherSelection?.map((r) => r.model) ?? [])
      .toContain(other);
    await page.waitForTimeout(500);
    await screenshot(page, '33-federated-pin');
  });
});
