/**
 * A geometry signature per object of a converted model, read from its .frag with the FlatBuffers runtime
 * alone (as itemIndex.ts reads the item table): the server never loads That Open Fragments (three, web-ifc)
 * for it, which took seconds per job in a process of its own. The slots and struct layouts below are those
 * of Fragments' generated schema classes (Model, Meshes, Sample, Representation, Transform, Shell); the
 * tests compare this reader with the library's own on a real .frag.
 *
 * What the .frag holds (IfcImporter): per geometry item, a global transform (where the object stands: its
 * geometry's centre and axes, in the model's coordinates, offset by Meshes.coordinates) and samples, each a
 * representation (a shell or a circle extrusion with its bounding box, centred on the item) placed by a local
 * transform. So a moved object changes its global transform only, and a reshaped one its representations
 * (and its centre). The shape checksum hashes, per sample, the representation's class, bounding box and
 * vertex coordinates (to 0.1 mm) and the local transform; an object's is that of its sorted samples.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ByteBuffer } from 'flatbuffers';
import type { GeometrySignature } from './modelDiff.ts';

const inflate = promisify(zlib.inflate);

// table slots (vtable offsets) and struct sizes of Fragments' schema
const MODEL_LOCAL_IDS = 12;
const MODEL_MESHES = 16;
const MESHES_COORDINATES = 4;
const MESHES_ITEMS = 6;
const MESHES_SAMPLES = 8;
const MESHES_REPRESENTATIONS = 10;
const MESHES_SHELLS = 16;
const MESHES_LOCAL_TRANSFORMS = 18;
const MESHES_GLOBAL_TRANSFORMS = 20;
const SHELL_PROFILES = 4;
const SHELL_HOLES = 6;
const SHELL_POINTS = 8;
/** Sample: item, material, representation, localTransform (uint32 each) */
const SAMPLE_SIZE = 16;
/** Representation: id (uint32), bbox (6 float32), class (int8), padding */
const REPRESENTATION_SIZE = 32;
/** Transform: position (3 float64), xDirection (3 float32), yDirection (3 float32) */
const TRANSFORM_SIZE = 48;
const SHELL_CLASS = 1;

/** Signatures of every object with geometry, in columns (entry i of each for object i). */
export interface SignatureColumns {
  localIds: Uint32Array;
  /** x, y, z of each object's origin, in the model's coordinates less Meshes.coordinates */
  positions: Float64Array;
  /** the x axis then the y axis of each object (6 numbers each) */
  directions: Float64Array;
  /** the shape checksum of each object */
  shapes: Float64Array;
  /** Meshes.coordinates' position: a position above plus this is where the viewer draws it */
  coordinates: [number, number, number];
}

/** Two 32-bit FNV-1a-like lanes over 32-bit words, as one number below 2^53 (equal shapes, equal numbers). */
class Checksum {
  private a = 0x811c9dc5;
  private b = 0x2c9277b5;
  word(value: number): this {
    const v = value | 0;
    this.a = Math.imul(this.a ^ v, 0x01000193);
    this.b = Math.imul(this.b ^ ((v << 7) | (v >>> 25)), 0x5bd1e995) ^ (this.b >>> 13);
    return this;
  }
  /** a length in metres, to 0.1 mm */
  length(value: number): this {
    const scaled = Math.round(value * 10_000);
    return this.word(scaled).word(Math.floor(scaled / 0x1_0000_0000));
  }
  /** a whole number below 2^53 (another checksum) */
  whole(value: number): this {
    return this.word(value % 0x1_0000_0000).word(Math.floor(value / 0x1_0000_0000));
  }
  /** a direction component, to 1e-5 */
  unit(value: number): this {
    return this.word(Math.round(value * 100_000));
  }
  value(): number {
    return (this.a >>> 0) * 0x20_0000 + ((this.b >>> 0) & 0x1f_ffff);
  }
}

/** The start of a table's vector in slot `slot` and its length; [0, 0] when absent. */
function vector(bb: ByteBuffer, table: number, slot: number): [start: number, length: number] {
  const offset = bb.__offset(table, slot);
  if (!offset) return [0, 0];
  return [bb.__vector(table + offset), bb.__vector_len(table + offset)];
}

