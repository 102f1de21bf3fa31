import type { IdsProblem, IdsValidation } from '@penstock/shared';
import { useIdsValidation } from './api.ts';

/** 'line 12: ...' where the reader knows the line. */
export const idsProblemText = (problem: IdsProblem) =>
  problem.line ? `line ${problem.line}: ${problem.message}` : problem.message;

/** An IDS version's status in a few words: 'Valid · 20 specifications' or 'Invalid'. */
export const validityLabel = (validation: Pick<IdsValidation, 'status' | 'specifications'>) =>
  validation.status === 'valid'
    ? `Valid · ${validation.specifications.length} specification${validation.specifications.length === 1 ? '' : 's'}`
    : 'Invalid';

/**
 * An IDS version's status: valid with its count of specifications, or invalid with the problems the server
 * found (the schema's or the audit's message, with its line), which keep it from being used to check.
 */
export function IdsValidity({
  validation,
  compact = false,
}: {
  validation: Pick<IdsValidation, 'status' | 'specifications' | 'problems'>;
  /** a badge only, the problems in its tooltip */
  compact?: boolean;
}) {
  const valid = validation.status === 'valid';
  const label = validityLabel(validation);
  const badge = (
    <span
      className={`badge ${valid ? 'text-bg-success' : 'text-bg-danger'} ids-validity`}
      title={valid ? label : [label, ...validation.problems.map(idsProblemText)].join('\n')}
    >
      {/* compact (the project browser's row): a word, the rest in the tooltip and for screen readers */}
      {compact ? (
        <>
          <span aria-hidden="true">{valid ? 'valid' : 'invalid'}</span>
          <span className="visually-hidden">{label}</span>
        </>
      ) : (
        label
      )}
    </span>
  );
  if (compact || valid) return badge;
  return (
    <div className="ids-validity-problems">
      {badge}
      <span className="small ms-1">Not used to check models until it is put right.</span>
      <ul className="small mb-0 ps-3 mt-1">
        {validation.problems.slice(0, 10).map((problem, i) => (
          <li key={i}>{idsProblemText(problem)}</li>
        ))}
        {validation.problems.length > 10 && <li>and {validation.problems.length - 10} more</li>}
      </ul>
    </div>
  );
}

/** One stored version of an IDS file: its status as the server recorded it on upload (the versions list). */
export function IdsVersionStatus({ projectId, versionId }: { projectId: string; versionId: string }) {
  const validation = useIdsValidation(projectId, versionId);
  if (validation.isPending) return <span className="small text-body-secondary">Reading…</span>;
  if (validation.isError) return null;
  return <IdsValidity validation={validation.data} />;
}
