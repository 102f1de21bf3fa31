import { useState } from 'react';
import { Alert, ProgressBar, Spinner } from 'react-bootstrap';
import { FaFileExcel, FaPalette } from 'react-icons/fa6';
import type { IdsCheck, IdsFailingObject, IdsIssueMode } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { idsReportHref, useRaiseIdsIssues } from '../api.ts';
import { resultLegendTitle } from './resultAppearance.ts';
import { SpecificationRow } from './SpecificationRow.tsx';

/** A check's result in one line. */
export function checkSummary(check: IdsCheck): string {
  if (check.status === 'queued') return 'Waiting to be checked…';
  if (check.status === 'running') return `Checking… ${Math.round((check.progress ?? 0) * 100)} %`;
  if (check.status === 'failed') return 'The check failed.';
  const { specifications, failed, requiredFailed, prohibitedFailed } = check.counts;
  if (failed === 0) return `Passes all ${specifications} specification${specifications === 1 ? '' : 's'}.`;
  const which = [
    requiredFailed ? `${requiredFailed} required` : '',
    prohibitedFailed ? `${prohibitedFailed} prohibited` : '',
  ].filter(Boolean);
  return `Fails ${failed} of ${specifications} specification${specifications === 1 ? '' : 's'}${
    which.length ? ` (${which.join(', ')})` : ''
  }.`;
}

/**
 * One IDS file's check of the model: its progress, or its result with each specification (the failing ones
 * first to hand), colour by result (every specification, or one), the BCF and XLSX reports, and failures
 * raised as issues.
 */
export function CheckResult({
  projectId,
  check,
  colouredBy,
  mayRaise,
  firstOpen,
  onColour,
  onChoose,
}: {
  projectId: string;
  check: IdsCheck;
  /** the title of what the view is coloured by now */
  colouredBy: string | null;
  mayRaise: boolean;
  /** the specification to show open at first (the first failing one of the panel) */
  firstOpen: number | null;
  onColour: (specification: number | null, title: string) => void;
  onChoose: (object: IdsFailingObject) => void;
}) {
  // until the user opens or closes one, the first failing specification of the panel is open
  const [opened, setOpen] = useState<ReadonlySet<number> | null>(null);
  const open = opened ?? new Set(firstOpen === null ? [] : [firstOpen]);
  const [onlyFailing, setOnlyFailing] = useState(true);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [mode, setMode] = useState<IdsIssueMode>('specification');
  const raise = useRaiseIdsIssues(projectId);
  const name = check.idsTitle || check.idsFileName;
  const done = check.status === 'done';
  const failing = check.specifications.filter((spec) => !spec.pass);
  const shown = onlyFailing && failing.length ? failing : check.specifications;
  const allTitle = resultLegendTitle(name);
  const toggle = (set: ReadonlySet<number>, index: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(index);
    else next.delete(index);
    return next;
  };

  return (
    <section className="ids-check mb-3" aria-label={`${name}: result`}>
      <h3 className="h6 mb-1 text-break">{name}</h3>
      {check.idsTitle && <div className="small text-body-secondary text-break">{check.idsFileName}</div>}
      <p className={`small mb-1 ${done ? (check.pass ? 'text-success' : 'text-danger') : ''}`} role="status">
        {checkSummary(check)}
        {check.includeDynamic ? ' Values entered in Penstock included.' : ''}
      </p>
      {(check.status === 'queued' || check.status === 'running') && (
        <ProgressBar now={Math.round((check.progress ?? 0) * 100)} animated aria-label="Check progress" />
      )}
      {check.status === 'failed' && (
        <Alert variant="danger" className="small py-2">
          {check.error ?? 'The check failed without a reason.'}
        </Alert>
      )}
      {done && (
        <>
          <div className="d-flex flex-wrap gap-1 mb-2">
            <button
              type="button"
              className={`btn btn-sm ${colouredBy === allTitle ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-pressed={colouredBy === allTitle}
              title="Failing objects red, passing green, the rest faded"
              onClick={() => onColour(null, allTitle)}
            >
              <FaPalette aria-hidden="true" className="me-1" />
              Colour by result
            </button>
            <a
              className="btn btn-sm btn-outline-primary"
              href={idsReportHref(projectId, check.id, 'bcf')}
              download
              title="One topic per failing specification, its failing objects as components (BCF 3.0)"
            >
              Export BCF
            </a>
            <a
              className="btn btn-sm btn-outline-primary"
              href={idsReportHref(projectId, check.id, 'xlsx')}
              download
            >
              <FaFileExcel aria-hidden="true" className="me-1" />
              Export XLSX
            </a>
          </div>
          {failing.length > 0 && (
            <div className="form-check form-switch small mb-1">
              <input
                id={`ids-only-failing-${check.id}`}
                type="checkbox"
                className="form-check-input"
                checked={onlyFailing}
                onChange={(event) => setOnlyFailing(event.target.checked)}
              />
              <label className="form-check-label" htmlFor={`ids-only-failing-${check.id}`}>
                Only failing specifications ({failing.length} of {check.specifications.length})
              </label>
            </div>
          )}
          <ul className="list-group mb-2" aria-label="Specifications">
            {shown.map((spec) => {
              const title = resultLegendTitle(name, spec.name);
              return (
                <SpecificationRow
                  key={spec.index}
                  projectId={projectId}
                  checkId={check.id}
                  spec={spec}
                  open={open.has(spec.index)}
                  onToggle={() => setOpen(toggle(open, spec.index, !open.has(spec.index)))}
                  coloured={colouredBy === title}
                  onColour={() => onColour(spec.index, title)}
                  picked={mayRaise && !spec.pass ? picked.has(spec.index) : null}
                  onPick={(on) => {
                    raise.reset();
                    setPicked(toggle(picked, spec.index, on));
                  }}
                  onChoose={onChoose}
                />
              );
            })}
          </ul>
          {mayRaise && failing.length > 0 && (
            <div className="d-flex flex-wrap align-items-center gap-1">
              <select
                className="form-select form-select-sm w-auto"
                aria-label="Issues"
                value={mode}
                onChange={(event) => setMode(event.target.value as IdsIssueMode)}
              >
                <option value="specification">One issue per specification</option>
                <option value="object">One issue per failing object</option>
              </select>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={picked.size === 0 || raise.isPending}
                title="Open quality issues pinned on the failing objects of the chosen specifications"
                onClick={() =>
                  raise.mutate(
                    { checkId: check.id, request: { specifications: [...picked], mode } },
                    { onSuccess: () => setPicked(new Set()) },
                  )
                }
              >
                {raise.isPending && (
                  <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
                )}
                Create issues{picked.size ? ` (${picked.size})` : ''}
              </button>
            </div>
          )}
          {raise.isSuccess && (
            <Alert
              variant="success"
              className="small py-2 mt-2 mb-0"
              dismissible
              onClose={() => raise.reset()}
            >
              {raise.data.created === 1 ? '1 issue created' : `${raise.data.created} issues created`}, pinned
              on the failing objects.
            </Alert>
          )}
          {raise.isError && (
            <ErrorAlert className="small py-2 mt-2" title="No issue was created." error={raise.error} />
          )}
        </>
      )}
    </section>
  );
}
