import { Badge, Table } from 'react-bootstrap';
import {
  formatDate,
  CALCULATIONS,
  formatSignificant,
  isCalculationId,
  type CalculationRun,
  type CalculationState,
} from '@penstock/shared';

/** How many earlier runs the 'Previous runs' list shows. */
export const PREVIOUS_RUNS_SHOWN = 5;

const STATE_VARIANT: Record<CalculationState, string> = {
  queued: 'secondary',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

const who = (run: CalculationRun) =>
  `${run.createdByName || run.createdBy} on ${formatDate(run.finishedAt ?? run.createdAt, 'date-time')}`;

function ResultsTable({ run, caption }: { run: CalculationRun; caption: string }) {
  const results = Object.entries(run.results ?? {});
  if (!results.length) return <p className="small text-body-secondary mb-0">No results.</p>;
  return (
    <Table size="sm" bordered className="small mb-0 calculation-results">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Result</th>
          <th scope="col">Value</th>
          <th scope="col">Unit</th>
        </tr>
      </thead>
      <tbody>
        {results.map(([key, result]) => (
          <tr key={key}>
            <th scope="row" className="fw-normal">
              {result.label}
            </th>
            <td>{formatSignificant(result.value)}</td>
            <td>{result.unit}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The latest run of a calculation form (its results with label, value to 4 significant figures as the PDF
 * report prints them, and unit; who ran it and when, or why it failed), a short list of the previous runs,
 * and the calculation's method and source.
 */
export function CalculationResults({
  runs,
  fmejob,
}: {
  runs: readonly CalculationRun[];
  /** the form's calculation: its method and source show beside the results */
  fmejob?: string | undefined;
}) {
  const [latest, ...previous] = runs;
  const id = fmejob || latest?.fmejob;
  const definition = isCalculationId(id) ? CALCULATIONS[id] : undefined;
  return (
    <section className="project-form-results" aria-label="Calculation results">
      <h3 className="h6">Results</h3>
      {!latest ? (
        <p className="small text-body-secondary">
          Not calculated yet. Fill in the inputs and run the calculation.
        </p>
      ) : (
        <>
          <p className="small mb-1">
            <Badge bg={STATE_VARIANT[latest.state]} className="me-1">
              {latest.state}
            </Badge>
            Run by {who(latest)}
          </p>
          {latest.state === 'failed' ? (
            <p className="small text-danger">{latest.reason ?? 'The calculation failed.'}</p>
          ) : (
            <ResultsTable run={latest} caption="Latest results" />
          )}
        </>
      )}
      {definition && (
        <dl className="small mt-2 mb-2 calculation-method" aria-label="Method and source">
          <dt>Method</dt>
          <dd className="mb-1">{definition.description}</dd>
          <dt>Source</dt>
          <dd className="mb-0 text-body-secondary">{definition.source}</dd>
        </dl>
      )}
      {previous.length > 0 && (
        <>
          <h4 className="h6 small mt-3 mb-1">Previous runs</h4>
          <ul className="list-unstyled small mb-0" aria-label="Previous runs">
            {previous.slice(0, PREVIOUS_RUNS_SHOWN).map((run) => (
              <li key={run.id} className="mb-1">
                <details>
                  <summary>
                    <Badge bg={STATE_VARIANT[run.state]} className="me-1">
                      {run.state}
                    </Badge>
                    {who(run)}
                  </summary>
                  {run.state === 'failed' ? (
                    <p className="text-danger mb-0">{run.reason ?? 'The calculation failed.'}</p>
                  ) : (
                    <ResultsTable run={run} caption={`Results of ${who(run)}`} />
                  )}
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
