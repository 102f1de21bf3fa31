/** SIGKILL during a model conversion: the job is queued again at start and ends converted. */
import { generatePlantIfc } from '@penstock/plantgen';
import { session, sleep, start, type Result, type Target } from './common.ts';

export async function conversionFault(target: Target): Promise<Result> {
  let server = await start(target);
  const { api, wip } = await session(server.url);
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from(generatePlantIfc({ elements: 3000, seed: 4 }))]),
    'fault-plant.ifc',
  );
  const uploaded = await api<{ version: { id: string } }>(`/api/folders/${wip.id}/files`, {
    method: 'POST',
    body: form,
  });
  const versionId = uploaded.version.id;
  let state = '';
  for (let i = 0; i < 600 && state !== 'running'; i++) {
    state = (await api<{ conversion: { state: string } }>(`/api/models/${versionId}`)).conversion.state;
    if (state !== 'running') await sleep(50);
  }
  await sleep(300);
  await server.kill();
  server = await start(target);
  const after = await session(server.url);
  let final = '';
  let error: string | null = null;
  for (let i = 0; i < 1200; i++) {
    const info = await after.api<{ conversion: { state: string; error: string | null } }>(
      `/api/models/${versionId}`,
    );
    final = info.conversion.state;
    error = info.conversion.error;
    if (final === 'done' || final === 'failed') break;
    await sleep(100);
  }
  await server.kill();
  return {
    fault: 'SIGKILL during a model conversion (3,000-element plant)',
    database: target.database,
    rounds: 1,
    outcome: `killed while ${state}; after the restart: ${final}${error ? ` (${error})` : ''}`,
    ok: final === 'done',
  };
}
