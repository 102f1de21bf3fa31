import { Alert } from 'react-bootstrap';
import type { WorkflowIdsSummary } from '@penstock/shared';

/**
 * The information requirements check of the model under review, in the Complete Review dialog (issue 36
 * §3): pass, not finished, or the required specifications that fail with their counts and a link to the
 * failures (the model's Information requirements panel). The gate's message (a warning, or why an A
 * suitability code is refused) is the server's.
 */
export function IdsReviewSummary({
  summary,
  onShowFailures,
}: {
  summary: WorkflowIdsSummary | null | undefined;
  /** open the model's Information requirements panel (the dialog closes) */
  onShowFailures?: (() => void) | undefined;
}) {
  if (!summary || summary.state === 'none') return null;
  const files = summary.checks.map((check) => check.idsFileName).join(', ');
  const link = onShowFailures && (
    <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onShowFailures}>
      Show the failures in the model
    </button>
  );
  if (summary.state === 'pass')
    return (
      <p className="small mb-2 text-success" aria-label="Information requirements">
        Information requirements: the model passes every specification of {files}.
      </p>
    );
  if (summary.state === 'pending')
    return (
      <Alert
        variant={summary.gated ? 'warning' : 'info'}
        className="small py-2"
        aria-label="Information requirements"
      >
        {summary.message ?? 'The information requirements check of this model has not finished yet.'}
      </Alert>
    );
  const refused = summary.gated && summary.gate === 'refuse';
  return (
    <Alert
      variant={refused ? 'danger' : 'warning'}
      className="small py-2"
      aria-label="Information requirements"
    >
      <strong className="d-block mb-1">
        {summary.message ?? 'This model fails required information specifications.'}
      </strong>
      <ul className="mb-1 ps-3">
        {summary.checks.map((check) =>
          check.status === 'failed' ? (
            <li key={check.checkId}>
              {check.idsFileName}: the check failed{check.error ? ` (${check.error})` : ''}.
            </li>
          ) : (
            [
              ...check.requiredFailed.map((spec) => ({ spec, words: 'failing object' })),
              ...check.prohibitedFailed.map((spec) => ({ spec, words: 'prohibited object' })),
            ].map(({ spec, words }) => (
              <li key={`${check.checkId}:${spec.index}`}>
                {spec.name}: {spec.failed} {words}
                {spec.failed === 1 ? '' : 's'}{' '}
                <span className="text-body-secondary">({check.idsFileName})</span>
              </li>
            ))
          ),
        )}
      </ul>
      {link}
    </Alert>
  );
}
