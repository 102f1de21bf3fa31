/**
 * SIGKILL inside the transaction that loads a conversion's object index (issue 38): the index is written in
 * batches to a scratch file by the conversion process and loaded by the server in one transaction. The server
 * kills itself there once every row is in and before the commit (PENSTOCK_TEST_KILL_IN_INDEX=1): no row of
 * the index may be left, and the job, started again, must end converted with the whole index.
 */
import { generatePlantIfc } from '@penstock/plantgen';
import { inspect, session, sleep, start, type Result, type Target } from './common.ts';

const ELEMENTS = 3000;

const indexRows = (target: Target, versionId: string) =>
  inspect(target, async (db) => {
    const row = await db
      .selectFrom('model_objects')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('version_id', '=', versionId)
      .executeTakeFirstOrThrow();
    const conversion = await db
      .selectFrom('conversions')
      .select('state')
      .where('version_id', '=', versionId)
      .executeTakeFirst();
    return { rows: Number(row.n), state: conversion?.state ?? 'none' };
  });

/** Waits until no conversion is queued or running (the demo's models, converted at the first start). */
async function conversionsSettled(target: Target): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const open = await inspect(target, (db) =>
      db.selectFrom('conversions').select('version_id').where('state', 'in', ['queued', 'running']).execute(),
    );
    if (!open.length) return;
    await sleep(200);
  }
  throw new Error('the conversions of the first start did not end');
}

export async function indexKillFault(target: Target): Promise<Result> {
  // the demo's own models convert first, without the hook
  let server = await start(target);
  await conversionsSettled(target);
  await server.stop();
  server = await start(target, { PENSTOCK_TEST_KILL_IN_INDEX: '1' });
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  const { api, wip } = await session(server.url);
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from(generatePlantIfc({ elements: ELEMENTS, seed: 11 }))]),
    'index-kill-plant.ifc',
  );
  const uploaded = await api<{ version: { id: string } }>(`/api/folders/${wip.id}/files`, {
    method: 'POST',
    body: form,
  });
  const versionId = uploaded.version.id;
  // the server kills itself inside the index transaction
  const died = await Promise.race([exited.then(() => true), sleep(300_000).then(() => false)]);
  if (!died) await server.kill();
  const afterKill = await indexRows(target, versionId);
  server = await start(target);
  const after = await session(server.url);
  let final = '';
  for (let i = 0; i < 1200; i++) {
    final = (await after.api<{ conversion: { state: string } }>(`/api/models/${versionId}`)).conversion.state;
    if (final === 'done' || final === 'failed') break;
    await sleep(100);
  }
  await server.kill();
  const end = await indexRows(target, versionId);
  return {
    fault: `SIGKILL inside the transaction loading a conversion's object index (${ELEMENTS.toLocaleString('en')}-element plant)`,
    database: target.database,
    rounds: 1,
    outcome: `${died ? 'killed in the index transaction' : 'never reached the index transaction'}: ${afterKill.rows} index rows left (job ${afterKill.state}); after the restart: ${final}, ${end.rows} rows`,
    ok: died && afterKill.rows === 0 && final === 'done' && end.rows > ELEMENTS,
  };
}
