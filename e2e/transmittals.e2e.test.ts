import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const CONTENT = 'Inlet works general arrangement, revision notes\n';

/** Puts a file in the demo project's WIP as the engineer (setup: the upload has its own journeys). */
async function uploadToWip(page: Page): Promise<void> {
  await page.evaluate(async (content) => {
    const json = async (url: string, init?: RequestInit) => {
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    type Node = { id: string; text: string };
    const projects = (await json('/api/tree?id=%23')) as Node[];
    const project = projects.find((p) => p.text.startsWith('Riverside'))!;
    const folders = (await json(`/api/tree?id=${encodeURIComponent(project.id)}`)) as Node[];
    const wip = folders.find((f) => f.text === 'WIP')!;
    const form = new FormData();
    form.append('file', new Blob([content]), 'RWTW-GA-0101.txt');
    await json(`/api/folders/${wip.id}/files`, { method: 'POST', body: form });
  }, CONTENT);
}

/** The engineer issues the file to an outside address through the project browser's Issue transmittal dialog. */
async function issueToOutside(page: Page, url: string): Promise<{ number: string; url: string }> {
  await uploadToWip(page);
  await page.goto(`${url}/main`);
  await page.getByPlaceholder('Select project').click();
  await page.keyboard.type('riverside');
  await page
    .getByRole('option', { name: /^Riverside/ })
    .first()
    .waitFor();
  await page.keyboard.press('Enter');
  await page
    .getByRole('navigation', { name: 'Project browser' })
    .getByRole('button', { name: 'Issue transmittal' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Issue a transmittal' });
  await dialog.getByRole('checkbox', { name: 'RWTW-GA-0101.txt' }).check();
  await dialog.getByLabel('Purpose of issue').selectOption('For review and acceptance');
  await dialog.getByLabel('Response due').fill('2099-01-31');
  await dialog.getByLabel('Message').fill('Please review and accept the inlet works GA.');
  await dialog.getByLabel('Outside recipients').fill('Sam Site <sam.site@contractor.example>');
  await screenshot(page, 'transmittal-issue-dialog');
  await dialog.getByRole('button', { name: 'Issue', exact: true }).click();
  await dialog.getByText(/issued to 1 recipient/).waitFor();
  await dialog.getByRole('link', { name: 'Cover sheet (PDF)' }).waitFor();
  await screenshot(page, 'transmittal-issued');
  const number = (await dialog.locator('.alert-success strong').textContent()) ?? '';
  const link = (await dialog.locator('code').first().textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Done' }).click();
  return { number, url: link };
}

/**
 * Transmittals (issue 35 §3): the engineer issues a file to an outside address through the Issue transmittal
 * dialog; the contractor opens the link signed out, downloads the file, acknowledges and responds; the engineer
 * sees the response and the download in the hub, revokes the link and finds it in the project's register.
 */
describe('transmittals in Chromium', () => {
  let server: RunningPenstock;
  let sender: Awaited<ReturnType<typeof launchBrowser>>;
  let outside: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    server = await startPenstock();
    sender = await launchBrowser();
    outside = await launchBrowser();
    await signIn(sender.page, server.url, ENGINEER.email, ENGINEER.password);
  }, 150_000);
  afterAll(async () => {
    await outside?.close();
    await sender?.close();
    await server?.stop();
  });

  it('issues to an outside address, who downloads, acknowledges and responds; the sender sees it', async () => {
    const { number, url } = await issueToOutside(sender.page, server.url);
    expect(number).toMatch(/^[A-Z0-9]+-TRN-0001$/);
    const link = new URL(url);

    // the contractor, signed out, opens the link
    const page = outside.page;
    await page.goto(`${server.url}${link.pathname}`);
    await page.getByRole('heading', { name: new RegExp(`Transmittal ${number}`) }).waitFor();
    await screenshot(page, 'transmittal-outside-link');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'RWTW-GA-0101.txt' }).click(),
    ]);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(CONTENT);
    await page.getByRole('button', { name: 'Acknowledge receipt' }).click();
    await page.getByRole('heading', { name: /Acknowledged/ }).waitFor();
    await page.getByLabel('Response', { exact: true }).selectOption('accepted with comments');
    await page.getByLabel('Comment', { exact: true }).fill('Accepted; see note on the weir level.');
    await page.getByRole('button', { name: 'Send response' }).click();
    await page.getByText('Your response: Accepted with comments. Thank you.').waitFor();
    await screenshot(page, 'transmittal-outside-responded');

    // the sender sees it in the Personal hub
    await sender.page.goto(`${server.url}/personalHub`);
    await sender.page.getByRole('tab', { name: 'Transmittals' }).click();
    await sender.page.getByRole('button', { name: /Sent/ }).click();
    const sent = sender.page.getByRole('table', { name: 'Sent transmittals' });
    await sent.getByText('1 acknowledged, 1 responded').waitFor();
    await sent.getByRole('button', { name: 'Open' }).click();
    const recipients = sender.page.getByRole('table', { name: 'Recipients' });
    await recipients.getByText('Accepted with comments: Accepted; see note on the weir level.').waitFor();
    // the sender sees the contractor's download in the access log, and revokes the link
    const log = sender.page.getByRole('table', { name: 'Access log' });
    await log.getByRole('cell', { name: 'download' }).first().waitFor();
    await screenshot(sender.page, 'transmittal-sender-status');
    sender.page.once('dialog', (confirm) => void confirm.accept());
    await sender.page.getByRole('button', { name: 'Revoke the link of sam.site@contractor.example' }).click();
    await sender.page.getByRole('table', { name: 'Outside links' }).getByText('Revoked').waitFor();
    await sender.page.keyboard.press('Escape');

    // the project's register lists it, with the XLSX export
    await sender.page.getByRole('button', { name: 'Project register' }).click();
    await sender.page.getByRole('table', { name: 'Transmittal register' }).getByText(number).waitFor();
    await sender.page.getByRole('link', { name: 'Export to XLSX' }).waitFor();
    await screenshot(sender.page, 'transmittal-register');

    // the revoked link opens nothing, and neither does a made-up token
    await page.goto(`${server.url}${link.pathname}`);
    await page.getByText('This link does not open anything.').waitFor();
    await page.goto(`${server.url}/transmittal/${'x'.repeat(43)}`);
    await page.getByText('This link does not open anything.').waitFor();
  }, 120_000);
});
