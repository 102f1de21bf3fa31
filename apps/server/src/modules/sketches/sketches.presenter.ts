import { defaultPidSpec, emptySketchLists, type SavedSketch, type SketchContent } from '@penstock/shared';
import type { SketchRow } from './sketches.repo.ts';

/** A stored sketch as getpidsketch answers it: the content parsed, under the spec's field names. */
export function presentSketch(row: SketchRow): SavedSketch {
  // a sketch saved before format 2 has no lines and no P&ID settings: empty lists and the defaults
  const content = JSON.parse(row.content_json) as Partial<SketchContent>;
  return {
    SketchId: row.id,
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
