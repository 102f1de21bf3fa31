import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startPenstock, type RunningPenstock } from './support/server.ts';
import { signIn } from './support/journeys.ts';

const MANAGER = { email: 'tm@penstock.demo', password: 'penstock-demo' };

/**
 * Container names and the register (issue 35): the project manager adds a role code to the naming standard,
 * uploads a conforming and a non-conforming drawing into WIP, the move of the non-conforming one into Shared
 * is refused with the field's message, the register lists both and exports to Excel, a third drawing is
 * bulk-uploaded with its register sheet, and the project browser's list view shows WIP/Civil's files with
 * their titles and parsed name fields, sorted and filtered.
 */
describe('the document register in Chromium', () => {
  let server: RunningPenstock;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startPenstock();
    browser = await launchBrowser();
    page = browser.page;
    await signIn(page, server.url, MANAGER.email, MANAGER.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets a code list, warns and refuses by name, and exports the register', async () => {
    await page.getByPlaceholder('Select project').click();
    await page.keyboard.type('riverside');
    await page
      .getByRole('option', { name: /^Riverside/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Document register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Document register' });
    await dialog.getByRole('tab', { name: 'Naming standard' }).click();
    const roles = dialog.getByLabel('Role codes');
    await roles.fill(`${await roles.inputValue()}\nQ Quality`);
    await dialog.getByRole('button', { name: 'Save standard' }).click();
    await dialog.getByText('The naming standard is saved.').waitFor();
    await screenshot(page, 'register-naming-standard');

    const projectId = await page.evaluate(async () => {
      const projects = (await (await fetch('/api/tree?id=%23')).json()) as Array<{
        id: string;
        text: string;
      }>;
      return projects.find((p) => p.text.startsWith('Riverside'))!.id;
    });
    const folders = await page.evaluate(async (id) => {
      const top = (await (await fetch(`/api/tree?id=${encodeURIComponent(id)}`)).json()) as Array<{
        id: string;
        text: string;
      }>;
      const idOf = async (name: string, child: string) => {
        const parent = top.find((f) => f.text === name)!;
        const children = (await (
          await fetch(`/api/tree?id=${encodeURIComponent(parent.id)}`)
        ).json()) as Array<{ id: string; text: string }>;
        return children.find((f) => f.text === child)!.id;
      };
      return { wip: await idOf('WIP', 'Civil'), shared: await idOf('Shared', 'Civil') };
    }, projectId);
    const upload = (name: string) =>
      page.evaluate(
        async ({ folder, name }) => {
          const form = new FormData();
          form.append('file', new Blob(['%PDF-1.4\n']), name);
          const response = await fetch(`/api/folders/${folder}/files`, { method: 'POST', body: form });
          return { status: response.status, body: await response.json() };
        },
        { folder: folders.wip, name },
      );
    const good = await upload('RWTW-PSK-IW-00-DR-Q-0101.pdf');
    expect(good.status).toBe(201);
    expect(good.body.nameWarning).toBeUndefined();
    const bad = await upload('RWTW-PSK-IW-00-DR-Z-0102.pdf');
    expect(bad.status).toBe(201);
    expect(bad.body.nameWarning).toContain("Role 'Z' is not in the code list");
    const moved = await page.evaluate(
      async ({ projectId, item, version, folder }) => {
        const form = new FormData();
        form.append(
          'formData',
          JSON.stringify({ projectId, documentId: version, itemId: item, uploadFolderId: folder }),
        );
        const response = await fetch('/api/workflow/move', { method: 'POST', body: form });
        return { status: response.status, body: await response.json() };
      },
      { projectId, item: bad.body.item.id, version: bad.body.version.id, folder: folders.shared },
    );
    expect(moved.status).toBe(422);
    expect(moved.body.error).toContain(
      "Role 'Z' is not in the code list: use one of A, C, E, M, P, S, W, X, K, Q",
    );

    await dialog.getByRole('tab', { name: 'Register' }).click();
    const table = dialog.getByRole('table', { name: 'Document register' });
    await table.getByRole('cell', { name: /RWTW-PSK-IW-00-DR-Z-0102\.pdf/ }).waitFor();
    await dialog.getByLabel('Name or title contains').fill('RWTW-PSK');
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await screenshot(page, 'register-list');
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/register\.xlsx$/);
    await dialog.getByRole('tab', { name: 'Delivery plan' }).click();
    await dialog.getByRole('table', { name: 'Delivery plan' }).getByText('late').waitFor();
    await screenshot(page, 'register-delivery-plan');

    // a drawing bulk-uploaded with its register sheet (checked first, then stored with its title)
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-bulk-'));
    const drawing = path.join(work, 'RWTW-PSK-IW-00-DR-Q-0103.pdf');
    fs.writeFileSync(drawing, '%PDF-1.4\n% inlet screens\n');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Register').addRows([
      ['File name', 'Title', 'Type'],
      ['RWTW-PSK-IW-00-DR-Q-0103.pdf', 'Inlet screens GA', 'DR'],
    ]);
    await book.xlsx.writeFile(path.join(work, 'register.xlsx'));
    await dialog.getByRole('tab', { name: 'Bulk upload' }).click();
    await dialog.getByRole('option', { name: 'WIP/Civil' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Folder').selectOption({ label: 'WIP/Civil' });
    await dialog.getByLabel('Register (.xlsx)').setInputFiles(path.join(work, 'register.xlsx'));
    await dialog.getByLabel('Files').setInputFiles(drawing);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('The row passes. Nothing is stored yet: Upload to store it.').waitFor();
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await dialog.getByText('Stored 1 file with its title in WIP/Civil.').waitFor();
    await screenshot(page, 'register-bulk-upload');
    fs.rmSync(work, { recursive: true, force: true });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // the project browser's list view: WIP/Civil's files with their parsed fields, sorted and filtered
    const browser = page.getByRole('navigation', { name: 'Project browser' });
    await browser.getByRole('button', { name: 'List', exact: true }).click();
    await browser.getByRole('list', { name: 'Folders' }).getByRole('button', { name: 'WIP' }).click();
    await browser.getByRole('list', { name: 'Folders' }).getByRole('button', { name: 'Civil' }).click();
    const list = browser.getByRole('table', { name: 'Files in Civil' });
    const listed = list.getByRole('row', { name: /RWTW-PSK-IW-00-DR-Q-0101\.pdf/ });
    await listed.waitFor();
    expect(await listed.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['WIP', 'S0', 'RWTW', 'PSK', 'IW', '00', 'DR', 'Q', '0101']),
    );
    await list
      .getByRole('row', { name: /RWTW-PSK-IW-00-DR-Q-0103\.pdf/ })
      .getByText('Inlet screens GA')
      .waitFor();
    await list.getByRole('button', { name: 'Role' }).click();
    await expect
      .poll(() => list.getByRole('columnheader', { name: /Role/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    await list.getByLabel('Filter Role').fill('z');
    await expect.poll(() => list.getByRole('row').count()).toBe(3); // headings, filters, the Z drawing
    await list.getByRole('row', { name: /RWTW-PSK-IW-00-DR-Z-0102\.pdf/ }).waitFor();
    await list.getByLabel('Filter Role').fill('');
    await screenshot(page, 'register-browser-list');
  }, 120_000);
});
