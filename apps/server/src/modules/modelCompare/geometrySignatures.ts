/**
 * A geometry signature per object of a converted model, read from its .frag with That Open Fragments' own
 * schema classes (run in the compare process, compare.child.ts: the API thread never loads the library).
 *
 * What the .frag holds (IfcImporter): per geometry item, a global transform (where the object stands: its
 * geometry's centre and axes, in the model's coordinates, which are offset by Meshes.coordinates) and
 * samples, each a representation (a shell or a circle extrusion with its bounding box, centred on the item)
 * placed by a local transform. So a moved object changes its global transform only, and a reshaped one its
 * representations (and its centre). The shape checksum hashes, per sample, the representation's class,
 * bounding box and vertex coordinates (0.1 mm) and the local transform; an object's is the sorted samples'.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as flatbuffers from 'flatbuffers';
import { Model, RepresentationClass, type Meshes, type Transform } from '@thatopen/fragments';

const inflate = promisify(zlib.inflate);

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

/** Two 32-bit FNV-1a lanes over 32-bit words, as one number below 2^53 (equal shapes, equal numbers). */
class Checksum {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;
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

function transformInto(sum: Checksum, transform: Transform | null): void {
  if (!transform) return;
  const p = transform.position();
  const x = transform.xDirection();
  const y = transform.yDirection();
  if (p) sum.length(p.x()).length(p.y()).length(p.z());
  if (x) sum.unit(x.x()).unit(x.y()).unit(x.z());
  if (y) sum.unit(y.x()).unit(y.y()).unit(y.z());
}

/** A representation's checksum: its class, bounding box and (for a shell) its points and faces. */
function representationSum(meshes: Meshes, index: number): number {
  const representation = meshes.representations(index);
  const sum = new Checksum();
  if (!representation) return sum.value();
  const kind = representation.representationClass();
  sum.word(kind);
  const box = representation.bbox();
  const min = box?.min();
  const max = box?.max();
  if (min && max)
    sum.length(min.x()).length(min.y()).length(min.z()).length(max.x()).length(max.y()).length(max.z());
  if (kind === RepresentationClass.SHELL) {
    const shell = meshes.shells(representation.id());
    if (shell) {
      const points = shell.pointsLength();
      sum.word(points).word(shell.profilesLength()).word(shell.holesLength());
      for (let i = 0; i < points; i++) {
        const point = shell.points(i);
        if (point) sum.length(point.x()).length(point.y()).length(point.z());
      }
    }
  }
  return sum.value();
}

/** Reads the signatures of a .frag (zlib-compressed as stored, or raw). */
export async function geometrySignatures(frag: Uint8Array): Promise<SignatureColumns> {
  const raw = frag[0] === 0x78 ? new Uint8Array(await inflate(frag)) : frag;
  const model = Model.getRootAsModel(new flatbuffers.ByteBuffer(raw));
  const localIdsOfModel = model.localIdsArray() ?? new Uint32Array(0);
  const meshes = model.meshes();
  const empty: SignatureColumns = {
    localIds: new Uint32Array(0),
    positions: new Float64Array(0),
    directions: new Float64Array(0),
    shapes: new Float64Array(0),
    coordinates: [0, 0, 0],
  };
  if (!meshes) return empty;
  const coordinates = meshes.coordinates()?.position();
  const origin: [number, number, number] = coordinates
    ? [coordinates.x(), coordinates.y(), coordinates.z()]
    : [0, 0, 0];
  const items = meshes.meshesItemsArray() ?? new Uint32Array(0);
  const count = items.length;

  // each sample's checksum, gathered per item
  const representationSums = new Map<number, number>();
  const samplesOf: number[][] = Array.from({ length: count }, () => []);
  const samples = meshes.samplesLength();
  for (let s = 0; s < samples; s++) {
    const sample = meshes.samples(s);
    if (!sample) continue;
    const item = sample.item();
    if (item >= count) continue;
    const representation = sample.representation();
    let repSum = representationSums.get(representation);
    if (repSum === undefined) {
      repSum = representationSum(meshes, representation);
      representationSums.set(representation, repSum);
    }
    const sum = new Checksum().whole(repSum);
    transformInto(sum, meshes.localTransforms(sample.localTransform()));
    samplesOf[item]!.push(sum.value());
  }

  const localIds = new Uint32Array(count);
  const positions = new Float64Array(count * 3);
  const directions = new Float64Array(count * 6);
  const shapes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    localIds[i] = localIdsOfModel[items[i]!] ?? 0xffffffff;
    const global = meshes.globalTransforms(i);
    const p = global?.position();
    const x = global?.xDirection();
    const y = global?.yDirection();
    positions[i * 3] = (p?.x() ?? 0) - origin[0];
    positions[i * 3 + 1] = (p?.y() ?? 0) - origin[1];
    positions[i * 3 + 2] = (p?.z() ?? 0) - origin[2];
    directions.set([x?.x() ?? 1, x?.y() ?? 0, x?.z() ?? 0, y?.x() ?? 0, y?.y() ?? 1, y?.z() ?? 0], i * 6);
    const sum = new Checksum();
    for (const sample of samplesOf[i]!.sort((a, b) => a - b)) sum.whole(sample);
    shapes[i] = sum.value();
  }
  return { localIds, positions, directions, shapes, coordinates: origin };
}