function transformInto(sum: Checksum, bb: ByteBuffer, at: number): void {
  sum
    .length(bb.readFloat64(at))
    .length(bb.readFloat64(at + 8))
    .length(bb.readFloat64(at + 16));
  for (let k = 0; k < 6; k++) sum.unit(bb.readFloat32(at + 24 + k * 4));
}

/** A representation's checksum: its class, bounding box and (for a shell) its points, faces and holes. */
function representationSum(bb: ByteBuffer, at: number, shells: [number, number]): number {
  const sum = new Checksum();
  const kind = bb.readInt8(at + 28);
  sum.word(kind);
  for (let k = 0; k < 6; k++) sum.length(bb.readFloat32(at + 4 + k * 4));
  if (kind === SHELL_CLASS) {
    const id = bb.readUint32(at);
    if (id < shells[1]) {
      const shell = bb.__indirect(shells[0] + id * 4);
      const [points, count] = vector(bb, shell, SHELL_POINTS);
      sum
        .word(count)
        .word(vector(bb, shell, SHELL_PROFILES)[1])
        .word(vector(bb, shell, SHELL_HOLES)[1]);
      for (let i = 0; i < count * 3; i++) sum.length(bb.readFloat32(points + i * 4));
    }
  }
  return sum.value();
}

/** Lets the server answer requests between slices of a large model's tables. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const SLICE = 5_000;

/** Reads the signatures of a .frag (zlib-compressed as stored, or raw). */
export async function geometrySignatures(frag: Uint8Array): Promise<SignatureColumns> {
  const raw = frag[0] === 0x78 ? new Uint8Array(await inflate(frag)) : frag;
  const bb = new ByteBuffer(raw);
  const model = bb.readInt32(bb.position()) + bb.position();
  const [localIdsAt, localIdCount] = vector(bb, model, MODEL_LOCAL_IDS);
  const meshesOffset = bb.__offset(model, MODEL_MESHES);
  if (!meshesOffset)
    return {
      localIds: new Uint32Array(0),
      positions: new Float64Array(0),
      directions: new Float64Array(0),
      shapes: new Float64Array(0),
      coordinates: [0, 0, 0],
    };
  const meshes = bb.__indirect(model + meshesOffset);
  const coordinatesOffset = bb.__offset(meshes, MESHES_COORDINATES);
  const origin: [number, number, number] = coordinatesOffset
    ? [
        bb.readFloat64(meshes + coordinatesOffset),
        bb.readFloat64(meshes + coordinatesOffset + 8),
        bb.readFloat64(meshes + coordinatesOffset + 16),
      ]
    : [0, 0, 0];
  const [itemsAt, count] = vector(bb, meshes, MESHES_ITEMS);
  const [samplesAt, sampleCount] = vector(bb, meshes, MESHES_SAMPLES);
  const [representationsAt, representationCount] = vector(bb, meshes, MESHES_REPRESENTATIONS);
  const shells = vector(bb, meshes, MESHES_SHELLS);
  const [localTransformsAt, localTransformCount] = vector(bb, meshes, MESHES_LOCAL_TRANSFORMS);
  const [globalTransformsAt, globalTransformCount] = vector(bb, meshes, MESHES_GLOBAL_TRANSFORMS);

  // each sample's checksum, gathered per item
  const representationSums = new Map<number, number>();
  const samplesOf: number[][] = Array.from({ length: count }, () => []);
  for (let s = 0; s < sampleCount; s++) {
    if (s % SLICE === SLICE - 1) await breathe();
    const at = samplesAt + s * SAMPLE_SIZE;
    const item = bb.readUint32(at);
    const representation = bb.readUint32(at + 8);
    const localTransform = bb.readUint32(at + 12);
    if (item >= count || representation >= representationCount) continue;
    let repSum = representationSums.get(representation);
    if (repSum === undefined) {
      repSum = representationSum(bb, representationsAt + representation * REPRESENTATION_SIZE, shells);
      representationSums.set(representation, repSum);
    }
    const sum = new Checksum().whole(repSum);
    if (localTransform < localTransformCount)
      transformInto(sum, bb, localTransformsAt + localTransform * TRANSFORM_SIZE);
    samplesOf[item]!.push(sum.value());
  }

  const localIds = new Uint32Array(count);
  const positions = new Float64Array(count * 3);
  const directions = new Float64Array(count * 6);
  const shapes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    if (i % SLICE === SLICE - 1) await breathe();
    const index = bb.readUint32(itemsAt + i * 4);
    localIds[i] = index < localIdCount ? bb.readUint32(localIdsAt + index * 4) : 0xffffffff;
    if (i < globalTransformCount) {
      const at = globalTransformsAt + i * TRANSFORM_SIZE;
      for (let k = 0; k < 3; k++) positions[i * 3 + k] = bb.readFloat64(at + k * 8) - origin[k]!;
      for (let k = 0; k < 6; k++) directions[i * 6 + k] = bb.readFloat32(at + 24 + k * 4);
    }
    const sum = new Checksum();
    for (const sample of samplesOf[i]!.sort((a, b) => a - b)) sum.whole(sample);
    shapes[i] = sum.value();
  }
  return { localIds, positions, directions, shapes, coordinates: origin };
}

