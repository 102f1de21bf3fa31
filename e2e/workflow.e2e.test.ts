import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { openSharedProcess, signIn } from './support/journeys.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';

const PASSWORD = 'penstock-demo';
const PID = 'RWTW-PID-0101 Inlet Works P&ID.pdf';

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

describe('document review and approval in Chromium', () => {
  let server: RunningPenstock;
  const browsers: Browser[] = [];
  const alerts: string[] = [];

  /** One browser (its own cookies) per user; browser alerts are recorded and accepted. */
  const signedIn = async (email: string): Promise<Page> => {
    const browser = await launchBrowser();
    browsers.push(browser);
    browser.page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await signIn(browser.page, server.url, email, PASSWORD);
    return browser.page;
  };

  /** From the header's count to the hub's list, then the row's Review or Approve button. */
  const openFromHub = async (page: Page, list: 'Pending Review' | 'Pending Approval', action: string) => {
    const bell = page.getByRole('link', { name: /waiting for you/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toMatch(
      list === 'Pending Review' ? /1 review/ : /1 approval/,
    );
    await bell.click();
    await page.waitForURL(/\/personalHub$/);
    await page.getByRole('tab', { name: new RegExp(list) }).click();
    const row = page.getByRole('table', { name: list }).getByRole('row', { name: new RegExp(PID) });
    await row.waitFor();
    await row.getByRole('button', { name: action }).click();
    await page.waitForURL(/\/main$/);
  };

  /** The Complete Review dialog: comment, then Approve; the spec's alert follows. */
  const completeReview = async (page: Page, button: string, comment: string, shot?: string) => {
    await page.locator('.pdf-canvas canvas').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Review' });
    await dialog.getByLabel('Reviewer Comment').fill(comment);
    if (shot) {
      await page.locator('.pdf-canvas canvas').first().waitFor();
      await page.getByText('Loading the drawing…').waitFor({ state: 'detached' });
      await screenshot(page, shot);
    }
    const before = alerts.length;
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => alerts.slice(before)).toContain('Workflow has been updated');
    // the decision closes the dialog, then clears the pending id and the open document (the dialog's own
    // button of the same name goes first: waiting for both at once is ambiguous while it closes)
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: button, exact: true }).waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    server = await startPenstock();
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.stop();
  });

  it('an engineer submits a P&ID for review with a target folder and suitability', async () => {
    const engineer = await signedIn('engineer@penstock.demo');
    await openSharedProcess(engineer);
    await engineer.getByRole('button', { name: PID }).click();
    await engineer.locator('.pdf-canvas canvas').first().waitFor({ timeout: 60_000 });

    await engineer.getByRole('button', { name: 'Workflow', exact: true }).click();
    const panel = engineer.getByRole('region', { name: 'Workflow' });
    const tree = panel.getByLabel('Folder structure');
    await tree.getByRole('button', { name: 'Expand Published' }).click();
    await tree.getByRole('button', { name: 'Drawings', exact: true }).click();
    expect(await panel.getByLabel('Target Folder').inputValue()).toBe('Published/Drawings');
    expect(await panel.getByLabel('Current Document').inputValue()).toContain('P01');

    // Submit without reviewers: the spec's alert, nothing sent
    const before = alerts.length;
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(() => alerts.slice(before))
      .toContain('Please ensure Reviewers, Approves and a Target folder is provided');

    await panel.getByLabel('Reviewers').selectOption({ label: 'Tom Hughes (tm@penstock.demo)' });
    await panel.getByLabel('Approvers').selectOption({ label: 'Sara Patel (sdm@penstock.demo)' });
    await panel.getByLabel('Target suitability').selectOption('A1');
    await panel.getByLabel('Comment').fill('Inlet works P&ID ready for construction issue');
    await panel.getByLabel('Due date').fill('2099-12-31');
    await panel.getByText('Submit For Review', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(engineer, 'workflow-panel');
    await expectNoSeriousA11yViolations(engineer, 'workflow-panel');
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await panel.getByText('Workflow has been submitted').waitFor();

    // under review, the document is held: the Move and Delete tabs say why, and their buttons are off
    await panel.getByRole('tab', { name: 'Move' }).click();
    const held = panel.getByTestId('file-action-refusal');
    await held.getByText(/is under review \(submitted by Erin Walsh on \d{4}-\d{2}-\d{2}\)/).waitFor();
    expect(await held.textContent()).toBe(
      `${PID} is under review (submitted by Erin Walsh on ${new Date().toISOString().slice(0, 10)}): withdraw the workflow before moving it`,
    );
    expect(await panel.getByRole('button', { name: 'Move', exact: true }).isDisabled()).toBe(true);
    await screenshot(engineer, 'workflow-panel-held');
    await panel.getByRole('tab', { name: 'Delete' }).click();
    await panel.getByText(/withdraw the workflow before deleting it$/).waitFor();
    expect(await panel.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
  });

  it('the technical manager reviews it from the project browser, then the senior design manager approves from the hub', async () => {
    // issue 31, item 3: the listed reviewer opens the document from the project browser, not the hub
    const tm = await signedIn('tm@penstock.demo');
    await openSharedProcess(tm);
    await tm.getByRole('button', { name: PID }).click();
    await tm.locator('.pdf-canvas canvas').first().waitFor({ timeout: 60_000 });
    await tm.getByRole('button', { name: 'Review', exact: true }).waitFor();
    // the Workflow panel shows the open workflow, its due date, and a manager's Replace and Withdraw
    await tm.getByRole('button', { name: 'Workflow', exact: true }).click();
    const open = tm.getByRole('region', { name: 'Open workflow' });
    await open.getByText('Due 31/12/2099').waitFor();
    await open.getByRole('button', { name: /^Replace Tom Hughes/ }).waitFor();
    await open.getByRole('button', { name: 'Withdraw...' }).waitFor();
    await open.scrollIntoViewIfNeeded();
    await screenshot(tm, 'workflow-open-in-panel');
    await tm.getByRole('button', { name: 'Close Workflow' }).click();
    await completeReview(tm, 'Review', 'Checked against the process design', 'workflow-complete-review');

    const sdm = await signedIn('sdm@penstock.demo');
    await openFromHub(sdm, 'Pending Approval', 'Approve');
    await completeReview(sdm, 'Approve', 'Approved for construction');
  });

  it('the document is published in Published/Drawings as C01 A1, and My Workflows shows Approved', async () => {
    const engineer = browsers[0]!.page;
    await engineer.goto(`${server.url}/personalHub`);
    const mine = engineer.getByRole('table', { name: 'My Workflows' });
    const row = mine.getByRole('row', { name: new RegExp(PID) });
    await row.getByText('Approved', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Inspect' }).click();
    const inspect = engineer.getByRole('dialog');
    await inspect.getByText('Checked against the process design').first().waitFor();
    await inspect.getByText('Approved for construction').first().waitFor();
    await screenshot(engineer, 'workflow-hub-inspect');
    await inspect.getByRole('button', { name: 'Close' }).first().click();
    await screenshot(engineer, 'workflow-hub');
    await expectNoSeriousA11yViolations(engineer, 'workflow-hub');

    await engineer.goto(`${server.url}/main`);
    await engineer.getByPlaceholder('Select project').click();
    await engineer.keyboard.type('riverside');
    await engineer.keyboard.press('Enter');
    await engineer.getByRole('button', { name: 'Published', exact: true }).click();
    await engineer.getByRole('button', { name: 'Drawings', exact: true }).click();
    const file = engineer.locator('.tree-file-item', { has: engineer.getByRole('button', { name: PID }) });
    expect(await file.locator('.tree-codes').textContent()).toBe('C01 A1');
    await file.hover();
    await file.getByRole('button', { name: 'Versions', exact: true }).click();
    const versions = engineer.getByRole('dialog', { name: `Versions of ${PID}` });
    await versions.getByText(`from Shared/Process/${PID} P01`).waitFor();
    await screenshot(engineer, 'workflow-published-versions');
  });
});
