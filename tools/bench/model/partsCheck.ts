/**
 * The .frag files of a model converted in parts (partsImport.ts) checked together: how many items carry
 * geometry, whether any of them is in more than one part, and which GlobalIds more than one part holds (the
 * spatial structure every part carries).
 *   node --import tsx tools/bench/model/partsCheck.ts <part-0.frag> <part-1.frag> …
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ByteBuffer } from 'flatbuffers';
import { Model } from '@thatopen/fragments';
const geom = new Map<number, number>();
const guids = new Map<string, number>();
let items = 0;
for (const f of process.argv.slice(2)) {
  const bytes = fs.readFileSync(f);
  const raw = bytes[0] === 0x78 ? zlib.inflateSync(bytes) : bytes;
  const m = Model.getRootAsModel(new ByteBuffer(new Uint8Array(raw)));
  items += m.localIdsLength();
  const meshes = m.meshes()!;
  const local = m.localIdsArray()!;
  for (let i = 0; i < meshes.meshesItemsLength(); i++) {
    const id = local[meshes.meshesItems(i)!]!;
    geom.set(id, (geom.get(id) ?? 0) + 1);
  }
  for (let i = 0; i < m.guidsLength(); i++) guids.set(m.guids(i), (guids.get(m.guids(i)) ?? 0) + 1);
}
const dupGeom = [...geom.values()].filter((n) => n > 1).length;
console.log(
  JSON.stringify({
    items,
    withGeometry: geom.size,
    geometryInSeveralParts: dupGeom,
    guids: guids.size,
    guidsInSeveralParts: [...guids.values()].filter((n) => n > 1).length,
  }),
);
process.exit(0);
