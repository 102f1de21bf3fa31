import type { ModelGeoreference, TagFallback } from '@penstock/shared';
import type { ExtractedViewable } from './ifcExtract.ts';

export interface WorkerInput {
  ifcPath: string;
  /** absolute folder of web-ifc's wasm files, ending with '/' */
  wasmDir: string;
  /** the document's file name: a '.ifczip' is unzipped first */
  fileName: string;
  /** a folder for the unzipped model (removed again by the worker) */
  scratchDir: string;
  /** the largest model a '.ifczip' may unzip to */
  maxUnzippedBytes: number;
  /** the tag fallback order of the general settings */
  tagFallback: readonly TagFallback[];
  /** the tests' fault hook (PENSTOCK_TEST_CONVERSION_CRASH): see conversion.child.ts */
  testCrash?: string | undefined;
}

export type WorkerMessage =
  /** a process started ahead of need has loaded its libraries and waits for its job */
  | { type: 'ready' }
  | { type: 'progress'; value: number }
  /**
   * the object index, as soon as it is read (the .frag is then still being compressed): its rows are in a
   * scratch SQLite file (indexStaging.repo.ts), which the server loads into the database and removes
   */
  | {
      type: 'index';
      stagingPath: string;
      /** how many rows the file holds */
      rowCount: number;
      /** how many of them are objects (elements and spaces, not the spatial structure) */
      objectCount: number;
      viewables: ExtractedViewable[];
      /** where the model sits in the world (its IfcMapConversion, its IfcSite's location), or null */
      georeference?: ModelGeoreference | null;
    }
  /** the .frag, written to this file in the scratch folder: the last message of a job that succeeds */
  | { type: 'done'; fragPath: string }
  | { type: 'failed'; error: string };
