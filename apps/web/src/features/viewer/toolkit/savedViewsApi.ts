import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModelViewerState, StoredViewerState } from '@penstock/viewer';
import { MAIN_ROUTE, type SavedView, type SavedViewSummary } from '@penstock/shared';
import { apiFetch } from '../../../base/api.ts';

/** The saved views API (docs/api.md 'Saved views'): a project's named views of its models. */

export const savedViewsKey = (projectId: string) => ['savedViews', projectId] as const;
export const savedViewKey = (viewId: string) => ['savedView', viewId] as const;

export const fetchSavedViews = (projectId: string): Promise<SavedViewSummary[]> =>
  apiFetch<SavedViewSummary[]>(`/api/projects/${encodeURIComponent(projectId)}/views`);

export const fetchSavedView = (viewId: string): Promise<SavedView> =>
  apiFetch<SavedView>(`/api/views/${encodeURIComponent(viewId)}`);

export interface NewSavedView {
  projectId: string;
  name: string;
  versionId: string;
  /** objects by model version + GlobalId (the viewer's storedViewerState) */
  state: StoredViewerState;
}

export const createSavedView = ({ projectId, ...body }: NewSavedView): Promise<SavedView> =>
  apiFetch<SavedView>(`/api/projects/${encodeURIComponent(projectId)}/views`, { method: 'POST', json: body });

export interface SavedViewChanges {
  name?: string;
  state?: StoredViewerState;
}

export const updateSavedView = (viewId: string, changes: SavedViewChanges): Promise<SavedView> =>
  apiFetch<SavedView>(`/api/views/${encodeURIComponent(viewId)}`, { method: 'PATCH', json: changes });

export const deleteSavedView = (viewId: string): Promise<void> =>
  apiFetch<void>(`/api/views/${encodeURIComponent(viewId)}`, { method: 'DELETE' });

/** The search parameter of /main that opens a saved view (its model in a tab, then the view restored). */
export const SAVED_VIEW_PARAM = 'view';

/** A saved view's link, within the app: the project page opens its model and restores it. */
export const savedViewHref = (viewId: string): string =>
  `${MAIN_ROUTE}?${SAVED_VIEW_PARAM}=${encodeURIComponent(viewId)}`;

/** The same link as an address to share. */
export const savedViewUrl = (viewId: string): string =>
  new URL(savedViewHref(viewId), window.location.origin).toString();

/**
 * A saved view's state as the viewer takes it (the server checked its version, kind and camera): version 3
 * (objects by model version + GlobalId), or 1 and 2 of views saved before (localIds).
 */
export const viewerStateOf = (view: SavedView): ModelViewerState | StoredViewerState =>
  view.state as unknown as ModelViewerState | StoredViewerState;

export function useSavedViews(projectId: string) {
  return useQuery({
    queryKey: savedViewsKey(projectId),
    queryFn: () => fetchSavedViews(projectId),
    retry: false,
  });
}

export function useSavedView(viewId: string | null) {
  return useQuery({
    queryKey: savedViewKey(viewId ?? ''),
    queryFn: () => fetchSavedView(viewId ?? ''),
    enabled: !!viewId,
    retry: false,
  });
}

/** After a change: the project's list loads again, and the view's own entry is the answer. */
function useRefresh(projectId: string) {
  const client = useQueryClient();
  return (view?: SavedView) => {
    if (view) client.setQueryData(savedViewKey(view.id), view);
    void client.invalidateQueries({ queryKey: savedViewsKey(projectId) });
  };
}

export function useCreateSavedView(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (body: Omit<NewSavedView, 'projectId'>) => createSavedView({ projectId, ...body }),
    onSuccess: refresh,
  });
}

export function useUpdateSavedView(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ viewId, changes }: { viewId: string; changes: SavedViewChanges }) =>
      updateSavedView(viewId, changes),
    onSuccess: refresh,
  });
}

export function useDeleteSavedView(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) => deleteSavedView(viewId),
    onSuccess: (_answer, viewId) => {
      client.removeQueries({ queryKey: savedViewKey(viewId) });
      void client.invalidateQueries({ queryKey: savedViewsKey(projectId) });
    },
  });
}
