import type { FailureRow } from './idsChecks.repo.ts';

/** One IDS a model is checked against, in the job sent to the check process. */
export interface CheckJobIds {
  checkId: string;
  /** the IDS file's text (a version read valid on upload) */
  xml: string;
  /** the objects' dynamic values by express id, checked as the property set Penstock_Dynamic; null: not */
  dynamic: Map<number, Array<{ name: string; value: string }>> | null;
}

/** The job: one model, read once, checked against each IDS. */
export interface CheckJobInput {
  /** the model's file (the stored blob, or a local copy of it) */
  ifcPath: string;
  /** the document's file name: a '.ifczip' is unzipped first */
  fileName: string;
  /** a folder for an unzipped model (removed again) */
  scratchDir: string;
  maxUnzippedBytes: number;
  checks: CheckJobIds[];
}

/** One check's result as rows to store (the check process builds them: the server thread only writes). */
export interface CheckJobResult {
  checkId: string;
  pass: boolean;
  /** JSON of IdsSpecificationResult[] */
  specifications: string;
  objects: Array<{ spec_index: number; applicable: string }>;
  failures: FailureRow[];
}

export type CheckJobMessage =
  | { type: 'ready' }
  | { type: 'progress'; checkId: string; value: number }
  | { type: 'result'; result: CheckJobResult }
  /** one IDS could not be used (the model was read) */
  | { type: 'checkFailed'; checkId: string; error: string }
  /** the model could not be read: every check of the job fails with this reason */
  | { type: 'failed'; error: string }
  | { type: 'done' };
