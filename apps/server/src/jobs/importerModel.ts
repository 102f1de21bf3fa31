import { IfcAPI } from 'web-ifc';

export interface ImporterModelRead<T> {
  /** what `read` returned; undefined when the importer never opened a model (then read the IFC yourself) */
  result(): T | undefined;
  /** whether the importer opened a model (and `read` ran on it) */
  opened(): boolean;
  /** put web-ifc back as it was */
  restore(): void;
}

/**
 * Read the object index from the IFC model That Open's IfcImporter has open, instead of opening the file a
 * third time (the importer already opens it twice: once for geometry, once for attributes). Parsing a
 * 190 MB STEP file is a large part of a conversion, so the index costs only its own reading.
 *
 * How: web-ifc's `IfcAPI.prototype.Dispose` is wrapped for the duration of one import; the first API to be
 * disposed with model 0 still open (the importer's geometry pass, which has read every line) runs `read`
 * on it before it goes. A failure in `read` is kept and thrown by `result()`. One conversion runs per worker
 * thread, so nothing else shares the wrapped prototype meanwhile.
 */
export function readImporterModel<T>(read: (api: IfcAPI, modelID: number) => T): ImporterModelRead<T> {
  const original = IfcAPI.prototype.Dispose;
  let done = false;
  let value: T | undefined;
  let failure: unknown = null;
  IfcAPI.prototype.Dispose = function (this: IfcAPI) {
    if (!done && this.IsModelOpen(0)) {
      done = true;
      try {
        value = read(this, 0);
      } catch (error) {
        failure = error;
      }
    }
    return original.call(this);
  };
  return {
    result() {
      if (failure) throw failure;
      return value;
    },
    opened: () => done,
    restore() {
      IfcAPI.prototype.Dispose = original;
    },
  };
}
