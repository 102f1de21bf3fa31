/**
 * First load (issue 15, aim 7): the gzipped size of every script the built app loads, in a fresh Chromium
 * (empty cache), (a) on the sign-in page '/', (b) in the signed-in shell at /main before any model is opened
 * and (c) after choosing the demo project in the finder (its folders listed, still no model open). Each
 * script's body is gzipped here (zlib, default level), so the figure does not depend on whether the server
 * compresses. Part of `npm run bench:model`; alone (minutes, not hours):
 *   npm run bench:firstload [-- --dist apps/web/dist]
 * which builds the web app into a temporary folder (or uses --dist), starts Penstock on a fresh data
 * folder, measures, and writes its section into bench/results/latest.md (replacing an earlier one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { openBrowser } from './browser.ts';
import { buildWebApp, DEMO_PROJECT, startServer, type PenstockServer } from './penstockServer.ts';
import { repoRoot } from './serverBench.ts';

/** the aim: at most this many gzipped bytes of script before a model is opened */
export const FIRST_LOAD_AIM_BYTES = 150 * 1024;

export interface FirstLoadRow {
  page: string;
  /** whether the aim applies to the row */
  aimed: boolean;
  scripts: { name: string; bytes: number; gzipBytes: number }[];
  error?: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** collects the bodies of every script response of the page until stop() */
function collectScripts(page: Page) {
  const pending: Promise<FirstLoadRow['scripts'][number] | null>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    const url = response.url();
    if (type !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          name: new URL(url).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body).length,
        }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    const scripts = (await Promise.all(pending)).filter((s) => s !== null);
    // a script fetched twice (preload, then import) counts once
    const byName = new Map(scripts.map((s) => [s.name, s]));
    return [...byName.values()].sort((x, y) => y.gzipBytes - x.gzipBytes);
  };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // a lazy chunk requested by a render after the network went quiet
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

async function measurePage(
  label: string,
  aimed: boolean,
  run: (page: Page, context: Awaited<ReturnType<typeof openBrowser>>['context']) => Promise<void>,
): Promise<FirstLoadRow> {
  const session = await openBrowser();
  const stop = collectScripts(session.page);
  try {
    await run(session.page, session.context);
    await settle(session.page);
    return { page: label, aimed, scripts: await stop() };
  } catch (error) {
    return {
      page: label,
      aimed,
      scripts: await stop(),
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    };
  } finally {
    await session.close();
  }
}

export async function benchFirstLoad(
  server: Pick<PenstockServer, 'url' | 'cookie'>,
): Promise<FirstLoadRow[]> {
  const signedIn = async (context: Awaited<ReturnType<typeof openBrowser>>['context']) => {
    const [name, value] = server.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
  };
  const rows: FirstLoadRow[] = [];
  rows.push(
    await measurePage("(a) sign-in page '/'", true, async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Penstock project viewer' }).waitFor();
    }),
  );
  rows.push(
    await measurePage('(b) signed-in shell at /main, no project chosen', true, async (page, context) => {
      await signedIn(context);
      await page.goto(`${server.url}/main`);
      await page.getByPlaceholder('Select project').waitFor();
    }),
  );
  rows.push(
    await measurePage(
      '(c) /main after choosing the demo project (for information: the viewer code is preloaded here on purpose)',
      false,
      async (page, context) => {
        await signedIn(context);
        await page.goto(`${server.url}/main`);
        await page.getByPlaceholder('Select project').click();
        await page.keyboard.type(DEMO_PROJECT.slice(0, 12).toLowerCase());
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: 'Archived', exact: true }).waitFor();
      },
    ),
  );
  return rows;
}

const total = (row: FirstLoadRow, field: 'bytes' | 'gzipBytes') =>
  row.scripts.reduce((sum, s) => sum + s[field], 0);

/** the section of the bench table: one row per page, the aim marked met or not met */
export function renderFirstLoad(rows: FirstLoadRow[] | string | undefined): string {
  const lines = ['## First load (script before a model is opened)', ''];
  if (rows === undefined) return [...lines, 'not run'].join('\n');
  if (typeof rows === 'string') return [...lines, `not measured: ${rows}`].join('\n');
  lines.push(
    '| page | scripts | raw | gzipped | aim ≤ 150 kB gzipped | largest (gzipped) |',
    '|---|---|---|---|---|---|',
  );
  for (const row of rows) {
    const gz = total(row, 'gzipBytes');
    const aim = row.error
      ? `not measured (${row.error})`
      : !row.aimed
        ? '–'
        : gz <= FIRST_LOAD_AIM_BYTES
          ? '**met**'
          : '**not met**';
    const largest = row.scripts
      .slice(0, 5)
      .map((s) => `${path.basename(s.name)} ${kb(s.gzipBytes)}`)
      .join(', ');
    lines.push(
      `| ${row.page} | ${row.scripts.length} | ${kb(total(row, 'bytes'))} | ${kb(gz)} | ${aim} | ${largest} |`,
    );
  }
  return lines.join('\n');
}

/** the aim's line for the Aims list */
export function firstLoadAim(rows: FirstLoadRow[] | string | undefined): string {
  const text =
    'Sign-in page and signed-in shell load at most 150 kB of gzipped script before a model is opened';
  if (rows === undefined || typeof rows === 'string' || rows.some((r) => r.aimed && r.error))
    return `- ${text}: **not measured**`;
  const aimed = rows.filter((r) => r.aimed);
  const met = aimed.every((r) => total(r, 'gzipBytes') <= FIRST_LOAD_AIM_BYTES);
  return `- ${text}: **${met ? 'met' : 'not met'}** (${aimed.map((r) => kb(total(r, 'gzipBytes'))).join(', ')})`;
}

const SECTION = /## First load[^\n]*\n[\s\S]*?(?=\n## |$)/;

/** replaces (or appends) the first-load section of bench/results/latest.md */
function writeSection(section: string) {
  const file = path.join(repoRoot, 'bench/results/latest.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Model benchmark\n';
  const stamp = `${section}\n\n(measured alone by \`npm run bench:firstload\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  const after = SECTION.test(before) ? before.replace(SECTION, stamp) : `${before.trimEnd()}\n\n${stamp}\n`;
  fs.writeFileSync(file, after.endsWith('\n') ? after : `${after}\n`);
}

async function main() {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-bench-firstload-'));
  try {
    let webDist = values.dist ? path.resolve(values.dist) : path.join(tmp, 'web');
    if (!values.dist) {
      console.log('[bench:firstload] building the web app');
      await buildWebApp(webDist, path.join(tmp, 'vite-cache-web'));
    } else if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error(`${webDist} holds no built web app`);
    }
    webDist = path.resolve(webDist);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(dataDir);
    console.log('[bench:firstload] starting Penstock');
    const server = await startServer(dataDir, webDist);
    let rows: FirstLoadRow[];
    try {
      rows = await benchFirstLoad(server);
    } finally {
      await server.stop();
    }
    const section = `${renderFirstLoad(rows)}\n\n${firstLoadAim(rows)}`;
    writeSection(section);
    console.log(section);
    for (const row of rows) {
      console.log(`\n${row.page}:`);
      for (const s of row.scripts) console.log(`  ${kb(s.gzipBytes).padStart(10)}  ${s.name}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
