// A saved sketch under document control (issue 37 §5): its history and restore, and issuing it into a folder.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IssueSketchRequest,
  SketchIssueAnswer,
  SketchIssuePreview,
  SketchSaveAnswer,
  SketchVersion,
  WorkflowStructure,
} from '@penstock/shared';
import { apiFetch } from '../../../base/api.ts';

const q = encodeURIComponent;
const sketchUrl = (projectId: string, sketchId: string) =>
  `/api/projects/${q(projectId)}/sketches/${q(sketchId)}`;
const historyKey = (projectId: string, sketchId: string) => ['sketchHistory', projectId, sketchId] as const;

/** GET …/sketches/:sketchId/versions: every save of the sketch, newest first. */
export function useSketchHistory(
  projectId: string | undefined,
  sketchId: string | undefined,
  enabled = true,
) {
  return useQuery({
    queryKey: historyKey(projectId ?? '', sketchId ?? ''),
    queryFn: () => apiFetch<SketchVersion[]>(`${sketchUrl(projectId!, sketchId!)}/versions`),
    enabled: enabled && !!projectId && !!sketchId,
  });
}

/** POST …/versions/:number/restore: the version brought back as a new save (409 when saved since). */
export function useRestoreSketch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      sketchId,
      number,
      baseUpdatedAt,
    }: {
      projectId: string;
      sketchId: string;
      number: number;
      baseUpdatedAt: string;
    }) =>
      apiFetch<SketchSaveAnswer>(`${sketchUrl(projectId, sketchId)}/versions/${number}/restore`, {
        method: 'POST',
        json: { baseUpdatedAt },
      }),
    onSuccess: async (_answer, { projectId, sketchId }) => {
      await client.invalidateQueries({ queryKey: historyKey(projectId, sketchId) });
      await client.invalidateQueries({ queryKey: ['pidsketches', projectId] });
    },
  });
}

/**
 * The project's folders and files (GET /api/workflow/structure), for choosing where to issue: the Workflow
 * panel's own query key, so one cache, asked without importing that feature.
 */
export function useProjectStructure(projectId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['workflowStructure', projectId ?? ''],
    queryFn: () => apiFetch<WorkflowStructure>(`/api/workflow/structure?projectId=${q(projectId!)}`),
    enabled: enabled && !!projectId,
  });
}

/** GET …/issue?folderId&drawingNumber: the revision and suitability an issue there would get. */
export function useIssuePreview(
  projectId: string | undefined,
  sketchId: string | undefined,
  folderId: string,
  drawingNumber: string,
) {
  return useQuery({
    queryKey: ['sketchIssuePreview', projectId ?? '', sketchId ?? '', folderId, drawingNumber],
    queryFn: () =>
      apiFetch<SketchIssuePreview>(
        `${sketchUrl(projectId!, sketchId!)}/issue?folderId=${q(folderId)}&drawingNumber=${q(drawingNumber)}`,
      ),
    enabled: !!projectId && !!sketchId && !!folderId && drawingNumber.trim() !== '',
    retry: false,
  });
}

/** POST …/issue: the drawing sheet and the native sketch stored in the folder. */
export function useIssueSketch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectId,
      sketchId,
      request,
    }: {
      projectId: string;
      sketchId: string;
      request: IssueSketchRequest;
    }) =>
      apiFetch<SketchIssueAnswer>(`${sketchUrl(projectId, sketchId)}/issue`, {
        method: 'POST',
        json: request,
      }),
    onSuccess: (_answer, { projectId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['workflowStructure', projectId] }),
        client.invalidateQueries({ queryKey: ['sketchIssuePreview', projectId] }),
      ]),
  });
}
