import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SketchSaveAnswer,
  SKETCH_LIST_KEYS,
  SKETCH_VERSION,
  type PidSpec,
  type SavedSketch,
  type SketchLists,
  type StageSpec,
} from '@penstock/shared';
import { apiFetch } from '../../../base/api.ts';

export const sketchesKey = (projectId: string) => ['pidsketches', projectId] as const;

function projectForm(projectId: string): FormData {
  const form = new FormData();
  form.append('Project', projectId);
  return form;
}

/** POST /api/getpidsketch: the project's saved sketches. */
export const fetchSavedSketches = (projectId: string) =>
  apiFetch<SavedSketch[]>('/api/getpidsketch', { method: 'POST', form: projectForm(projectId) });

/** The project's saved sketches (loaded when a project is chosen and after a save). */
export function useSavedSketches(projectId: string | undefined) {
  return useQuery({
    queryKey: sketchesKey(projectId ?? ''),
    queryFn: () => fetchSavedSketches(projectId ?? ''),
    enabled: !!projectId,
  });
}

export interface SaveSketchInput {
  projectId: string;
  drawingName: string;
  lists: SketchLists;
  stage: StageSpec;
  pid: PidSpec;
  /** the updatedAt of the saved sketch this one started from ('' for a new one): a 409 when it changed since */
  baseUpdatedAt: string;
}

/** POST /api/savepidsketch: every list as a JSON string, with Project and DrawingName (spec §7). */
export function useSaveSketch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, drawingName, lists, stage, pid, baseUpdatedAt }: SaveSketchInput) => {
      const form = projectForm(projectId);
      for (const key of SKETCH_LIST_KEYS) form.append(key, JSON.stringify(lists[key]));
      form.append('StageSpec', JSON.stringify(stage));
      form.append('PidSpec', JSON.stringify(pid));
      form.append('DrawingName', drawingName);
      form.append('Version', String(SKETCH_VERSION));
      form.append('BaseUpdatedAt', baseUpdatedAt);
      return apiFetch<SketchSaveAnswer>('/api/savepidsketch', { method: 'POST', form });
    },
    onSuccess: (_answer, { projectId }) => client.invalidateQueries({ queryKey: sketchesKey(projectId) }),
  });
}

/**
 * POST /api/deletepidsketch: the spec's call sends the list of the remaining sketches; Penstock also names
 * the sketch to delete, and the server deletes only that one.
 */
export function useDeleteSketch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      drawingName,
      remaining,
    }: {
      projectId: string;
      drawingName: string;
      remaining: SavedSketch[];
    }) => {
      const form = projectForm(projectId);
      form.append('DrawingName', drawingName);
      form.append(
        'formData',
        JSON.stringify(remaining.map((sketch) => ({ DrawingName: sketch.DrawingName }))),
      );
      return apiFetch<{ deleted: string }>('/api/deletepidsketch', { method: 'POST', form });
    },
    onSuccess: (_answer, { projectId }) => client.invalidateQueries({ queryKey: sketchesKey(projectId) }),
  });
}
