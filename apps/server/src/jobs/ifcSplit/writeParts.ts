/**
 * Writes the parts of a partitioned IFC (partition.ts) in one more pass over the file: each part is a valid
 * IFC with the file's own header, its lines in the file's order with their own express ids (so the parts'
 * ids and GlobalIds are the model's), and the relationships it shares with other parts cut down to its
 * members.
 */
import fs from 'node:fs';
import type { Partition } from './partition.ts';
import type { StepIndex } from './stepIndex.ts';

const FOOTER = Buffer.from('ENDSEC;\nEND-ISO-10303-21;\n', 'latin1');
const NEWLINE = 0x0a;

/** A file written through a buffer of its own. */
class Output {
  private readonly fd: number;
  private readonly buffer = Buffer.alloc(1 << 20);
  private used = 0;
  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'w');
  }
  write(bytes: Uint8Array): void {
    if (this.used + bytes.length + 1 > this.buffer.length) this.flush();
    if (bytes.length + 1 > this.buffer.length) {
      fs.writeSync(this.fd, bytes);
      fs.writeSync(this.fd, Buffer.from('\n'));
      return;
    }
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
    this.buffer[this.used++] = NEWLINE;
  }
  flush(): void {
    if (this.used) fs.writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }
  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The line with the references in its lists that `keep` refuses left out; null when a reference outside a
 * list is refused or a list that named something is left empty (the line then has no place in the part).
 */
export function filterLine(line: Uint8Array, keep: (id: number) => boolean): Buffer | null {
  const out: Uint8Array[] = [];
  let copied = 0;
  let depth = 0;
  let inString = false;
  /** the current list at depth 2: where its items start, how many it had and kept */
  let itemStart = -1;
  let listItems = 0;
  let listKept = 0;
  /** where the kept part of the current list's text ends (for the commas) */
  let pendingComma = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inString) {
      if (c === 0x27) inString = false;
      continue;
    }
    if (c === 0x27) inString = true;
    else if (c === 0x28) {
      depth++;
      if (depth === 2) {
        itemStart = i + 1;
        listItems = 0;
        listKept = 0;
        pendingComma = false;
        out.push(line.subarray(copied, i + 1));
        copied = i + 1;
      }
    } else if (c === 0x23 && depth === 1) {
      let id = 0;
      let j = i + 1;
      while (j < line.length && isDigit(line[j]!)) id = id * 10 + line[j++]! - 0x30;
      if (!keep(id)) return null;
      i = j - 1;
    } else if ((c === 0x2c || c === 0x29) && depth === 2) {
      // an item of the list ends: [itemStart, i)
      let a = itemStart;
      let b = i;
      while (a < b && isSpace(line[a]!)) a++;
      while (b > a && isSpace(line[b - 1]!)) b--;
      if (b > a) {
        listItems++;
        let drop = false;
        if (line[a] === 0x23) {
          let id = 0;
          let j = a + 1;
          while (j < b && isDigit(line[j]!)) id = id * 10 + line[j++]! - 0x30;
          drop = j === b && !keep(id);
        }
        if (!drop) {
          if (pendingComma) out.push(Buffer.from(','));
          out.push(line.subarray(a, b));
          pendingComma = true;
          listKept++;
        }
      }
      itemStart = i + 1;
      copied = i;
      if (c === 0x29) {
        depth--;
        if (listItems > 0 && listKept === 0) return null;
      }
    } else if (c === 0x29) depth--;
  }
  out.push(line.subarray(copied));
  return Buffer.concat(out);
}

/** Writes part p of the partition to paths[p], for every part, in one pass over the file open as `fd`. */
export function writeParts(fd: number, index: StepIndex, parts: Partition, paths: string[]): void {
  const outputs = paths.map((path) => new Output(path));
  try {
    for (const output of outputs) output.write(index.header);
    const { starts, lengths, shared, mask, rewrite } = {
      ...index,
      ...parts,
    };
    let buffer = Buffer.alloc(16 * 1024 * 1024);
    let bufferStart = 0;
    let bufferEnd = 0;
    for (let line = 0; line < index.lineCount; line++) {
      const inShared = shared[line] === 1;
      const bits = mask[line]!;
      if (!inShared && !bits) continue;
      const start = starts[line]!;
      const length = lengths[line]!;
      if (start < bufferStart || start + length > bufferEnd) {
        if (length > buffer.length) buffer = Buffer.alloc(length * 2);
        bufferStart = start;
        bufferEnd = start + fs.readSync(fd, buffer, 0, buffer.length, start);
      }
      const text = buffer.subarray(start - bufferStart, start - bufferStart + length);
      if (inShared) {
        for (const output of outputs) output.write(text);
        continue;
      }
      for (let p = 0; p < outputs.length; p++) {
        const bit = 1 << p;
        if (!(bits & bit)) continue;
        const written = rewrite[line]
          ? filterLine(text, (id) => {
              const target = index.lineOf(id);
              return target < 0 || shared[target] === 1 || (mask[target]! & bit) !== 0;
            })
          : text;
        if (written) outputs[p]!.write(written);
      }
    }
    for (const output of outputs) output.write(FOOTER.subarray(0, FOOTER.length - 1));
  } finally {
    for (const output of outputs) output.close();
  }
}
