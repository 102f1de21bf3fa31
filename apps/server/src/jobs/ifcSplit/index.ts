/**
 * An IFC too large to convert in one piece within bounded memory, split into parts that each convert on their
 * own (issue 38): two passes over the file, the first indexing every line's references in typed arrays
 * (stepIndex.ts), the second writing the parts (writeParts.ts) as partition.ts divides the lines. Each part
 * keeps the model's express ids and GlobalIds, the whole context (project, units, spatial structure, types)
 * and its own elements with everything they reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { indexStep, SplitError } from './stepIndex.ts';
import { MAX_PARTS, partition } from './partition.ts';
import { writeParts } from './writeParts.ts';

export { SplitError } from './stepIndex.ts';
export { filterLine } from './writeParts.ts';

export interface SplitResult {
  /** the parts' files, in the model's file order */
  paths: string[];
  /** elements per part */
  elements: number[];
  lines: number;
  /** lines no part could hold whole (left out) */
  dropped: number;
}

/**
 * Splits the IFC open as `fd` into about `size / partBytes` parts (at most 32), written to `dir` as
 * `<prefix>-<n>.ifc`. Fewer parts come out when the elements cannot be divided so far (tied together);
 * one part means the model is best converted whole. Throws SplitError for a file it cannot follow.
 */
export function splitIfc(fd: number, partBytes: number, dir: string, prefix: string): SplitResult {
  const index = indexStep(fd);
  const wanted = Math.max(1, Math.min(MAX_PARTS, Math.ceil(index.size / partBytes)));
  const parts = partition(index, wanted);
  if (parts.partCount === 0) throw new SplitError('it holds no element to divide');
  const paths = Array.from({ length: parts.partCount }, (_, p) => path.join(dir, `${prefix}-${p}.ifc`));
  try {
    if (parts.partCount > 1) writeParts(fd, index, parts, paths);
  } catch (error) {
    for (const file of paths) fs.rmSync(file, { force: true });
    throw error;
  }
  return {
    paths: parts.partCount > 1 ? paths : [],
    elements: parts.elements,
    lines: index.lineCount,
    dropped: parts.dropped,
  };
}
