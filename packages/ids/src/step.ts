import type { Line, RawValue } from './ifc.ts';
import type { AttributeInfo, SchemaInfo } from './schema.ts';

/**
 * The instances of a few entity types read straight from the STEP text, in the shape web-ifc's
 * `GetLine(model, id, false, false)` gives (step.test.ts compares the two on every fixture). A large model
 * holds millions of property lines, and web-ifc hands each over through its JavaScript bridge at about 15 µs a
 * line (23 s for a 100k-element plant); here one pass over the bytes notes where each instance of the wanted
 * types starts, and a line is parsed from there when it is asked for (about 1 µs). Anything this reader does
 * not know for certain (a non-ASCII byte in a string, an unknown escape, an untyped number, `*`) answers
 * null, and the caller asks web-ifc.
 */

const QUOTE = 39; // '
const HASH = 35; // #
const SEMI = 59; // ;
const EQUALS = 61; // =
const OPEN = 40; // (
const CLOSE = 41; // )
const COMMA = 44; // ,
const DOLLAR = 36; // $
const STAR = 42; // *
const DOT = 46; // .
const SLASH = 47; // /
const BACKSLASH = 92;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isUpper = (c: number) => (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/** web-ifc's value types: 1 string, 3 enumeration / boolean / logical, 4 real, 5 reference, 10 integer. */
const STRING = 1;
const ENUM = 3;
const REAL = 4;
const REF = 5;
const INTEGER = 10;

/** Entities whose first attribute is derived (`*` in the file): web-ifc gives it as an empty reference. */
const DERIVED_FIRST: Record<string, string> = { IFCSIUNIT: 'Dimensions' };

/** Parsing stopped: something this reader leaves to web-ifc. */
class Unsure extends Error {}
const UNSURE = new Unsure();

export class StepLines {
  private byTypeIndex: Map<string, number[]> | null = null;

  private constructor(
    /** the file's bytes (kept, not copied: lines are parsed from them when asked for) */
    private readonly bytes: Uint8Array,
    /** where each instance's attribute list starts (its '('), by express id; -1 for none */
    private readonly offsets: Int32Array,
    /** each instance's type (an index into `names`, plus one; 0 for none) */
    private readonly kinds: Uint16Array,
    private readonly names: readonly string[],
    /** how many instances the file holds */
    readonly count: number,
  ) {}

  /**
   * One pass over the DATA section: the start and the type of every instance. `maxId` is the model's highest
   * express id. Files over 2 GB or with more than 65,535 entity types are not indexed (null).
   */
  static scan(bytes: Uint8Array, maxId?: number): StepLines | null {
    if (bytes.length >= 0x7fffffff) return null;
    const names: string[] = [];
    const byName = new Map<string, number>();
    // sized by the highest id when known, else grown as ids come
    const limit = maxId ?? 0x7ffffffe;
    let capacity = maxId !== undefined ? maxId + 1 : Math.max(1024, Math.ceil(bytes.length / 32));
    let offsets = new Int32Array(capacity).fill(-1);
    let kinds = new Uint16Array(capacity);
    const n = bytes.length;
    let count = 0;
    let i = indexOfData(bytes);
    if (i < 0) return null;
    while (i < n) {
      // the next instance: '#', its id, '=', its type name, '('
      while (i < n && bytes[i] !== HASH) {
        if (bytes[i] === SLASH && bytes[i + 1] === STAR) i = skipComment(bytes, i);
        else if (bytes[i] === QUOTE) i = skipString(bytes, i);
        else i++;
      }
      if (i >= n) break;
      i++;
      let id = 0;
      while (i < n && bytes[i]! >= 48 && bytes[i]! <= 57) id = id * 10 + bytes[i++]! - 48;
      while (i < n && isSpace(bytes[i]!)) i++;
      if (bytes[i] !== EQUALS) continue;
      i++;
      while (i < n && isSpace(bytes[i]!)) i++;
      const nameStart = i;
      while (i < n && isUpper(bytes[i]!)) i++;
      const nameEnd = i;
      while (i < n && isSpace(bytes[i]!)) i++;
      if (id >= capacity && id <= limit) {
        const grown = Math.max(id + 1, capacity * 2);
        const moreOffsets = new Int32Array(grown).fill(-1);
        moreOffsets.set(offsets);
        const moreKinds = new Uint16Array(grown);
        moreKinds.set(kinds);
        offsets = moreOffsets;
        kinds = moreKinds;
        capacity = grown;
      }
      if (bytes[i] === OPEN && id <= limit && nameEnd > nameStart && offsets[id] === -1) {
        const name = asciiUpper(bytes, nameStart, nameEnd);
        let kind = byName.get(name);
        if (kind === undefined) {
          if (names.length >= 0xffff) return null;
          names.push(name);
          byName.set(name, (kind = names.length));
        }
        offsets[id] = i;
        kinds[id] = kind;
        count++;
      }
      // to the instance's end: its ';' outside strings
      while (i < n && bytes[i] !== SEMI) i = bytes[i] === QUOTE ? skipString(bytes, i) : i + 1;
    }
    // the bytes are kept as they are (no text copy of a large model: a second copy of it in memory)
    return new StepLines(bytes, offsets, kinds, names, count);
  }

  /** A part of the file's bytes (web-ifc reads the file from them when it is opened after all). */
  bytesAt(offset: number, size: number): Uint8Array {
    return this.bytes.slice(offset, offset + size);
  }

  /** The schema the file's header names (FILE_SCHEMA), upper case; '' when it names none. */
  headerSchema(): string {
    const head = this.bytes.subarray(0, 8192);
    const match = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(
      Buffer.from(head.buffer, head.byteOffset, head.length).toString('latin1'),
    );
    return match ? match[1]!.trim().toUpperCase() : '';
  }

  /** An instance's type (upper case), or null when the file has no instance of that id. */
  typeOf(id: number): string | null {
    const kind = id >= 0 && id < this.kinds.length ? this.kinds[id]! : 0;
    return kind ? this.names[kind - 1]! : null;
  }

  /** The instances of each type, in id order. */
  byType(): Map<string, number[]> {
    if (!this.byTypeIndex) {
      const lists = this.names.map(() => [] as number[]);
      const kinds = this.kinds;
      for (let id = 0; id < kinds.length; id++) if (kinds[id]) lists[kinds[id]! - 1]!.push(id);
      this.byTypeIndex = new Map(this.names.map((name, k) => [name, lists[k]!]));
    }
    return this.byTypeIndex;
  }

  /** The instance as web-ifc would give it, or null when this reader is not sure (ask web-ifc). */
  line(id: number, type: number, schema: SchemaInfo): Line | null {
    const name = this.typeOf(id);
    const entity = name ? schema.entities.get(name) : undefined;
    if (!entity) return null;
    const reader = new Reader(this.bytes, this.offsets[id]! + 1, schema);
    try {
      const line = { expressID: id, type } as Line;
      // an attribute the entity redeclares as derived is written '*' and left out of web-ifc's list
      const derived = DERIVED_FIRST[name!];
      if (derived) {
        reader.expect(STAR);
        reader.expect(COMMA);
        line[derived] = { value: 0, type: REF };
      }
      const attributes = entity.attributes;
      for (let index = 0; index < attributes.length; index++) {
        if (index > 0) reader.expect(COMMA);
        line[attributes[index]!.name] = reader.attribute(attributes[index]!);
      }
      reader.expect(CLOSE);
      return line;
    } catch (error) {
      if (error instanceof Unsure) return null;
      throw error;
    }
  }
}

function indexOfData(bytes: Uint8Array): number {
  // 'DATA;' after the header (whitespace allowed before the ';')
  const n = bytes.length;
  for (let i = 0; i + 4 < n; i++)
    if (bytes[i] === 68 && bytes[i + 1] === 65 && bytes[i + 2] === 84 && bytes[i + 3] === 65) {
      let j = i + 4;
      while (j < n && isSpace(bytes[j]!)) j++;
      const before = i === 0 ? 10 : bytes[i - 1]!;
      if (bytes[j] === SEMI && (isSpace(before) || before === SEMI)) return j + 1;
    }
  return -1;
}

function skipString(bytes: Uint8Array, i: number): number {
  // from the opening quote to just past the closing one ('' inside is a quote)
  i++;
  const n = bytes.length;
  while (i < n) {
    if (bytes[i] === QUOTE) {
      if (bytes[i + 1] === QUOTE) i += 2;
      else return i + 1;
    } else i++;
  }
  return n;
}

function skipComment(bytes: Uint8Array, i: number): number {
  const n = bytes.length;
  for (i += 2; i + 1 < n; i++) if (bytes[i] === STAR && bytes[i + 1] === SLASH) return i + 2;
  return n;
}

/** Bytes below 128 as text (the caller has checked them). */
function ascii(bytes: Uint8Array, start: number, end: number): string {
  return end - start < 1024
    ? String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[])
    : Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}

