/** Deterministic pseudo-random numbers and IFC GlobalIds; nothing here reads the clock or Math.random. */

/** Mixes a 32-bit value (murmur3 finaliser): a bijection on 32-bit integers. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A small seeded generator (mulberry32) with the helpers the plant layout needs. */
export class Rng {
  private state: number;

  constructor(seed: number, stream = 0) {
    this.state = mix32((seed >>> 0) ^ mix32(stream + 0x9e3779b9));
  }

  /** Next unsigned 32-bit integer. */
  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

const IFC_BASE64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** Encodes 128 bits (four 32-bit words, most significant first) as a 22-character IFC GlobalId. */
export function encodeIfcGuid(words: readonly [number, number, number, number]): string {
  let bits = 0n;
  for (const word of words) bits = (bits << 32n) | BigInt(word >>> 0);
  const chars: string[] = [];
  for (let i = 0; i < 22; i++) {
    chars.push(IFC_BASE64[Number(bits & 63n)] as string);
    bits >>= 6n;
  }
  return chars.reverse().join('');
}

/**
 * GlobalIds derived from a seed and a running counter: unique within a file, different between seeds.
 */
export class GuidSource {
  private counter = 0;
  private readonly key: number;

  constructor(seed: number) {
    this.key = mix32((seed >>> 0) + 0x51ed270b);
  }

  next(): string {
    // d is a bijection of the counter (unique ids); a, b and c are derived from it (random looking).
    const d = mix32((this.counter++ ^ this.key) >>> 0);
    const a = mix32((d + 0x68e31da4) >>> 0);
    const b = mix32((a ^ this.key ^ 0x1b56c4e9) >>> 0);
    const c = mix32((b + 0x7f4a7c15) >>> 0);
    return encodeIfcGuid([a, b, c, d]);
  }
}
