import fs from 'node:fs';
import * as FRAGS from '@thatopen/fragments';
for (const f of process.argv.slice(2)) {
  const m = new FRAGS.SingleThreadedFragmentsModel(f, new Uint8Array(fs.readFileSync(f)));
  const ids = m.getLocalIds();
  console.log(f.split('/').pop(), JSON.stringify(m.getCoordinates()), 'items', ids.length, 'withGeom', m.getItemsIdsWithGeometry().length, 'max', m.getMaxLocalId());
}