function asciiUpper(bytes: Uint8Array, start: number, end: number): string {
  return ascii(bytes, start, end).toUpperCase();
}

/** The byte at `i` (NaN past the end, as a string's charCodeAt). */
const code = (bytes: Uint8Array, i: number): number => bytes[i] ?? NaN;

class Reader {
  constructor(
    /** the file's bytes */
    private readonly bytes: Uint8Array,
    private i: number,
    private readonly schema: SchemaInfo,
  ) {}

  private skip() {
    while (isSpace(code(this.bytes, this.i))) this.i++;
  }

  expect(c: number) {
    this.skip();
    if (code(this.bytes, this.i) !== c) throw UNSURE;
    this.i++;
  }

  /** One attribute's value, by its declared kind. */
  attribute(attribute: AttributeInfo): RawValue {
    this.skip();
    const c = code(this.bytes, this.i);
    if (c === DOLLAR) {
      this.i++;
      if (attribute.optional) return null;
      // web-ifc wraps a missing value of a mandatory attribute as it would a present one
      if (attribute.kind === 'string') return { value: null, type: STRING, name: attribute.type } as RawValue;
      if (attribute.kind === 'entity') return { value: null, type: REF } as RawValue;
      throw UNSURE;
    }
    if (attribute.kind === 'list') return this.list(attribute);
    if (c === HASH) return { value: this.reference(), type: REF };
    if (c === STAR) {
      // a derived value: web-ifc gives an empty reference for an entity's
      if (attribute.kind !== 'entity') throw UNSURE;
      this.i++;
      return { value: 0, type: REF };
    }
    if ((c >= 48 && c <= 57) || c === 45 || c === 43) return this.untypedNumber(attribute.type);
    if (c === QUOTE) {
      if (attribute.kind !== 'string') throw UNSURE;
      return { value: this.string(), type: STRING, name: attribute.type };
    }
    if (c === DOT) {
      if (attribute.kind !== 'enum') throw UNSURE;
      return { type: ENUM, value: this.enumeration() };
    }
    if (isUpper(c) && !(c >= 48 && c <= 57)) {
      if (attribute.kind !== 'select') throw UNSURE;
      return this.typed();
    }
    throw UNSURE;
  }

