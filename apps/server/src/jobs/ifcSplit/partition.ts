/**
 * Which lines of an indexed IFC (stepIndex.ts) each part holds. Every part holds the context (the project,
 * its units and contexts, the spatial structure, type objects, groups, and the relationships among them, with
 * everything they reference); the elements are divided among the parts in file order, each part about the
 * same size, elements tied by a relationship that cannot be divided (an opening and its wall, a port and its
 * element, an assembly, a connection) kept together; each element with everything it references; each
 * relationship that lists elements of several parts in every one of them, its list cut down to the part's own
 * (rewrite); lines nothing references (styled items, material and layer assignments) with what they point at.
 */
import { Kind, kindOf } from './classes.ts';
import { IN_LIST, ATTR_MASK, type StepIndex } from './stepIndex.ts';

/** At most this many parts (a part's membership is a bit of a 32-bit mask per line). */
export const MAX_PARTS = 32;

export interface Partition {
  partCount: number;
  /** 1 for a line every part holds */
  shared: Uint8Array;
  /** bit p: part p holds the line */
  mask: Uint32Array;
  /** 1 for a line whose references in lists are cut down to what the part holds */
  rewrite: Uint8Array;
  /** elements per part */
  elements: number[];
  /** lines that no part could hold whole (a connection between elements of different parts): none so far */
  dropped: number;
}

/** A stack of line numbers for the depth-first walks. */
class Stack {
  data = new Int32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  pop(): number {
    return this.data[--this.length]!;
  }
}

