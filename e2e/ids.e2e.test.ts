import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PenstockViewerHook } from '../apps/web/src/features/viewer/testHook.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ENGINEER, openSharedProcess, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const MODEL = 'RWTW-3D-Treatment-Works.ifc';
const IDS = 'RWTW-IDS-Water-Asset-Data.ids';
const FAILING = '#d93025';
const PASSING = '#2e9e44';

type HookWindow = Window & { __penstockViewer: PenstockViewerHook };
const viewerReady = () =>
  (window as unknown as { __penstockViewer?: { ready: boolean } }).__penstockViewer?.ready === true;

/**
 * Information requirements (issue 36) as a user meets them: the demo project's shipped 'Water asset data'
 * IDS, valid in the project browser and open in the IDS editor; the demo model, checked against it after its
 * conversion, with its result in the viewer's Information requirements panel, coloured by result, and a
 * failing object's failures in its properties.
 */
describe('information requirements in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, ENGINEER.email, ENGINEER.password);
    await openSharedProcess(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the shipped IDS as valid in the project browser and opens it in the IDS editor', async () => {
    const tree = page.getByRole('navigation', { name: 'Project browser' });
    // the file's own row (its folders' rows hold it too)
    const row = tree.locator('li.tree-file-item').filter({ has: page.getByRole('link', { name: IDS }) });
    await row.getByText(/^Valid · \d+ specifications$/).waitFor({ state: 'attached', timeout: 30_000 });
    await row.hover();
    await row.getByRole('button', { name: 'Edit IDS' }).click();
    const editor = page.getByRole('dialog', { name: /IDS editor/ });
    const specifications = editor.getByRole('navigation', { name: 'Specifications' });
    await specifications.getByRole('heading', { name: /^Specifications \(\d+\)$/ }).waitFor();
    await specifications.getByRole('button', { name: /pump/i }).first().click();
    await editor.getByRole('region', { name: 'Requirements' }).waitFor();
    expect(await editor.getByLabel('Name', { exact: true }).inputValue()).toMatch(/pump/i);
    await screenshot(page, 'ids-editor');
    await expectNoSeriousA11yViolations(page, 'ids-editor');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'detached' });
  });

  it("shows the model's check in the Information requirements panel, colours by result and shows an object's failures", async () => {
    await page.getByRole('button', { name: MODEL }).click();
    await page.waitForFunction(viewerReady, undefined, { timeout: 90_000 });
    await page
      .getByRole('toolbar', { name: '3D tools' })
      .getByRole('button', { name: 'Information requirements' })
      .click();
    const panel = page.getByRole('region', { name: 'Information requirements' });
    // the check runs as a job after the conversion: the panel polls until it is done
    const verdict = panel.getByText(/^(Fails \d+ of \d+ specifications.*|Passes all \d+ specifications)\.$/);
    await verdict.waitFor({ timeout: 90_000 });
    expect(await verdict.textContent()).toMatch(/^Fails/);
    const failing = panel.getByRole('list', { name: 'Failing objects' }).first();
    await failing.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'ids-panel');
    await expectNoSeriousA11yViolations(page, 'ids-panel');

    await panel.getByRole('button', { name: 'Colour by result' }).click();
    await page.waitForFunction(
      () =>
        (window as unknown as HookWindow).__penstockViewer.viewer.appearance
          .summary()
          .colourBy?.property.startsWith('Information requirements') === true,
      undefined,
      { timeout: 20_000 },
    );
    const look = await page.evaluate(() =>
      (window as unknown as HookWindow).__penstockViewer.viewer.appearance.state(),
    );
    expect(look.xray).toBe(true);
    const coloured = Object.fromEntries(look.colours.map((entry) => [entry.colour, entry.objects.length]));
    expect(coloured[FAILING]).toBeGreaterThan(0);
    expect(Object.keys(coloured).every((colour) => colour === FAILING || colour === PASSING)).toBe(true);
    await page.waitForFunction(
      () => (window as unknown as HookWindow).__penstockViewer.settled(),
      undefined,
      {
        timeout: 20_000,
      },
    );
    await screenshot(page, 'ids-colour-by-result');

    // a failing object: selected and framed, its properties say what it fails
    await failing.getByRole('listitem').first().getByRole('button').first().click();
    const results = page
      .getByRole('dialog', { name: 'Properties' })
      .getByRole('region', { name: 'Information requirements' });
    await results.getByText(/\d+ failing/).waitFor({ timeout: 20_000 });
    expect(await results.getByText('Found:').count()).toBeGreaterThan(0);
    await screenshot(page, 'ids-object-failures');
  });
});
