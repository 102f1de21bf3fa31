/**
 * SIGKILL during a bulk upload with a document register (issue 35 §1, §5): the files are staged, checked row
 * by row against the register, stored, and then every version and its title are recorded in one transaction.
 * Killed at points spread over the call: after the restart the round's files are all listed with their
 * titles or none is, and an acknowledged call is all there.
 */
import crypto from 'node:crypto';
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

const FILES = 12;
const FILE_BYTES = 3 * 1024 * 1024;
const FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9];

const nameOf = (tag: string, n: number) => `fault-bulk-${tag}-${String(n).padStart(2, '0')}.bin`;

async function registerSheet(tag: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Register');
  sheet.addRow(['File name', 'Title', 'Description']);
  for (let n = 0; n < FILES; n++) sheet.addRow([nameOf(tag, n), `Fault ${tag} document ${n}`, 'Bulk']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function bulkUpload(api: Api, folderId: string, tag: string): Promise<void> {
  const form = new FormData();
  form.append('register', new Blob([new Uint8Array(await registerSheet(tag))]), 'register.xlsx');
  for (let n = 0; n < FILES; n++)
    form.append('file', new Blob([crypto.randomBytes(FILE_BYTES)]), nameOf(tag, n));
  await api.api(`/api/folders/${folderId}/bulk-upload`, { method: 'POST', body: form });
}

/** How many of the round's files are recorded, and how many have their title. */
function recorded(target: Target, tag: string) {
  return inspect(target, async (db) => {
    const items = await db
      .selectFrom('items')
      .leftJoin('item_metadata', 'item_metadata.item_id', 'items.id')
      .select(['items.name', 'item_metadata.title'])
      .where('items.name', 'like', `fault-bulk-${tag}-%`)
      .execute();
    const versions = await db
      .selectFrom('versions')
      .select('file_name')
      .where('file_name', 'like', `fault-bulk-${tag}-%`)
      .execute();
    return {
      items: items.length,
      titled: items.filter((item) => item.title?.startsWith(`Fault ${tag}`)).length,
      versions: versions.length,
    };
  });
}

export async function bulkUploadFault(target: Target): Promise<Result> {
  let server = await start(target);
  let engineer = await session(server.url);
  const folder = await engineer.folder('WIP/Process');
  // the first call warms the server up (exceljs, the register's reading): the second is the one to aim at
  const warmUp = await timed(() => bulkUpload(engineer, folder.id, 'warmup'));
  const duration = Math.min(warmUp, await timed(() => bulkUpload(engineer, folder.id, 'calibration')));
  const isAll = (p: Awaited<ReturnType<typeof recorded>>) =>
    p.items === FILES && p.titled === FILES && p.versions === FILES;
  const isNone = (p: Awaited<ReturnType<typeof recorded>>) =>
    p.items === 0 && p.titled === 0 && p.versions === 0;
  let ok = isAll(await recorded(target, 'calibration'));
  const outcomes = [`not killed: ${ok ? 'stored in full' : 'INCOMPLETE'}`];
  for (const [round, fraction] of FRACTIONS.entries()) {
    const tag = `r${round}`;
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(bulkUpload(engineer, folder.id, tag));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    const parts = await recorded(target, tag);
    const all = isAll(parts);
    const none = isNone(parts);
    ok &&= (all || none) && (answer !== 'acknowledged' || all);
    outcomes.push(
      `after ${delay} ms: ${answer}, ${all ? 'stored in full' : none ? 'nothing stored' : `HALF STORED ${JSON.stringify(parts)}`}`,
    );
    server = await start(target);
    engineer = await session(server.url);
  }
  await server.kill();
  return {
    fault: `SIGKILL during a bulk upload with a register (${FILES} files of ${FILE_BYTES / 1024 / 1024} MB, titles; ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
