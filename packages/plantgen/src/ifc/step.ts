/**
 * ISO 10303-21 (STEP physical file) writing helpers. Output is pure 7-bit ASCII: every character outside
 * the printable range is encoded with \X2\ or \X4\ control directives, so string length equals byte length.
 */

/** Receives the file text in order, in chunks of whole lines. */
export type StepSink = (chunk: string) => void;

export const NULL = '$';
export const DERIVED = '*';

/** A STEP string literal: apostrophes doubled, backslashes doubled, non-ASCII as \X2\hhhh\X0\. */
export function str(text: string): string {
  let out = "'";
  let wide = '';
  const flushWide = (): void => {
    if (wide) {
      out += `\\X2\\${wide}\\X0\\`;
      wide = '';
    }
  };
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0x20 && code <= 0x7e) {
      flushWide();
      if (char === "'") out += "''";
      else if (char === '\\') out += '\\\\';
      else out += char;
    } else if (code <= 0xffff) {
      wide += code.toString(16).toUpperCase().padStart(4, '0');
    } else {
      flushWide();
      out += `\\X4\\${code.toString(16).toUpperCase().padStart(8, '0')}\\X0\\`;
    }
  }
  flushWide();
  return `${out}'`;
}

/** A STEP REAL: always with a decimal point, at most three decimals, never in exponent form. */
export function real(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  if (!Number.isFinite(rounded)) throw new Error(`not a finite number: ${value}`);
  const text = String(Object.is(rounded, -0) ? 0 : rounded);
  return text.includes('.') ? text : `${text}.`;
}

export function ref(id: number): string {
  return `#${id}`;
}

export function refs(ids: readonly number[]): string {
  return `(${ids.map(ref).join(',')})`;
}

export function enumValue(value: string): string {
  return `.${value}.`;
}

export function list(items: readonly string[]): string {
  return `(${items.join(',')})`;
}

/** Assigns entity ids in order and hands whole lines to the sink in batches. */
export class StepWriter {
  private nextId = 1;
  private pending: string[] = [];
  private written = 0;

  constructor(
    private readonly sink: StepSink,
    private readonly batchLines = 4096,
  ) {}

  /** Writes an entity instance and returns its id. */
  add(type: string, ...args: string[]): number {
    const id = this.nextId++;
    this.push(`#${id}=${type}(${args.join(',')});\n`);
    return id;
  }

  /** Writes text as is (header and trailer sections). */
  raw(text: string): void {
    this.push(text);
  }

  get entityCount(): number {
    return this.nextId - 1;
  }

  /** Characters (equal to bytes) handed to the sink so far, including pending ones once flushed. */
  get length(): number {
    return this.written;
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.written += chunk.length;
    this.sink(chunk);
  }

  private push(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= this.batchLines) this.flush();
  }
}
