import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAX_SAVED_VIEW_NAME, type SavedViewSummary } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { copyText } from '../../legend/hooks/useCopy.ts';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { SavedViewRow, type SavedViewActions } from './savedViews/SavedViewRow.tsx';
import {
  fetchSavedView,
  savedViewHref,
  savedViewKey,
  savedViewUrl,
  useCreateSavedView,
  useDeleteSavedView,
  useSavedViews,
  useUpdateSavedView,
  viewerStateOf,
} from './savedViewsApi.ts';
import { ToolPanel } from './ToolPanel.tsx';
import type { ToolPanelProps } from './useToolkitPanels.tsx';

export const SAVED_VIEWS_TITLE = 'Saved views';

/** "Save current view": a name, then the whole view (camera, models, sections, measurements, appearance). */
function SaveViewForm({
  projectId,
  versionId,
  currentView,
}: Pick<ToolPanelProps, 'projectId' | 'versionId' | 'currentView'>) {
  const id = useId();
  const [name, setName] = useState('');
  const create = useCreateSavedView(projectId);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const trimmed = name.trim();
    void currentView().then((state) =>
      create.mutate(
        { name: trimmed, versionId, state },
        {
          onSuccess: (view) => {
            setName('');
            setSaved(`Saved “${view.name}”.`);
          },
        },
      ),
    );
  };
  return (
    <form className="mb-3" onSubmit={submit} aria-label="Save the current view">
      <label htmlFor={`${id}-name`} className="form-label small mb-1">
        Name of the view
      </label>
      <div className="d-flex gap-1">
        <input
          id={`${id}-name`}
          className="form-control form-control-sm"
          value={name}
          maxLength={MAX_SAVED_VIEW_NAME}
          placeholder="e.g. Inlet channel section"
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="submit"
          className="btn btn-sm btn-primary text-nowrap"
          disabled={create.isPending || name.trim() === ''}
        >
          Save current view
        </button>
      </div>
      <div role="status" className="small text-success mt-1">
        {saved}
      </div>
      {create.isError && (
        <ErrorAlert
          title="The view was not saved."
          error={create.error}
          className="small py-1 px-2 mb-0"
          onClose={() => create.reset()}
        />
      )}
    </form>
  );
}

/**
 * The Saved views panel of the 3D tools (issue 33 §1): the project's views for the team (name, model,
 * author, date), saving the current view, and per view Open, Copy link and, for its author or a project
 * manager, Rename, Update and Delete. A view of this tab's model opens in place; another model's opens
 * through its link (its model in a tab of its own, then the view restored: savedViewLink.ts).
 */
export function SavedViewsPanel({ projectId, versionId, currentView, restoreView, onClose }: ToolPanelProps) {
  const views = useSavedViews(projectId);
  const may = useMayInProject(projectId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const update = useUpdateSavedView(projectId);
  const remove = useDeleteSavedView(projectId);

  const actions: SavedViewActions = {
    open: async (view) => {
      if (view.versionId !== versionId) {
        await navigate(savedViewHref(view.id));
        return;
      }
      const full = await client.fetchQuery({
        queryKey: savedViewKey(view.id),
        queryFn: () => fetchSavedView(view.id),
        staleTime: 0,
      });
      await restoreView(viewerStateOf(full));
    },
    copyLink: async (view) => {
      const url = savedViewUrl(view.id);
      await copyText(url).catch(() => {
        throw new Error(`The link could not be copied: select it and copy it by hand: ${url}`);
      });
    },
    rename: async (view, name) => {
      await update.mutateAsync({ viewId: view.id, changes: { name } });
    },
    update: async (view) => {
      await update.mutateAsync({ viewId: view.id, changes: { state: await currentView() } });
    },
    remove: async (view) => {
      await remove.mutateAsync(view.id);
    },
  };

  return (
    <ToolPanel title={SAVED_VIEWS_TITLE} onClose={onClose}>
      {may('saveViews') && (
        <SaveViewForm projectId={projectId} versionId={versionId} currentView={currentView} />
      )}
      {views.isPending && <Loading label="Loading the saved views..." />}
      {views.isError && <ErrorAlert title="The saved views could not be loaded." error={views.error} />}
      {views.data?.length === 0 && (
        <p className="text-body-secondary small">
          No saved views in this project yet.
          {may('saveViews') && ' Name the view you see and save it for the team.'}
        </p>
      )}
      {!!views.data?.length && (
        <ul className="list-group" aria-label="The project’s saved views">
          {sortForTab(views.data, versionId).map((view) => (
            <SavedViewRow
              key={view.id}
              view={view}
              onThisModel={view.versionId === versionId}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </ToolPanel>
  );
}

/** The views of this tab's model first, then the others; by name within each (the server's order). */
function sortForTab(views: readonly SavedViewSummary[], versionId: string): SavedViewSummary[] {
  return [
    ...views.filter((view) => view.versionId === versionId),
    ...views.filter((view) => view.versionId !== versionId),
  ];
}