  /** A list of references or of typed values (the lists the wanted types have). */
  private list(attribute: AttributeInfo): RawValue[] {
    this.expect(OPEN);
    const items: RawValue[] = [];
    this.skip();
    if (code(this.bytes, this.i) === CLOSE) {
      this.i++;
      return items;
    }
    for (;;) {
      this.skip();
      const c = code(this.bytes, this.i);
      if (c === HASH) items.push({ value: this.reference(), type: REF });
      else if ((c >= 48 && c <= 57) || c === 45 || c === 43) items.push(this.untypedNumber(attribute.type));
      else if (isUpper(c) && !(c >= 48 && c <= 57) && !this.schema.entities.has(attribute.type))
        items.push(this.typed());
      else throw UNSURE;
      this.skip();
      const next = code(this.bytes, this.i);
      this.i++;
      if (next === CLOSE) return items;
      if (next !== COMMA) throw UNSURE;
    }
  }

  private reference(): number {
    this.i++;
    let id = 0;
    let digits = 0;
    for (let c = code(this.bytes, this.i); c >= 48 && c <= 57; c = code(this.bytes, ++this.i)) {
      id = id * 10 + c - 48;
      digits++;
    }
    if (!digits) throw UNSURE;
    return id;
  }

  /** A number written without its type, of an attribute (or list) of a numeric defined type. */
  private untypedNumber(type: string): RawValue {
    const kind = this.schema.definedTypes.get(type);
    if (kind !== 'real' && kind !== 'integer') throw UNSURE;
    return this.numberOf(kind, type);
  }

  private numberOf(kind: 'real' | 'integer', name: string): RawValue {
    const text = this.number();
    const number = Number(text);
    if (!Number.isFinite(number)) throw UNSURE;
    if (kind === 'integer' && !Number.isInteger(number)) throw UNSURE;
    return kind === 'real'
      ? { type: REAL, _internalValue: text, _representationValue: number, name }
      : { type: INTEGER, _internalValue: number, _representationValue: number, name };
  }

