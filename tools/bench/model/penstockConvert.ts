/**
 * Penstock's conversion as the server runs it: the file is stored as a new IFC version of a project, which
 * queues it on ConversionJobs (worker thread: web-ifc object index in bulk, IfcImporter .frag), then the
 * .frag goes into the blob store and the object index into model_objects (SQLite). Timed from the version
 * being added to the queue being idle.
 *   node --import tsx tools/bench/model/penstockConvert.ts <file.ifc> <out.frag>
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestPenstock } from '../../../apps/server/src/test/harness.ts';
import { report, sampleRss } from './child.ts';

const [ifcPath, outPath] = process.argv.slice(2);
if (!ifcPath || !outPath) throw new Error('usage: penstockConvert.ts <file.ifc> <out.frag>');

const penstock = await createTestPenstock('sqlite', { PENSTOCK_MAX_UPLOAD_MB: '2048' });
try {
  const user = await penstock.createUser();
  const project = await penstock.createProject('Bench', [{ userId: user.id, role: 'member' }]);
  const cookie = await penstock.signIn(user.email);
  const blob = await penstock.blobs.putFile(ifcPath);

  // as on a server between uploads: the conversion worker has loaded its libraries (paid once, not per job)
  await penstock.jobs.workerReady();
  const rss = sampleRss();
  const start = performance.now();
  const { version } = await penstock.files.addFile(
    user,
    { projectId: project.id, folderId: project.folders.Archived! },
    path.basename(ifcPath),
    blob,
  );
  await penstock.jobs.idle();
  const ms = performance.now() - start;
  const sampledPeakMb = rss.stop();

  const get = (url: string) => penstock.app.inject({ method: 'GET', url, headers: { cookie } });
  const info = (await get(`/api/models/${version.id}`)).json() as {
    objectCount: number;
    conversion: { state: string; error: string | null };
  };
  if (info.conversion.state !== 'done') {
    report({ ms, sampledPeakMb, bytes: 0, error: info.conversion.error ?? info.conversion.state });
  } else {
    const frag = (await get(`/api/models/${version.id}/fragments`)).rawPayload;
    fs.writeFileSync(outPath, frag);
    report({ ms, sampledPeakMb, bytes: frag.byteLength, objects: info.objectCount });
  }
} catch (error) {
  report({ ms: 0, sampledPeakMb: 0, bytes: 0, error: String(error) });
} finally {
  await penstock.destroy();
}
process.exit(0);
