import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ModelTree } from './modelTree.types.ts';

const gzip = promisify(zlib.gzip);

/** A tree answer ready to send: its JSON, and the same gzipped (about a sixth of the size). */
export interface EncodedTree {
  json: Buffer;
  gzip: Buffer;
}

/** Encodes a tree once; gzip runs on libuv's thread pool, off the event loop. */
export async function encodeTree(tree: ModelTree): Promise<EncodedTree> {
  const json = Buffer.from(JSON.stringify(tree));
  return { json, gzip: await gzip(json, { level: 6 }) };
}

/**
 * The last few trees answered, encoded. A converted model's tree only changes when it is converted again,
 * which changes the key (it holds the conversion's finish time); the oldest entry goes first when full.
 */
export class EncodedTreeCache {
  private readonly entries = new Map<string, Promise<EncodedTree>>();

  constructor(private readonly capacity = 8) {}

  /** The cached answer for the key, else the built one (built once even when asked for twice at once). */
  get(key: string, build: () => Promise<EncodedTree>): Promise<EncodedTree> {
    const cached = this.entries.get(key);
    if (cached) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const built = build();
    this.entries.set(key, built);
    // a failed build is not kept
    built.catch(() => this.entries.delete(key));
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return built;
  }
}
