import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelViewerState } from '../packages/viewer/src/model/types.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const ADMIN = { email: 'admin@penstock.demo', password: 'penstock-demo' };
const TITLE = 'E2E viewpoint: check the cut through the inlet';
const COPY = 'E2E BCF round trip';

const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;
const viewerState = (page: Page) =>
  page.evaluate(() => window.__penstockViewer!.viewer.viewerState()) as Promise<ModelViewerState>;

/** The canvas' pixels in its middle third, for comparing two views of the same model (RGBA bytes). */
async function middlePixels(page: Page): Promise<number[]> {
  const canvas = page.getByTestId('model-canvas');
  const box = (await canvas.boundingBox())!;
  const png = await page.screenshot({
    clip: {
      x: box.x + box.width / 3,
      y: box.y + box.height / 3,
      width: box.width / 3,
      height: box.height / 3,
    },
    animations: 'disabled',
  });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const draw = document.createElement('canvas');
    draw.width = 64;
    draw.height = 64;
    const context = draw.getContext('2d')!;
    context.drawImage(image, 0, 0, 64, 64);
    return [...context.getImageData(0, 0, 64, 64).data];
  }, png.toString('base64'));
}
/** Mean absolute difference of two pixel arrays (0..255). */
const difference = (a: number[], b: number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

/**
 * Issue 33 §5: an issue raised with a section keeps it; its BCF (3.0 and 2.1) carries the clipping plane, and
 * imported into another project holding the same model the pin brings the same view back.
 */
describe('issue viewpoints through BCF in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('raises an issue with a section, exports BCF 3.0 and 2.1, and restores the view in another project', async () => {
    // an administrator makes a second project with the engineer as its manager
    await signIn(page, server.url, ADMIN.email, ADMIN.password);
    const project = await (
      await page.request.post(`${server.url}/api/admin/projects`, { data: { name: COPY } })
    ).json();
    const users = (await (await page.request.get(`${server.url}/api/admin/users`)).json()) as {
      id: string;
      email: string;
    }[];
    const engineer = users.find((u) => u.email === ENGINEER.email)!;
    expect(
      (
        await page.request.put(`${server.url}/api/admin/projects/${project.id}/members`, {
          data: { userId: engineer.id, role: 'manager' },
        })
      ).status(),
    ).toBe(200);
    await browser.context.clearCookies();

    // the engineer cuts the plant and raises an issue there
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await page.getByRole('button', { name: 'Add Y', exact: true }).click();
    await expect.poll(async () => (await viewerState(page)).sections?.planes.length).toBe(1);
    // a measurement beside it (its points on the plant's ground, 12.5 m apart)
    await page.evaluate(() =>
      window.__penstockViewer!.viewer.measurements.restore([
        {
          id: 'e2e-1',
          name: 'Clearance',
          kind: 'distance',
          points: [
            { x: 0, y: 0.1, z: 0 },
            { x: 12.5, y: 0.1, z: 0 },
          ],
          value: 12.5,
        },
      ]),
    );
    // the panel closed and the handles put away: the canvas then has the size it has in the other project
    await page.getByRole('button', { name: 'Close Sections' }).click();
    await page.evaluate(() => window.__penstockViewer!.viewer.sections.edit(null));
    await page.waitForTimeout(500);
    const place = page.getByRole('button', { name: 'Place issue' });
    const canvas = (await page.getByTestId('model-canvas').boundingBox())!;
    const dialog = page.getByRole('dialog', { name: 'New issue' });
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.45, 0.55],
      [0.55, 0.45],
      [0.4, 0.6],
      [0.6, 0.4],
      [0.5, 0.65],
    ]) {
      if (!(await page.getByRole('button', { name: 'Place issue', pressed: true }).count()))
        await place.click();
      await page.getByTestId('issue-capture').waitFor();
      await page.mouse.click(canvas.x + canvas.width * fx!, canvas.y + canvas.height * fy!);
      await page.waitForTimeout(300);
      if (await dialog.count()) break;
    }
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await page.getByRole('button', { name: TITLE }).waitFor({ timeout: 15_000 });
    const raised = await viewerState(page);
    // compared without the selection's highlight (the restored view selects the pinned object)
    await page.evaluate(() => window.__penstockViewer!.viewer.selectObjects([]));
    await page.waitForTimeout(1000);
    const before = await middlePixels(page);
    await screenshot(page, '33-viewpoint-raised');

    // BCF 3.0 and 2.1 of the project carry the clipping plane
    const demo = await page.evaluate(() => {
      const match = /projectId=([^&]+)/.exec(
        document.querySelector('a[href*="projectLog"]')?.getAttribute('href') ?? '',
      );
      return match ? decodeURIComponent(match[1]!) : null;
    });
    expect(demo).toBeTruthy();
    const bcf3 = await page.request.get(`${server.url}/api/issues/bcf?projectid=${demo}&version=3.0`);
    const bcf21 = await page.request.get(`${server.url}/api/issues/bcf?projectid=${demo}&version=2.1`);
    expect(bcf3.status()).toBe(200);
    expect(bcf21.status()).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    for (const file of [await bcf3.body(), await bcf21.body()]) {
      const entries = unzipSync(new Uint8Array(file));
      const viewpoints = Object.entries(entries).filter(([name]) => name.endsWith('.bcfv'));
      expect(viewpoints.some(([, bytes]) => /<ClippingPlane>/.test(strFromU8(bytes)))).toBe(true);
      expect(viewpoints.some(([, bytes]) => /<Line>/.test(strFromU8(bytes)))).toBe(true);
      expect(Object.keys(entries).some((name) => /\.(png|jpg)$/.test(name))).toBe(true);
    }

    // the same model in the second project: its original file, uploaded there and converted
    const tree = (id: string) =>
      page.request
        .get(`${server.url}/api/tree?id=${encodeURIComponent(id)}`)
        .then((r) => r.json()) as Promise<{ id: string; text: string; versionId?: string }[]>;
    const shared = (await tree(demo!)).find((n) => n.text === 'Shared')!;
    const process = (await tree(shared.id)).find((n) => n.text === 'Process')!;
    const original = (await tree(process.id)).find((n) => n.text === MODEL)!;
    const ifc = await (
      await page.request.get(`${server.url}/api/versions/${original.versionId}/content`)
    ).body();
    const target = (await tree(project.id)).find((n) => n.text === 'WIP')!;
    const uploaded = await page.request.post(`${server.url}/api/folders/${target.id}/files`, {
      multipart: { file: { name: MODEL, mimeType: 'application/octet-stream', buffer: ifc } },
    });
    expect(uploaded.status()).toBe(201);
    const versionId = ((await uploaded.json()) as { version: { id: string } }).version.id;
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`${server.url}/api/models/${versionId}`)).json()) as {
              conversion: { state: string };
            }
          ).conversion.state,
        { timeout: 120_000, interval: 1000 },
      )
      .toBe('done');
    const imported = await page.request.post(`${server.url}/api/issues/bcf?projectid=${project.id}`, {
      multipart: {
        file: { name: 'round-trip.bcf', mimeType: 'application/octet-stream', buffer: await bcf3.body() },
      },
    });
    expect(imported.status()).toBe(200);
    expect(((await imported.json()) as { created: number }).created).toBeGreaterThanOrEqual(1);

    // open it there: the pin brings back the camera and the cut
    await page.goto(`${server.url}/main`);
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type(COPY);
    await page.getByRole('option', { name: COPY }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'WIP', exact: true }).click();
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    await page.getByRole('button', { name: 'Show/Hide issues' }).click();
    await page.getByRole('button', { name: TITLE }).click();
    await expect
      .poll(async () => (await viewerState(page)).sections?.planes.length, { timeout: 15_000 })
      .toBe(1);
    const restored = await viewerState(page);
    // the measurement came back as it was (its Lines for other tools, Penstock's file beside them)
    expect(restored.measurements).toEqual([
      expect.objectContaining({ id: 'e2e-1', name: 'Clearance', kind: 'distance', value: 12.5 }),
    ]);
    const [a, b] = [raised.sections!.planes[0]!, restored.sections!.planes[0]!];
    for (const axis of ['x', 'y', 'z'] as const) {
      expect(b.normal[axis]).toBeCloseTo(a.normal[axis], 6);
      expect(b.origin[axis] * b.normal[axis]).toBeCloseTo(a.origin[axis] * a.normal[axis], 4);
      expect(restored.camera.position[axis]).toBeCloseTo(raised.camera.position[axis], 3);
    }
    await page.getByRole('dialog', { name: 'Issue' }).getByRole('button', { name: /Close/ }).first().click();
    await page.evaluate(() => window.__penstockViewer!.viewer.selectObjects([]));
    await page.waitForTimeout(1500);
    const after = await middlePixels(page);
    await screenshot(page, '33-viewpoint-restored');
    // the same picture in the middle of the canvas: under 4 grey levels on average (0.5 when written)
    const diff = difference(before, after);
    console.log(`viewpoint pixel difference: ${diff.toFixed(2)}`);
    expect(diff).toBeLessThan(4);
  });
});