export function partition(index: StepIndex, partCount: number): Partition {
  const { lineCount, refStarts, refs, refAttrs, lengths } = index;
  const kinds = new Uint8Array(index.typeNames.length);
  index.typeNames.forEach((name, type) => (kinds[type] = kindOf(name)));
  const kindOfLine = (line: number) => kinds[index.types[line]!]!;
  const shared = new Uint8Array(lineCount);
  const stack = new Stack();

  /** Everything `start` references, into the shared context. */
  const shareFrom = (start: number) => {
    if (shared[start]) return;
    shared[start] = 1;
    stack.push(start);
    while (stack.length) {
      const line = stack.pop();
      for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
        const target = index.lineOf(refs[r]!);
        if (target >= 0 && !shared[target]) {
          shared[target] = 1;
          stack.push(target);
        }
      }
    }
  };
  const isElement = (line: number) => kindOfLine(line) === Kind.Element && !shared[line];

  // 1. the context, and the relationships that name no element outside it
  for (let line = 0; line < lineCount; line++) if (kindOfLine(line) === Kind.Context) shareFrom(line);
  for (let line = 0; line < lineCount; line++) {
    if (kindOfLine(line) !== Kind.Relationship) continue;
    let elements = false;
    for (let r = refStarts[line]!; r < refStarts[line + 1]! && !elements; r++) {
      const target = index.lineOf(refs[r]!);
      elements = target >= 0 && isElement(target);
    }
    if (!elements) shareFrom(line);
  }

  // 2. elements tied together: by a relationship that names elements other than in one list, or when one
  // element references another
  const parent = new Int32Array(lineCount);
  for (let line = 0; line < lineCount; line++) parent[line] = line;
  const find = (line: number): number => {
    let root = line;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[line] !== root) {
      const next = parent[line]!;
      parent[line] = root;
      line = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  /** divisible relationships: every element they name sits in one list attribute */
  for (let line = 0; line < lineCount; line++) {
    if (kindOfLine(line) !== Kind.Relationship || shared[line]) continue;
    let listAttr = -1;
    let divisible = true;
    for (let r = refStarts[line]!; r < refStarts[line + 1]! && divisible; r++) {
      const target = index.lineOf(refs[r]!);
      if (target < 0 || !isElement(target)) continue;
      const attr = refAttrs[r]!;
      if (!(attr & IN_LIST) || (listAttr >= 0 && listAttr !== (attr & ATTR_MASK))) divisible = false;
      listAttr = attr & ATTR_MASK;
    }
    if (divisible) continue;
    let first = -1;
    for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
      const target = index.lineOf(refs[r]!);
      if (target < 0 || !isElement(target)) continue;
      if (first < 0) first = target;
      else union(first, target);
    }
  }
  const stamp = new Int32Array(lineCount);
  const weight = new Float64Array(lineCount);
  for (let element = 0; element < lineCount; element++) {
    if (!isElement(element)) continue;
    stamp[element] = element + 1;
    stack.push(element);
    let bytes = 0;
    while (stack.length) {
      const line = stack.pop();
      bytes += lengths[line]!;
      for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
        const target = index.lineOf(refs[r]!);
        if (target < 0 || shared[target] || stamp[target] === element + 1) continue;
        stamp[target] = element + 1;
        if (isElement(target)) union(element, target);
        else stack.push(target);
      }
    }
    weight[element] = bytes;
  }

  // 3. the groups, in file order, into parts of about equal size
  let total = 0;
  for (let line = 0; line < lineCount; line++) if (isElement(line)) total += weight[line]!;
  const groupWeight = new Float64Array(lineCount);
  for (let line = 0; line < lineCount; line++) if (isElement(line)) groupWeight[find(line)]! += weight[line]!;
  const partOfRoot = new Int32Array(lineCount).fill(-1);
  const target = total / partCount;
  let before = 0;
  for (let line = 0; line < lineCount; line++) {
    if (!isElement(line)) continue;
    const root = find(line);
    if (partOfRoot[root]! >= 0) continue;
    const w = groupWeight[root]!;
    partOfRoot[root] = Math.min(partCount - 1, Math.floor((before + w / 2) / target));
    before += w;
  }
  // parts that got no element are left out, the others numbered on
  const used = new Int32Array(partCount).fill(-1);
  let count = 0;
  for (let line = 0; line < lineCount; line++) {
    if (!isElement(line)) continue;
    const p = partOfRoot[find(line)]!;
    if (used[p]! < 0) used[p] = count++;
  }
  const partOf = (line: number) => used[partOfRoot[find(line)]!]!;

  // 4. each part's elements and relationships, with what they reference
  const mask = new Uint32Array(lineCount);
  const rewrite = new Uint8Array(lineCount);
  const elements = new Array<number>(count).fill(0);
  /** `start` and what it references into part p: never an element of another part */
  const takeInto = (start: number, p: number, skipDirect?: (r: number) => boolean) => {
    const bit = 1 << p;
    mask[start]! |= bit;
    stack.push(start);
    let top = true;
    while (stack.length) {
      const line = stack.pop();
      const direct = top && line === start;
      top = false;
      for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
        const t = index.lineOf(refs[r]!);
        if (t < 0 || shared[t] || mask[t]! & bit) continue;
        if (direct && skipDirect?.(r)) continue;
        if (isElement(t) && partOf(t) !== p) continue;
        mask[t]! |= bit;
        stack.push(t);
      }
    }
  };
  for (let line = 0; line < lineCount; line++) {
    if (!isElement(line)) continue;
    const p = partOf(line);
    elements[p]!++;
    takeInto(line, p);
  }
  for (let line = 0; line < lineCount; line++) {
    if (kindOfLine(line) !== Kind.Relationship || shared[line]) continue;
    let parts = 0;
    for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
      const t = index.lineOf(refs[r]!);
      if (t >= 0 && isElement(t)) parts |= 1 << partOf(t);
    }
    if (parts & (parts - 1)) rewrite[line] = 1;
    for (let p = 0; p < count; p++) if (parts & (1 << p)) takeInto(line, p);
  }

  // 5. lines nothing references: with the part(s) holding what they point at, or shared
  const anchored = new Uint8Array(lineCount);
  for (let line = 0; line < lineCount; line++) if (mask[line]) anchored[line] = 1;
  let dropped = 0;
  for (let line = 0; line < lineCount; line++) {
    if (shared[line] || mask[line]) continue;
    let singular = 0xffffffff;
    let hasSingular = false;
    let listed = 0;
    for (let r = refStarts[line]!; r < refStarts[line + 1]!; r++) {
      const t = index.lineOf(refs[r]!);
      if (t < 0 || !anchored[t]) continue;
      if (refAttrs[r]! & IN_LIST) listed |= mask[t]!;
      else {
        singular &= mask[t]!;
        hasSingular = true;
      }
    }
    const targets = hasSingular ? singular : listed;
    if (!hasSingular && !listed) {
      shareFrom(line);
      continue;
    }
    if (!targets) {
      dropped++;
      continue;
    }
    for (let p = 0; p < count; p++) {
      const bit = 1 << p;
      if (!(targets & bit)) continue;
      takeInto(line, p, (r) => {
        const t = index.lineOf(refs[r]!);
        const other = t >= 0 && anchored[t] === 1 && (mask[t]! & bit) === 0;
        if (other) rewrite[line] = 1;
        return other;
      });
    }
  }
  return { partCount: count, shared, mask, rewrite, elements, dropped };
}
