import { useState } from 'react';
import { Alert, ProgressBar } from 'react-bootstrap';
import { CHANGE_ASPECTS, CHANGE_KINDS, type ChangeKind, type ModelChange } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { ToolPanel } from './ToolPanel.tsx';
import type { ToolPanelProps } from './useToolkitPanels.tsx';
import {
  ASPECT_LABELS,
  CHANGE_COLOURS,
  KIND_LABELS,
  NO_FILTERS,
  activeFilterCount,
  changeRows,
  changeTarget,
  changeTitle,
  kindCounts,
  type ChangeFilters,
} from './compare/changeList.ts';
import { changesXlsxHref, useChanges, useRaiseIssues } from './compare/compareApi.ts';
import type { CompareView } from './compare/useCompareView.ts';
import './compare/compare.css';

export const CHANGES_TITLE = 'Changes';
/** How many changes the list shows at once (the filters narrow it). */
export const CHANGES_LIST_LIMIT = 500;

const progressText = (progress: number | null) =>
  `Comparing the models… ${Math.round((progress ?? 0) * 100)} %`;

/** The compare's state while it is not done: asked, queued, running, failed or refused. */
function CompareStatus({ view }: { view: CompareView }) {
  const { compare } = view;
  if (compare.isError)
    return <ErrorAlert title="The models cannot be compared." error={compare.error} className="mb-0" />;
  if (!compare.data)
    return (
      <p role="status" className="small mb-0">
        Asking for the compare…
      </p>
    );
  const { status, progress, error } = compare.data;
  if (status === 'failed')
    return (
      <Alert variant="danger" className="mb-0">
        <strong className="d-block mb-1">The compare failed.</strong>
        {error ?? 'The compare failed without a reason.'}
      </Alert>
    );
  return (
    <div role="status">
      <p className="small mb-2">
        {status === 'queued' ? 'The compare is waiting to start…' : progressText(progress)}
      </p>
      <ProgressBar
        now={Math.round((progress ?? 0) * 100)}
        aria-label="Compare progress"
        animated
        variant="warning"
      />
    </div>
  );
}

