// DEXPI exchange of a saved sketch (issue 37 §4; docs/api.md): GET …/export-dexpi downloads a saved sketch
// as DEXPI 1.3 XML, POST …/import-dexpi (multipart, field 'file', optional 'name') makes a new sketch of a
// DEXPI file and answers what it mapped.

/** What an import mapped: counts of the file's elements, pipeline ends fastened, and classes not mapped. */
export interface DexpiImportReport {
  equipment: number;
  nozzles: number;
  pipingSegments: number;
  /** pipeline ends fastened to an item's port */
  connections: number;
  inlineComponents: number;
  instruments: number;
  signalLines: number;
  /** the DEXPI classes drawn as a generic symbol with their class name, sorted */
  unmappedClasses: string[];
}

/** The answer of POST /api/projects/:projectId/sketches/import-dexpi (201). */
export interface DexpiImportAnswer {
  sketchId: string;
  /** the new sketch's DrawingName ('name - date-time') */
  drawingName: string;
  report: DexpiImportReport;
}

/** The largest DEXPI file an import takes. */
export const MAX_DEXPI_BYTES = 20 * 1024 * 1024;

export const dexpiExportUrl = (projectId: string, sketchId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/sketches/${encodeURIComponent(sketchId)}/export-dexpi`;
export const dexpiImportUrl = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/sketches/import-dexpi`;
