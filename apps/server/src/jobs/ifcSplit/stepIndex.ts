/**
 * One streaming pass over a STEP file (an IFC) that indexes each entity line: where its text is, its class and
 * the lines it references, all in typed arrays (a million-element plant has about 22 million lines: an
 * object per line would take gigabytes). The file is read a chunk at a time; nothing keeps its text.
 */
import fs from 'node:fs';

/** A chunk of the file read at a time (a line longer than this grows the buffer). */
const CHUNK = 16 * 1024 * 1024;
/** Ids far sparser than the lines would make the id table huge: such a file is not split. */
const MAX_ID = 256 * 1024 * 1024;

/** A reference's attribute: its index at the top level (0…127), with IN_LIST when it sits in a list. */
export const IN_LIST = 0x80;
export const ATTR_MASK = 0x7f;

export class SplitError extends Error {}

/**
 * Growable typed lists, one class per element type: a single generic class would see every kind of typed
 * array at its one push, which V8 then cannot specialise (it took most of the pass).
 */
class IntList {
  length = 0;
  data = new Int32Array(1 << 20);
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
class FloatList {
  length = 0;
  data = new Float64Array(1 << 20);
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}
class ByteList {
  length = 0;
  data = new Uint8Array(1 << 20);
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
}

export interface StepIndex {
  /** the file's bytes before the first entity line (the header, through DATA;) */
  header: Buffer;
  size: number;
  lineCount: number;
  /** per line, in file order */
  ids: Int32Array;
  starts: Float64Array;
  lengths: Int32Array;
  types: Int32Array;
  /** line i references refs[refStarts[i] … refStarts[i + 1]) (express ids), with their attributes in refAttrs */
  refStarts: Int32Array;
  refs: Int32Array;
  refAttrs: Uint8Array;
  /** class names (upper case) by type code */
  typeNames: string[];
  /** the line of an express id, -1 for none */
  lineOf(id: number): number;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isNameChar = (c: number) =>
  (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x5f;

/** Where the first entity line may start: just after the DATA; of the header. */
function dataStart(fd: number): number {
  const head = Buffer.alloc(1024 * 1024);
  const read = fs.readSync(fd, head, 0, head.length, 0);
  const match = /(^|[\r\n;\s])DATA\s*;/.exec(head.subarray(0, read).toString('latin1'));
  if (!match) throw new SplitError('no DATA section in the first megabyte');
  return match.index + match[0].length;
}

/**
 * Index the file open as `fd`. Throws SplitError for a file this reader does not follow (then it is converted
 * in one piece, as before).
 */
export function indexStep(fd: number): StepIndex {
  const size = fs.fstatSync(fd).size;
  const begin = dataStart(fd);
  const header = Buffer.alloc(begin);
  fs.readSync(fd, header, 0, begin, 0);

  const ids = new IntList();
  const starts = new FloatList();
  const lengths = new IntList();
  const types = new IntList();
  const refStarts = new IntList();
  const refs = new IntList();
  const refAttrs = new ByteList();
  const typeCodes = new Map<string, number>();
  const typeNames: string[] = [];
  let maxId = 0;

  let buf = Buffer.alloc(CHUNK);
  /** the file offset of buf[0] */
  let base = begin;
  let filled = fs.readSync(fd, buf, 0, buf.length, base);
  let pos = 0;
  let ended = false;

  /** Moves the unread rest to the front and reads on; false at the end of the file. */
  const refill = (): boolean => {
    const rest = filled - pos;
    if (base + filled >= size) return false;
    if (rest === buf.length) {
      const bigger = Buffer.alloc(buf.length * 2);
      buf.copy(bigger, 0, pos, filled);
      buf = bigger;
    } else buf.copy(buf, 0, pos, filled);
    base += pos;
    pos = 0;
    filled = rest + fs.readSync(fd, buf, rest, buf.length - rest, base + rest);
    return true;
  };

  /**
   * Scans the entity line starting at buf[pos] ('#'): its end (after ';'), or -1 when the buffer ends first.
   * Its references are pushed (and taken back by the caller when it is incomplete).
   */
  const scanLine = (): number => {
    let i = pos + 1;
    let id = 0;
    while (i < filled && isDigit(buf[i]!)) id = id * 10 + buf[i++]! - 0x30;
    while (i < filled && isSpace(buf[i]!)) i++;
    if (i >= filled) return -1;
    if (buf[i] !== 0x3d) throw new SplitError(`line #${id}: '=' expected`);
    i++;
    while (i < filled && isSpace(buf[i]!)) i++;
    const nameStart = i;
    while (i < filled && isNameChar(buf[i]!)) i++;
    const nameEnd = i;
    while (i < filled && isSpace(buf[i]!)) i++;
    if (i >= filled) return -1;
    if (buf[i] !== 0x28) throw new SplitError(`line #${id}: '(' expected`);
    i++;
    let depth = 1;
    let attr = 0;
    let inString = false;
    for (; i < filled; i++) {
      const c = buf[i]!;
      if (inString) {
        if (c === 0x27) inString = false;
        continue;
      }
      if (c === 0x27) inString = true;
      else if (c === 0x28) depth++;
      else if (c === 0x29) depth--;
      else if (c === 0x2c) {
        if (depth === 1) attr++;
      } else if (c === 0x23) {
        let ref = 0;
        let j = i + 1;
        while (j < filled && isDigit(buf[j]!)) ref = ref * 10 + buf[j++]! - 0x30;
        if (j >= filled) return -1;
        refs.push(ref);
        refAttrs.push(Math.min(attr, ATTR_MASK) | (depth >= 2 ? IN_LIST : 0));
        i = j - 1;
      } else if (c === 0x3b && depth === 0) {
        const name = buf.toString('latin1', nameStart, nameEnd).toUpperCase();
        let type = typeCodes.get(name);
        if (type === undefined) {
          type = typeNames.length;
          typeCodes.set(name, type);
          typeNames.push(name);
        }
        if (id > maxId) maxId = id;
        ids.push(id);
        starts.push(base + pos);
        lengths.push(i + 1 - pos);
        types.push(type);
        return i + 1;
      }
    }
    return -1;
  };

  refStarts.push(0);
  while (!ended) {
    if (pos >= filled && !refill()) break;
    const c = buf[pos]!;
    if (isSpace(c)) {
      pos++;
      continue;
    }
    if (c === 0x23) {
      const refMark = refs.length;
      const end = scanLine();
      if (end < 0) {
        refs.length = refMark;
        refAttrs.length = refMark;
        if (!refill()) throw new SplitError('the file ends inside an entity line');
        continue;
      }
      refStarts.push(refs.length);
      pos = end;
      continue;
    }
    if (c === 0x2f) {
      // a comment: /* … */
      const close = buf.indexOf('*/', pos + 2, 'latin1');
      if (close < 0) {
        if (!refill()) throw new SplitError('the file ends inside a comment');
        continue;
      }
      pos = close + 2;
      continue;
    }
    if (c === 0x45) {
      if (filled - pos < 7 && refill()) continue;
      if (buf.toString('latin1', pos, pos + 6) === 'ENDSEC') {
        ended = true;
        break;
      }
    }
    throw new SplitError(`unexpected text at byte ${base + pos}`);
  }
  if (!ended) throw new SplitError('no ENDSEC after the entity lines');
  if (maxId > MAX_ID) throw new SplitError('its ids are too sparse to split');

  const lineIds = ids.done();
  const table = new Int32Array(maxId + 1).fill(-1);
  for (let line = 0; line < lineIds.length; line++) table[lineIds[line]!] = line;
  return {
    header,
    size,
    lineCount: lineIds.length,
    ids: lineIds,
    starts: starts.done(),
    lengths: lengths.done(),
    types: types.done(),
    refStarts: refStarts.done(),
    refs: refs.done(),
    refAttrs: refAttrs.done(),
    typeNames,
    lineOf: (id) => (id >= 0 && id < table.length ? table[id]! : -1),
  };
}
