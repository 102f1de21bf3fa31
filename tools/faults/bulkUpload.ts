/**
 * SIGKILL during a bulk upload with its register (issue 35 §1, §5): six files of 2 MB and an .xlsx register
 * with their titles go in one multipart call; every row is checked, the files are staged, then every item,
 * version and title is written in one transaction. After the restart the round's package is there in full
 * (six files in WIP/Process, each with its title) or not at all, and the staging folder is empty.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  inspect,
  outcomeOf,
  session,
  sleep,
  start,
  timed,
  type Api,
  type Result,
  type Target,
} from './common.ts';

const FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.85, 1];
const FILES = 6;
const SIZE = 2 * 1024 * 1024;

const nameOf = (tag: string, index: number) => `fault-bulk-${tag}-${index}.bin`;

async function sendPackage(engineer: Api, folderId: string, tag: string) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Register');
  sheet.addRow(['File name', 'Title', 'Description']);
  for (let index = 0; index < FILES; index++)
    sheet.addRow([nameOf(tag, index), `Fault ${tag} drawing ${index}`, 'bulk upload fault round']);
  const form = new FormData();
  form.append('register', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'register.xlsx');
  for (let index = 0; index < FILES; index++)
    form.append('file', new Blob([crypto.randomBytes(SIZE)]), nameOf(tag, index));
  return engineer.api(`/api/folders/${folderId}/bulk-upload`, { method: 'POST', body: form });
}

/** The round's files and titles as recorded. */
function recorded(target: Target, tag: string) {
  return inspect(target, async (db) => {
    const items = await db
      .selectFrom('items')
      .select('id')
      .where('name', 'like', `fault-bulk-${tag}-%`)
      .where('deleted_at', 'is', null)
      .execute();
    const titles = items.length
      ? await db
          .selectFrom('item_metadata')
          .select('title')
          .where(
            'item_id',
            'in',
            items.map((item) => item.id),
          )
          .where('title', 'like', `Fault ${tag} drawing %`)
          .execute()
      : [];
    return { files: items.length, titles: titles.length };
  });
}

const staging = (target: Target) => {
  const folder = path.join(target.dataDir, 'staging');
  return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
};

export async function bulkUploadFault(target: Target): Promise<Result> {
  let server = await start(target);
  let engineer = await session(server.url);
  let folder = await engineer.folder('WIP/Process');
  const duration = await timed(() => sendPackage(engineer, folder.id, 'calibration'));
  const whole = await recorded(target, 'calibration');
  const isWhole = (p: typeof whole) => p.files === FILES && p.titles === FILES;
  const isNone = (p: typeof whole) => p.files === 0 && p.titles === 0;
  let ok = isWhole(whole);
  const outcomes = [`not killed: ${ok ? 'stored in full' : `INCOMPLETE ${JSON.stringify(whole)}`}`];
  for (const [round, fraction] of FRACTIONS.entries()) {
    const tag = `r${round}`;
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(sendPackage(engineer, folder.id, tag));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    const parts = await recorded(target, tag);
    server = await start(target);
    // start-up clears what a killed upload left staged
    const staged = staging(target);
    const all = isWhole(parts);
    const none = isNone(parts);
    ok &&= (all || none) && staged === 0 && (answer !== 'acknowledged' || all);
    outcomes.push(
      `after ${delay} ms: ${answer}, ${all ? 'stored in full' : none ? 'not stored' : `HALF STORED ${JSON.stringify(parts)}`}${staged ? `, ${staged} staged files left` : ''}`,
    );
    engineer = await session(server.url);
    folder = await engineer.folder('WIP/Process');
  }
  await server.kill();
  return {
    fault: `SIGKILL during a bulk upload with its register (${FILES} files of 2 MB and their titles; ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
