import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelCompare, TreeNode } from '@penstock/shared';
import { editIfc } from '../apps/server/src/modules/modelCompare/ifcEdits.testing.ts';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const DRAINAGE = readFileSync(
  path.resolve(import.meta.dirname, '../../shared/fixtures/ifc/DrainageSystem-1-2.ifc'),
).toString('latin1');
/** version 2: a pipe removed (#289) and a chamber's ChamberLengthOrRadius 0.4 → 0.45 */
const EDITED = editIfc(DRAINAGE, {
  remove: [289],
  replace: [
    [
      "#467= IFCPROPERTYSINGLEVALUE('ChamberLengthOrRadius',$,IFCPOSITIVELENGTHMEASURE(0.4),$);",
      (line) => line.replace('(0.4)', '(0.45)'),
    ],
  ],
});
const FILE = 'drainage-compare.ifc';

type HookWindow = Window & { __penstockViewer: PenstockViewerHook };
const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;

/** Model compare (issue 34 §2): two versions of a model compared, coloured, listed, exported, raised. */
describe('model compare in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const versions: string[] = [];

  const api = async <T>(url: string): Promise<T> => {
    const answer = await page.request.get(`${server.url}${url}`);
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as T;
  };

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    // two versions of one model in the demo project's WIP folder, through the upload call
    const [riverside] = (await api<{ projectid: string; text: string }[]>('/api/tree?id=%23')).filter((p) =>
      /^Riverside/.test(p.text),
    );
    const folders = await api<TreeNode[]>(`/api/tree?id=${encodeURIComponent(riverside!.projectid)}`);
    const wip = folders.find((folder) => folder.text === 'WIP')!;
    for (const content of [DRAINAGE, EDITED]) {
      const answer = await page.request.post(
        `${server.url}/api/folders/${encodeURIComponent(wip.id)}/files`,
        {
          multipart: {
            file: {
              name: FILE,
              mimeType: 'application/octet-stream',
              buffer: Buffer.from(content, 'latin1'),
            },
          },
        },
      );
      expect(answer.status(), await answer.text()).toBe(201);
      const id = ((await answer.json()) as { version: { id: string } }).version.id;
      versions.push(id);
      // converted before the next one (the second's conversion queues the compare against the first)
      const until = Date.now() + 120_000;
      for (;;) {
        const info = await api<{ conversion: { state: string } }>(`/api/models/${id}`);
        if (info.conversion.state === 'done') break;
        if (info.conversion.state === 'failed' || Date.now() > until) throw new Error(JSON.stringify(info));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('compares version 2 with version 1 from the version list: colours, changes, XLSX, an issue', async () => {
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type('riverside');
    await page
      .getByRole('option', { name: /^Riverside/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'WIP', exact: true }).click();
    const file = page.getByRole('button', { name: FILE, exact: true });
    await file.hover();
    await page.locator('li', { has: file }).getByRole('button', { name: 'Versions' }).click();
    const dialog = page.getByRole('dialog', { name: `Versions of ${FILE}` });
    // §3: the newer version says how many objects changed against the one before
    await dialog.getByText('2 objects changed').waitFor({ timeout: 60_000 });
    await screenshot(page, '34-model-compare-versions');
    await dialog.getByRole('button', { name: 'Compare V2 with V1' }).click();

    // the compare tab: the newer model, the older beside it, the Changes panel open
    await page.getByRole('tab', { name: `Compare ${FILE} V1→V2` }).waitFor();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    const panel = page.getByRole('region', { name: 'Changes' });
    await panel.waitFor({ timeout: 30_000 });
    const kinds = panel.getByRole('group', { name: 'Kinds of change' });
    await expect.poll(() => kinds.getByRole('button', { name: /^Removed/ }).textContent()).toBe('Removed 1');
    expect(await kinds.getByRole('button', { name: /^Changed/ }).textContent()).toBe('Changed 1');
    expect(await kinds.getByRole('button', { name: /^Added/ }).textContent()).toBe('Added 0');

    // the viewer: the older version federated, removed red (a ghost of the older), changed amber and
    // solid, the rest faded by x-ray
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const viewer = (window as unknown as HookWindow).__penstockViewer.viewer;
            const look = viewer.appearance.state();
            return {
              models: viewer.federation.list().map((model) => model.versionId),
              xray: look.xray,
              colours: look.colours.map((entry) => [
                entry.colour,
                entry.objects.length,
                entry.objects[0]!.model,
              ]),
              solid: look.solid?.length ?? 0,
              // the removed pipe: a clear red ghost with its edges drawn (not x-ray's faint fade)
              outlined: look.outlined?.map((ref) => ref.model) ?? [],
            };
          }),
        { timeout: 60_000 },
      )
      .toEqual({
        models: [versions[0]],
        xray: true,
        colours: [
          ['#d93025', 1, `urn:${versions[0]}`],
          ['#f0a30a', 1, `urn:${versions[1]}`],
        ],
        solid: 1,
        outlined: [`urn:${versions[0]}`],
      });
    await page.waitForTimeout(1500);
    await screenshot(page, '34-model-compare-tab');

    // a click on the changed chamber: framed, old and new values side by side
    await kinds.getByRole('button', { name: /^Changed/ }).click();
    await expect.poll(() => panel.getByRole('status').first().textContent()).toContain('1 change');
    await panel.getByRole('list', { name: 'Changes' }).getByRole('button').first().click();
    const values = panel.getByRole('table');
    await values.getByRole('rowheader', { name: /ChamberLengthOrRadius/ }).waitFor();
    const row = values.getByRole('row', { name: /ChamberLengthOrRadius/ });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['0.4', '0.45']);
    await page.waitForTimeout(1500);
    await screenshot(page, '34-model-compare-changed');

    // the filtered list as XLSX
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Export XLSX' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const text = JSON.stringify(sheet.getSheetValues());
    expect(text).toContain('ChamberLengthOrRadius');
    expect(text).not.toContain('2u07$92hL9M9JK_$0m$P6A'); // the removed pipe is filtered out

    // the removed pipe raised as an issue
    await kinds.getByRole('button', { name: /^Changed/ }).click();
    await kinds.getByRole('button', { name: /^Removed/ }).click();
    await expect.poll(() => panel.getByRole('status').first().textContent()).toContain('1 change');
    await panel.getByRole('list', { name: 'Changes' }).getByRole('checkbox').first().check();
    await panel.getByRole('button', { name: 'Raise issues (1)' }).click();
    await panel.getByText('1 issue raised').waitFor();
    await screenshot(page, '34-model-compare-issue');
    const compare = await page.evaluate(
      async ([base, head]) =>
        (await (
          await fetch('/api/model-compares', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ baseVersionId: base, headVersionId: head }),
          })
        ).json()) as ModelCompare,
      versions,
    );
    expect(compare.summary).toMatchObject({ removed: 1, changed: 1, added: 0 });
  });
});
