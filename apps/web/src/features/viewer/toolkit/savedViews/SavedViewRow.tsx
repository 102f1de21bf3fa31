import { useState, type FormEvent } from 'react';
import { formatDate, MAX_SAVED_VIEW_NAME, type SavedViewSummary } from '@penstock/shared';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';

export interface SavedViewActions {
  open: (view: SavedViewSummary) => Promise<void>;
  copyLink: (view: SavedViewSummary) => Promise<void>;
  rename: (view: SavedViewSummary, name: string) => Promise<void>;
  /** replace the view's state with what the tab shows now (only for a view of the tab's own model) */
  update: (view: SavedViewSummary) => Promise<void>;
  remove: (view: SavedViewSummary) => Promise<void>;
}

type Mode = 'show' | 'rename' | 'delete';

/**
 * One saved view of the project: its name, model, author and date; Open and Copy link for everyone; Rename,
 * Update and Delete for whoever may change it (its author, a project manager: the server's `mayChange`).
 */
export function SavedViewRow({
  view,
  onThisModel,
  actions,
}: {
  view: SavedViewSummary;
  /** the view opens on the tab's own model (else Open goes to its link) */
  onThisModel: boolean;
  actions: SavedViewActions;
}) {
  const [mode, setMode] = useState<Mode>('show');
  const [name, setName] = useState(view.name);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);

  const run = async (what: string, work: () => Promise<void>, done?: string) => {
    setBusy(what);
    setError(null);
    setNote(null);
    try {
      await work();
      if (done) setNote(done);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(null);
    }
  };
  const submitRename = async (event: FormEvent) => {
    event.preventDefault();
    if (await run('rename', () => actions.rename(view, name.trim()))) setMode('show');
  };

  return (
    <li className="list-group-item px-2 saved-view" aria-label={view.name}>
      {mode === 'rename' ? (
        <form className="d-flex gap-1 mb-1" onSubmit={(event) => void submitRename(event)}>
          <input
            className="form-control form-control-sm"
            value={name}
            maxLength={MAX_SAVED_VIEW_NAME}
            aria-label={`New name of ${view.name}`}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          <button
            type="submit"
            className="btn btn-sm btn-primary"
            disabled={busy !== null || name.trim() === ''}
          >
            Save
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              setMode('show');
              setName(view.name);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <div className="fw-semibold text-break">{view.name}</div>
      )}
      <div className="small text-body-secondary">
        <span className="text-break">{view.fileName}</span>
        {onThisModel && <span className="badge text-bg-light border ms-1">this model</span>}
        <br />
        {view.createdByName} · {formatDate(view.updatedAt, 'locale-medium')}
      </div>
      {mode === 'delete' ? (
        <div
          className="d-flex flex-wrap align-items-center gap-1 mt-1"
          role="group"
          aria-label="Confirm delete"
        >
          <span className="small me-auto">Delete this view for everyone?</span>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={busy !== null}
            onClick={() => void run('delete', () => actions.remove(view))}
          >
            Delete view
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setMode('show')}>
            Keep
          </button>
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-1 mt-1">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-label={`Open ${view.name}`}
            title={
              onThisModel ? 'Go back to this view' : 'Open this view’s model in a tab and restore the view'
            }
            disabled={busy !== null}
            onClick={() => void run('open', () => actions.open(view))}
          >
            Open
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={`Copy link to ${view.name}`}
            title="Copy the view’s link to share it"
            disabled={busy !== null}
            onClick={() => void run('copy', () => actions.copyLink(view), 'Link copied.')}
          >
            Copy link
          </button>
          {view.mayChange && (
            <>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={`Rename ${view.name}`}
                disabled={busy !== null || mode === 'rename'}
                onClick={() => setMode('rename')}
              >
                Rename
              </button>
              {onThisModel && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  aria-label={`Update ${view.name} to the current view`}
                  title="Replace this view with what the viewer shows now"
                  disabled={busy !== null}
                  onClick={() => void run('update', () => actions.update(view), 'View updated.')}
                >
                  Update
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Delete ${view.name}`}
                disabled={busy !== null}
                onClick={() => setMode('delete')}
              >
                Delete
              </button>
            </>
          )}
        </div>
      )}
      <div role="status" className="small text-success">
        {note}
      </div>
      {error !== null && (
        <ErrorAlert error={error} className="small py-1 px-2 mt-1 mb-0" onClose={() => setError(null)} />
      )}
    </li>
  );
}
