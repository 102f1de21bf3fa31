import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ModelViewerState, StoredViewerState } from '@penstock/viewer';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SAVED_VIEW_PARAM, useSavedView, viewerStateOf } from './savedViewsApi.ts';

/** The address without the saved view's parameter: the view is restored (or could not be). */
const withoutView = (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.delete(SAVED_VIEW_PARAM);
  return next;
};

/**
 * The viewer's part of a saved view's link (/main?view=<view id>; the workspace opened the view's model in
 * this tab, workspace/hooks/useSavedViewLink.tsx): once this tab is the selected one and its model is
 * drawn, the view is restored (camera, other models, sections, measurements, appearance) through
 * `restoreView`, then the parameter is taken off the address, so a reload keeps what the user did since.
 * Answers what the tab shows when the view could not be restored.
 */
export function useSavedViewRestore({
  versionId,
  active,
  restoreView,
}: {
  /** the tab's own model version */
  versionId: string;
  active: boolean;
  /** going back to a stored view; null until the model is drawn */
  restoreView: ((state: ModelViewerState | StoredViewerState) => Promise<void>) | null;
}): ReactNode {
  const [params, setParams] = useSearchParams();
  const viewId = params.get(SAVED_VIEW_PARAM);
  const view = useSavedView(active ? viewId : null);
  const restored = useRef<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!viewId) restored.current = null;
    if (!viewId || !active || !restoreView || !view.data || restored.current === viewId) return;
    if (view.data.id !== viewId || view.data.versionId !== versionId) return;
    restored.current = viewId;
    restoreView(viewerStateOf(view.data)).then(
      () => setParams(withoutView, { replace: true }),
      (failure: unknown) => {
        setError(failure);
        setParams(withoutView, { replace: true });
      },
    );
  }, [viewId, active, restoreView, view.data, versionId, setParams]);

  if (error === null) return null;
  return (
    <ErrorAlert
      title="The saved view could not be restored."
      error={error}
      className="saved-view-restore-error small py-2 m-2"
      onClose={() => setError(null)}
    />
  );
}
