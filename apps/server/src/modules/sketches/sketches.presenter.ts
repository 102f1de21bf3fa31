import {
  defaultPidSpec,
  emptySketchLists,
  type SavedSketch,
  type SketchContent,
  type SketchVersion,
} from '@penstock/shared';
import type { SketchRow, SketchVersionRow } from './sketches.repo.ts';

/** A stored sketch as getpidsketch answers it: the content parsed, under the spec's field names. */
export function presentSketch(row: SketchRow): SavedSketch {
  // a sketch saved before format 2 has no lines and no P&ID settings: empty lists and the defaults
  const content = JSON.parse(row.content_json) as Partial<SketchContent>;
  return {
    id: row.id,
    DrawingName: row.drawing_name,
    Project: row.project_id,
    ...emptySketchLists(),
    ...content,
    StageSpec: content.StageSpec ?? { scale: 1, x: 0, y: 0 },
    PidSpec: content.PidSpec ?? defaultPidSpec(),
    Version: content.Version ?? row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name ?? row.updated_by,
  };
}

/** One entry of a sketch's history, with the drawings it was issued as. */
export function presentSketchVersion(
  row: SketchVersionRow,
  issues: ReadonlyArray<{
    sketch_version: number;
    drawing_number: string;
    revision: string;
    suitability: string;
    sheet: string;
    issued_at: string;
  }> = [],
): SketchVersion {
  return {
    number: row.number,
    drawingName: row.drawing_name,
    savedAt: row.saved_at,
    savedBy: row.saved_by_name ?? row.saved_by,
    bytes: row.bytes,
    restoredFrom: row.restored_from,
    issues: issues
      .filter((issue) => issue.sketch_version === row.number)
      .map((issue) => ({
        drawingNumber: issue.drawing_number,
        revision: issue.revision,
        suitability: issue.suitability,
        sheet: issue.sheet,
        issuedAt: issue.issued_at,
      })),
  };
}
