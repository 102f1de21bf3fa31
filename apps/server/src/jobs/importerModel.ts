import { IfcAPI } from 'web-ifc';

export interface ImporterModelRead<T> {
  /** what `read` returned; undefined when the importer never opened a model (then read the IFC yourself) */
  result(): T | undefined;
  /** whether the importer opened a model (and `read` ran on it) */
  opened(): boolean;
  /** lines `read` fetched that the importer then took from them instead of from web-ifc */
  linesShared(): number;
  /** put web-ifc back as it was */
  restore(): void;
}

type Line = { expressID?: unknown } & Record<string, unknown>;
type GetLines = (
  this: IfcAPI,
  modelID: number,
  expressIDs: number[],
  flatten?: boolean,
  inverse?: boolean,
  inversePropKey?: unknown,
) => Line[];

/**
 * Read the object index from the IFC model That Open's IfcImporter has open, instead of opening the file a
 * third time (the importer already opens it twice: once for geometry, once for attributes), and share the
 * lines the index reads with the importer's attribute pass, so that each line is decoded by web-ifc once.
 * Decoding lines (web-ifc builds a JavaScript object per line through embind) is most of what the index
 * costs: on a 10k-element plant about 1.4 s of 1.5 s.
 *
 * How: for the duration of one import, web-ifc's `IfcAPI.prototype.Dispose` and `GetLines` (which its
 * `GetLine` calls) are wrapped.
 * - The first API to be disposed with model 0 still open (the importer's geometry pass, which has read
 *   every line) runs `read` on it before it goes; the plain lines `read` fetches (no flattening, no inverse
 *   attributes, as the importer asks for them) are kept.
 * - The importer's attribute pass then opens the same file again and asks for lines by the same express
 *   ids: each kept line is handed over once and let go, the rest come from web-ifc as before. The importer
 *   changes only the site's and storeys' elevations (to absolute ones), after `read` has used them.
 * A failure in `read` is kept and thrown by `result()`. One conversion runs per worker thread, so nothing
 * else shares the wrapped prototype meanwhile.
 */
export function readImporterModel<T>(read: (api: IfcAPI, modelID: number) => T): ImporterModelRead<T> {
  const originalDispose = IfcAPI.prototype.Dispose;
  const originalGetLines = IfcAPI.prototype.GetLines as unknown as GetLines;
  let done = false;
  let reading = false;
  let shared = 0;
  let value: T | undefined;
  let failure: unknown = null;
  const kept = new Map<number, Line>();

  (IfcAPI.prototype as unknown as { GetLines: GetLines }).GetLines = function (
    this: IfcAPI,
    modelID,
    expressIDs,
    flatten = false,
    inverse = false,
    inversePropKey = null,
  ) {
    const plain = modelID === 0 && !flatten && !inverse;
    if (reading && plain) {
      const got = originalGetLines.call(this, modelID, expressIDs, false, false);
      for (const line of got) if (typeof line.expressID === 'number') kept.set(line.expressID, line);
      return got;
    }
    if (!plain || kept.size === 0)
      return originalGetLines.call(this, modelID, expressIDs, flatten, inverse, inversePropKey);
    const missing = expressIDs.filter((id) => !kept.has(id));
    const fetched = missing.length ? originalGetLines.call(this, modelID, missing, false, false) : [];
    const byId = new Map<number, Line>();
    for (const line of fetched) if (typeof line.expressID === 'number') byId.set(line.expressID, line);
    const out: Line[] = [];
    for (const id of expressIDs) {
      const line = kept.get(id);
      if (line) {
        kept.delete(id);
        shared++;
        out.push(line);
      } else {
        const got = byId.get(id);
        if (got) out.push(got);
      }
    }
    return out;
  };
  IfcAPI.prototype.Dispose = function (this: IfcAPI) {
    if (!done && this.IsModelOpen(0)) {
      done = true;
      reading = true;
      try {
        value = read(this, 0);
      } catch (error) {
        failure = error;
        kept.clear();
      } finally {
        reading = false;
      }
    }
    return originalDispose.call(this);
  };
  return {
    result() {
      if (failure) throw failure;
      return value;
    },
    opened: () => done,
    linesShared: () => shared,
    restore() {
      IfcAPI.prototype.Dispose = originalDispose;
      (IfcAPI.prototype as unknown as { GetLines: GetLines }).GetLines = originalGetLines;
      kept.clear();
    },
  };
}