/** The signatures by localId, as the diff reads them. */
export function signatureMap(columns: SignatureColumns): Map<number, GeometrySignature> {
  const map = new Map<number, GeometrySignature>();
  const { localIds, positions: p, directions: d, shapes } = columns;
  for (let i = 0; i < localIds.length; i++) {
    const id = localIds[i]!;
    if (id === 0xffffffff) continue;
    const signature: GeometrySignature = {
      position: [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!],
      xDirection: [d[i * 6]!, d[i * 6 + 1]!, d[i * 6 + 2]!],
      yDirection: [d[i * 6 + 3]!, d[i * 6 + 4]!, d[i * 6 + 5]!],
      shape: shapes[i]!,
    };
    const known = map.get(id);
    // an object drawn as several items: its shape is all of theirs, it stands where its first one stands
    map.set(id, known ? { ...known, shape: (known.shape * 31 + signature.shape) % 2 ** 52 } : signature);
  }
  return map;
}

/**
 * Where the viewer draws each wanted object, by localId: its first geometry item's global transform (the
 * geometry's centre, in the model's coordinates as the viewer places them), as a compare places a change's
 * issue pin. Objects without geometry are left out. Reads the item, localId and transform tables only.
 */
export async function objectCentres(
  frag: Uint8Array,
  wanted: ReadonlySet<number>,
): Promise<Map<number, [number, number, number]>> {
  const centres = new Map<number, [number, number, number]>();
  if (!wanted.size) return centres;
  const raw = frag[0] === 0x78 ? new Uint8Array(await inflate(frag)) : frag;
  const bb = new ByteBuffer(raw);
  const model = bb.readInt32(bb.position()) + bb.position();
  const [localIdsAt, localIdCount] = vector(bb, model, MODEL_LOCAL_IDS);
  const meshesOffset = bb.__offset(model, MODEL_MESHES);
  if (!meshesOffset) return centres;
  const meshes = bb.__indirect(model + meshesOffset);
  const [itemsAt, count] = vector(bb, meshes, MESHES_ITEMS);
  const [globalTransformsAt, globalTransformCount] = vector(bb, meshes, MESHES_GLOBAL_TRANSFORMS);
  for (let i = 0; i < Math.min(count, globalTransformCount); i++) {
    const index = bb.readUint32(itemsAt + i * 4);
    if (index >= localIdCount) continue;
    const localId = bb.readUint32(localIdsAt + index * 4);
    if (!wanted.has(localId) || centres.has(localId)) continue;
    const at = globalTransformsAt + i * TRANSFORM_SIZE;
    centres.set(localId, [bb.readFloat64(at), bb.readFloat64(at + 8), bb.readFloat64(at + 16)]);
  }
  return centres;
}
