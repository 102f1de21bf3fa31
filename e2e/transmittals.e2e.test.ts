import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { ENGINEER, signIn } from './support/journeys.ts';

const CONTENT = 'Inlet works general arrangement, revision notes\n';

/** The engineer's session issues a transmittal of a file it uploads to an outside address (no issue dialog yet). */
async function issueToOutside(page: Page): Promise<{ number: string; url: string }> {
  return page.evaluate(async (content) => {
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
    const uploaded = await json(`/api/folders/${wip.id}/files`, { method: 'POST', body: form });
    const issued = await json(`/api/projects/${project.id}/transmittals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        versionIds: [uploaded.version.id],
        purpose: 'For review and acceptance',
        message: 'Please review and accept the inlet works GA.',
        dueDate: '2099-01-31',
        outside: [{ email: 'sam.site@contractor.example', name: 'Sam Site' }],
      }),
    });
    return { number: issued.transmittal.number as string, url: issued.links[0].url as string };
  }, CONTENT);
}

/**
 * Transmittals (issue 35 §3): the engineer issues a file to an outside address; the contractor opens the link
 * signed out, downloads the file, acknowledges and responds; the engineer sees the response in the hub.
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
    const { number, url } = await issueToOutside(sender.page);
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
    await screenshot(sender.page, 'transmittal-sender-status');

    // the link is this transmittal's only: a made-up token opens nothing
    await page.goto(`${server.url}/transmittal/${'x'.repeat(43)}`);
    await page.getByText('This link does not open anything.').waitFor();
  }, 120_000);
});