/** Old and new values of the chosen change, side by side. */
function ChangeDetail({ change }: { change: ModelChange }) {
  const rows = changeRows(change);
  return (
    <div className="compare-detail mt-2" aria-label="Old and new values">
      <div className="small text-body-secondary mb-1">
        {change.ifcClass}
        {change.tag ? ` · ${change.tag}` : ''}
        {change.storey ? ` · ${change.storey}` : ''} ·{' '}
        <span className="font-monospace">{change.globalId}</span>
        {change.matchedBy === 'tag' ? ' · matched by tag' : ''}
      </div>
      <table className="table table-sm table-bordered mb-0 small">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Old</th>
            <th scope="col">New</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.group}:${row.label}`}>
              <th scope="row" className="fw-normal">
                {row.label}
              </th>
              <td className="compare-old">{row.old}</td>
              <td className="compare-new">{row.new}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      className="form-select form-select-sm"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{label}: all</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The Changes panel of a model compare tab (issue 34 §2): the compare's progress while it runs, then the
 * counts per kind, the filters (kind, aspect, class, storey, property, search), the list (a click frames
 * the object in the model that has it and shows the old and new values side by side), the XLSX export of
 * the filtered list, and the selected changes raised as issues in one action.
 */
export function ChangesPanel({ viewer, projectId, compare: view, onClose }: ToolPanelProps) {
  const [filters, setFilters] = useState<ChangeFilters>(NO_FILTERS);
  const [chosen, setChosen] = useState<ModelChange | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [raised, setRaised] = useState<number | null>(null);
  const may = useMayInProject(projectId);
  const done = view?.compare.data?.status === 'done' ? view.compare.data : null;
  const page = useChanges(done?.id ?? null, filters, { offset: 0, limit: CHANGES_LIST_LIMIT });
  const raise = useRaiseIssues(done?.id ?? null, projectId);

  if (!view) return null;
  const counts = kindCounts(done?.summary ?? null);
  const facets = page.data?.facets ?? { ifcClass: [], storey: [], property: [] };
  const set = (patch: Partial<ChangeFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setRaised(null);
  };
  const choose = (change: ModelChange) => {
    setChosen(change);
    const target = changeTarget(change);
    if (!target) return;
    void viewer.selectObjects([target]).then(() => viewer.fitObjects([target]));
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
    setRaised(null);
  };
  const shown = page.data?.changes ?? [];

  return (
    <ToolPanel title={CHANGES_TITLE} onClose={onClose}>
      {!done && <CompareStatus view={view} />}
      {view.look.error && (
        <ErrorAlert title="The compare cannot be shown in the viewer." error={new Error(view.look.error)} />
      )}
      {done && (
        <>
          <div className="compare-kinds mb-2" role="group" aria-label="Kinds of change">
            {CHANGE_KINDS.map((kind: ChangeKind) => (
              <button
                key={kind}
                type="button"
                className={`btn btn-sm ${filters.kind === kind ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={filters.kind === kind}
                onClick={() => set({ kind: filters.kind === kind ? '' : kind })}
              >
                <span
                  className="compare-swatch"
                  style={{ background: CHANGE_COLOURS[kind] }}
                  aria-hidden="true"
                />
                {KIND_LABELS[kind]} <span className="badge text-bg-light">{counts[kind]}</span>
              </button>
            ))}
            <span className="small text-body-secondary align-self-center" title="Faded in the viewer">
              Unchanged {counts.unchanged}
            </span>
          </div>
          <div className="compare-filters mb-2">
            <Select
              label="Changed"
              value={filters.aspect}
              options={CHANGE_ASPECTS.map((aspect) => ({ value: aspect, label: ASPECT_LABELS[aspect] }))}
              onChange={(aspect) => set({ aspect: aspect as ChangeFilters['aspect'] })}
            />
            <Select
              label="Class"
              value={filters.ifcClass}
              options={plain(facets.ifcClass)}
              onChange={(ifcClass) => set({ ifcClass })}
            />
            <Select
              label="Storey"
              value={filters.storey}
              options={plain(facets.storey)}
              onChange={(storey) => set({ storey })}
            />
            <Select
              label="Property"
              value={filters.property}
              options={plain(facets.property)}
              onChange={(property) => set({ property })}
            />
            <input
              type="search"
              className="form-control form-control-sm"
              placeholder="Search name, tag or GlobalId"
              aria-label="Search changes"
              value={filters.search}
              onChange={(event) => set({ search: event.target.value })}
            />
          </div>
          <div className="d-flex align-items-center gap-2 mb-2 flex-wrap">
            <span className="small me-auto" role="status">
              {page.data
                ? `${page.data.total} change${page.data.total === 1 ? '' : 's'}`
                : 'Loading the changes…'}
              {activeFilterCount(filters) > 0 && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 ms-2"
                  onClick={() => set(NO_FILTERS)}
                >
                  Clear filters
                </button>
              )}
            </span>
            {view.look.painted && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                title="Colour the changes in the viewer again (after the Visibility tools changed the look)"
                onClick={view.repaint}
              >
                Recolour
              </button>
            )}
            <a className="btn btn-sm btn-outline-primary" href={changesXlsxHref(done.id, filters)} download>
              Export XLSX
            </a>
            {may('writeIssues') && (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={picked.size === 0 || raise.isPending}
                onClick={() =>
                  raise.mutate([...picked], {
                    onSuccess: (issues) => {
                      setRaised(issues.length);
                      setPicked(new Set());
                    },
                  })
                }
              >
                Raise issues{picked.size > 0 ? ` (${picked.size})` : ''}
              </button>
            )}
          </div>
          {raised !== null && (
            <Alert variant="success" className="py-2 small" onClose={() => setRaised(null)} dismissible>
              {raised === 1 ? '1 issue raised' : `${raised} issues raised`}, pinned on the changed objects.
            </Alert>
          )}
          {raise.isError && (
            <ErrorAlert
              title="The issues could not be raised."
              error={new Error(errorMessage(raise.error))}
            />
          )}
          {page.isError && <ErrorAlert title="The changes could not be loaded." error={page.error} />}
          {page.data && page.data.total === 0 && (
            <p className="small text-body-secondary">
              {activeFilterCount(filters) > 0
                ? 'No change matches the filters.'
                : 'Nothing changed between the two versions.'}
            </p>
          )}
          <ul className="list-group compare-list" aria-label="Changes">
            {shown.map((change) => (
              <li
                key={change.id}
                className={`list-group-item list-group-item-action px-2 py-1 ${chosen?.id === change.id ? 'active' : ''}`}
              >
                <div className="d-flex align-items-center gap-2">
                  <input
                    type="checkbox"
                    className="form-check-input mt-0"
                    aria-label={`Choose ${changeTitle(change)}`}
                    checked={picked.has(change.id)}
                    onChange={(event) => toggle(change.id, event.target.checked)}
                  />
                  <span
                    className="compare-swatch"
                    style={{ background: CHANGE_COLOURS[change.kind] }}
                    title={KIND_LABELS[change.kind]}
                  />
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 text-start text-truncate me-auto compare-open"
                    onClick={() => choose(change)}
                  >
                    {changeTitle(change)}
                  </button>
                  <span className="small text-truncate compare-class">{change.ifcClass}</span>
                </div>
                <div className="small compare-meta">
                  {KIND_LABELS[change.kind]}
                  {change.aspects.length > 0 && `: ${change.aspects.map((a) => ASPECT_LABELS[a]).join(', ')}`}
                  {change.storey ? ` · ${change.storey}` : ''}
                </div>
                {chosen?.id === change.id && <ChangeDetail change={change} />}
              </li>
            ))}
          </ul>
          {page.data && page.data.total > shown.length && (
            <p className="small text-body-secondary mt-2 mb-0">
              Showing {shown.length} of {page.data.total}: narrow the list with the filters.
            </p>
          )}
        </>
      )}
    </ToolPanel>
  );
}
