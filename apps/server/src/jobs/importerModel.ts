import { IfcAPI } from 'web-ifc';
import { ObservedLines } from './indexLines.ts';

export interface ImporterModelRead<T> {
  /**
   * Runs `read` on the model the importer's attribute pass left open (once; then the model is disposed) and
   * returns what it returned; undefined when the importer never ended an attribute pass on a model of its
   * own (then read the IFC yourself). A failure of `read` is thrown, by every call.
   */
  result(): T | undefined;
  /** whether the importer opened a model (its geometry pass ended with the model open) */
  opened(): boolean;
  /** how many lines the importer's attribute pass decoded that the index kept a record of */
  linesObserved(): number;
  /** put web-ifc back as it was */
  restore(): void;
}

type Line = { expressID?: unknown; type?: unknown } & Record<string, unknown>;
type GetLines = (
  this: IfcAPI,
  modelID: number,
  expressIDs: number[],
  flatten?: boolean,
  inverse?: boolean,
  inversePropKey?: unknown,
) => Line[];

/**
 * Read the object index from the lines That Open's IfcImporter decodes anyway, instead of decoding them a
 * second time. The importer opens the IFC twice: once for geometry, then once for attributes, where it asks
 * web-ifc for every line of the classes it keeps (elements, the spatial structure, property sets and their
 * values, quantities, types, units) and for every relation. Decoding a line (web-ifc builds a JavaScript
 * object per line through embind) is most of what both the importer's attribute pass and the index cost.
 *
 * How: for the duration of one import, web-ifc's `IfcAPI.prototype.Dispose` and `GetLines` (which its
 * `GetLine` calls) are wrapped.
 * - After the first API is disposed with model 0 open (the geometry pass), each plain line the importer
 *   then fetches (no flattening, no inverse attributes) is looked at as it goes by: a line the index needs
 *   leaves a small record of what the index reads of it (ObservedLines: texts and ids), and the line itself
 *   is the importer's, let go with its own. Nothing the importer gets is changed, and the records are made
 *   before the importer changes anything (it replaces the site's and storeys' elevations).
 * - When the next API is disposed with model 0 open (the end of the attribute pass, before the importer
 *   writes the .frag from what it gathered), it is kept open instead: `result()` runs `read` on that model
 *   with the records, and then disposes it. What the importer did not read, `read` asks web-ifc for. So the
 *   caller can read the index once the importer has returned, while something else compresses the .frag.
 * One conversion runs per worker thread, so nothing else shares the wrapped prototype meanwhile.
 */
export function readImporterModel<T>(
  read: (api: IfcAPI, modelID: number, observed: ObservedLines) => T,
): ImporterModelRead<T> {
  const originalDispose = IfcAPI.prototype.Dispose;
  const originalGetLines = IfcAPI.prototype.GetLines as unknown as GetLines;
  let opened = false;
  let done = false;
  let observing = false;
  let observedCount = 0;
  let value: T | undefined;
  let failure: unknown = null;
  let observed = new ObservedLines();

  (IfcAPI.prototype as unknown as { GetLines: GetLines }).GetLines = function (
    this: IfcAPI,
    modelID,
    expressIDs,
    flatten = false,
    inverse = false,
    inversePropKey = null,
  ) {
    const got = originalGetLines.call(this, modelID, expressIDs, flatten, inverse, inversePropKey);
    if (observing && modelID === 0 && !flatten && !inverse) {
      for (const line of got) {
        if (line && typeof line.expressID === 'number' && typeof line.type === 'number')
          observed.observe(line.expressID, line);
      }
    }
    return got;
  };
  let kept: IfcAPI | null = null;
  const keep = (api: IfcAPI) => {
    kept = api;
  };
  IfcAPI.prototype.Dispose = function (this: IfcAPI) {
    if (!done && this.IsModelOpen(0)) {
      if (!opened) {
        // the geometry pass ends: the attribute pass opens the model next
        opened = true;
        observing = true;
      } else {
        // the attribute pass ends: its model is kept open for `read`, disposed by result()
        done = true;
        observing = false;
        observedCount = observed.size;
        keep(this);
        return;
      }
    }
    return originalDispose.call(this);
  };
  const readKept = () => {
    const api = kept;
    if (!api) return;
    kept = null;
    try {
      value = read(api, 0, observed);
    } catch (error) {
      failure = error;
    } finally {
      observed = new ObservedLines();
      originalDispose.call(api);
    }
  };
  return {
    result() {
      readKept();
      if (failure) throw failure;
      return value;
    },
    opened: () => opened,
    linesObserved: () => observedCount,
    restore() {
      IfcAPI.prototype.Dispose = originalDispose;
      (IfcAPI.prototype as unknown as { GetLines: GetLines }).GetLines = originalGetLines;
      observing = false;
    },
  };
}
