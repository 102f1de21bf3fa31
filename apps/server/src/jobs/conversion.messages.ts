import type { ExtractedViewable } from './ifcExtract.ts';
import type { ObjectRow } from './objectRows.ts';

export interface WorkerInput {
  ifcPath: string;
  /** absolute folder of web-ifc's wasm files, ending with '/' */
  wasmDir: string;
}

export type WorkerMessage =
  | { type: 'progress'; value: number }
  | { type: 'done'; frag: Uint8Array; rows: ObjectRow[]; viewables: ExtractedViewable[] }
  | { type: 'failed'; error: string };
