import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ByteBuffer } from 'flatbuffers';

const inflate = promisify(zlib.inflate);

/**
 * Where the two tables sit in That Open's Fragments schema (the `__offset` slots its generated `Model` and
 * `Meshes` classes read): Model.localIds, Model.meshes, Meshes.meshesItems. Read here with the FlatBuffers
 * runtime alone, so the API thread never loads the Fragments library (three, web-ifc) for it; the tests
 * compare the result with the library's own reader on a real .frag.
 */
const MODEL_LOCAL_IDS = 12;
const MODEL_MESHES = 16;
const MESHES_ITEMS = 6;

function uint32Vector(bb: ByteBuffer, table: number, slot: number): Uint32Array | null {
  const offset = bb.__offset(table, slot);
  if (!offset) return null;
  const start = bb.__vector(table + offset);
  const length = bb.__vector_len(table + offset);
  const values = new Uint32Array(length);
  for (let i = 0; i < length; i++) values[i] = bb.readUint32(start + i * 4);
  return values;
}

/**
 * The localId of every Fragments geometry item of a converted model (entry i for item i), read from the
 * .frag's own tables (meshes.meshesItems → localIds), as the viewer's worker maps a picked item. The
 * browser's GPU picking reads item ids; with this table it names the object without a worker round trip.
 * The .frag is zlib-compressed (pako in That Open's writer); inflating runs on the thread pool.
 * 0xffffffff marks an item without an object.
 */
export async function itemLocalIds(frag: Uint8Array): Promise<Uint32Array> {
  const raw = frag[0] === 0x78 ? new Uint8Array(await inflate(frag)) : frag;
  const bb = new ByteBuffer(raw);
  const model = bb.readInt32(bb.position()) + bb.position();
  const localIds = uint32Vector(bb, model, MODEL_LOCAL_IDS);
  const meshesOffset = bb.__offset(model, MODEL_MESHES);
  const items = meshesOffset ? uint32Vector(bb, bb.__indirect(model + meshesOffset), MESHES_ITEMS) : null;
  const result = new Uint32Array(items?.length ?? 0);
  if (!items || !localIds) return result.fill(0xffffffff);
  for (let i = 0; i < items.length; i++) result[i] = localIds[items[i]!] ?? 0xffffffff;
  return result;
}

/** The item table as served (GET /api/models/:versionId/items) and stored: uint32 little-endian each. */
export function itemTableBytes(ids: Uint32Array): Buffer {
  const bytes = Buffer.alloc(ids.length * 4);
  for (let i = 0; i < ids.length; i++) bytes.writeUInt32LE(ids[i]!, i * 4);
  return bytes;
}