  /** A typed value of a select: IFCLABEL('x'), IFCREAL(1.5), IFCBOOLEAN(.T.) … */
  private typed(): RawValue {
    const start = this.i;
    while (isUpper(code(this.bytes, this.i))) this.i++;
    const name = ascii(this.bytes, start, this.i).toUpperCase();
    const kind = this.schema.definedTypes.get(name);
    if (!kind) throw UNSURE;
    this.expect(OPEN);
    this.skip();
    let value: RawValue;
    if (kind === 'string') {
      if (code(this.bytes, this.i) !== QUOTE) throw UNSURE;
      value = { value: this.string(), type: STRING, name };
    } else if (kind === 'real' || kind === 'integer') {
      value = this.numberOf(kind, name);
    } else {
      if (code(this.bytes, this.i) !== DOT) throw UNSURE;
      const text = this.enumeration();
      if (text === 'T' || text === 'F') value = { type: ENUM, name, value: text === 'T' };
      else if (text === 'U' && kind === 'logical') value = { type: ENUM, name };
      else throw UNSURE;
    }
    this.expect(CLOSE);
    return value;
  }

  private number(): string {
    const start = this.i;
    for (
      let c = code(this.bytes, this.i);
      (c >= 48 && c <= 57) || c === 43 || c === 45 || c === DOT || c === 69 || c === 101;
      c = code(this.bytes, ++this.i)
    );
    if (this.i === start) throw UNSURE;
    return ascii(this.bytes, start, this.i);
  }

  private enumeration(): string {
    this.i++;
    const start = this.i;
    while (isUpper(code(this.bytes, this.i))) this.i++;
    if (code(this.bytes, this.i) !== DOT || this.i === start) throw UNSURE;
    const text = ascii(this.bytes, start, this.i).toUpperCase();
    this.i++;
    return text;
  }

  /** A string with STEP's escapes decoded: '' \\ \X2\…\X0\ \X4\…\X0\ \X\hh \S\c; any other byte ≥ 128 is left to web-ifc. */
  private string(): string {
    const bytes0 = this.bytes;
    this.i++;
    let text = '';
    let run = this.i;
    for (;;) {
      const c = code(bytes0, this.i);
      if (Number.isNaN(c)) throw UNSURE;
      if (c >= 128) throw UNSURE;
      if (c === QUOTE) {
        if (this.i > run) text += ascii(this.bytes, run, this.i);
        if (code(bytes0, this.i + 1) === QUOTE) {
          text += "'";
          this.i += 2;
          run = this.i;
          continue;
        }
        this.i++;
        return text;
      }
      if (c === BACKSLASH) {
        if (this.i > run) text += ascii(this.bytes, run, this.i);
        text += this.escape();
        run = this.i;
        continue;
      }
      this.i++;
    }
  }

  private escape(): string {
    const at = (k: number) => {
      const c = code(this.bytes, this.i + k);
      return Number.isNaN(c) ? '' : String.fromCharCode(c);
    };
    const hex = (from: number, count: number) => {
      let value = 0;
      for (let k = 0; k < count; k++) {
        const digit = parseInt(at(from + k), 16);
        if (Number.isNaN(digit)) throw UNSURE;
        value = value * 16 + digit;
      }
      return value;
    };
    if (at(1) === '\\') {
      this.i += 2;
      return '\\';
    }
    if (at(1) === 'X' && at(2) === '2' && at(3) === '\\') {
      this.i += 4;
      let text = '';
      while (!(at(0) === '\\' && at(1) === 'X' && at(2) === '0' && at(3) === '\\')) {
        text += String.fromCharCode(hex(0, 4));
        this.i += 4;
      }
      this.i += 4;
      return text;
    }
    if (at(1) === 'X' && at(2) === '4' && at(3) === '\\') {
      this.i += 4;
      let text = '';
      while (!(at(0) === '\\' && at(1) === 'X' && at(2) === '0' && at(3) === '\\')) {
        text += String.fromCodePoint(hex(0, 8));
        this.i += 8;
      }
      this.i += 4;
      return text;
    }
    if (at(1) === 'X' && at(2) === '\\') {
      const code = hex(3, 2);
      this.i += 5;
      return String.fromCharCode(code);
    }
    if (at(1) === 'S' && at(2) === '\\') {
      const c = code(this.bytes, this.i + 3);
      if (!(c < 128)) throw UNSURE;
      this.i += 4;
      return String.fromCharCode(c + 128);
    }
    throw UNSURE;
  }
}
