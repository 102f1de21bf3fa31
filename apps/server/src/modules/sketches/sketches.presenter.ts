import { emptySketchLists, type SavedSketch, type SketchContent } from '@penstock/shared';
import type { SketchRow } from './sketches.repo.ts';

/** A stored sketch as getpidsketch answers it: the content parsed, under the spec's field names. */
export function presentSketch(row: SketchRow): SavedSketch {
  const content = JSON.parse(row.content_json) as SketchContent;
  return {
    DrawingName: row.drawing_name,
    Project: row.project_id,
    ...emptySketchLists(),
    ...content,
    Version: content.Version ?? row.version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name ?? row.updated_by,
  };
}
