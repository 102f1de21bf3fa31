import type { DsearHistoryLine } from '@penstock/shared';
import { formatDate } from '@penstock/shared';

const ACTION_TEXT: Record<DsearHistoryLine['action'], string> = {
  created: 'Created the entry',
  updated: 'Updated the entry',
  approved: 'Approved',
};

/** Every save and approval, newest first: who, when, what, and which fields changed. */
export function DsearHistory({ history }: { history: DsearHistoryLine[] }) {
  const lines = [...history].reverse();
  return (
    <section aria-labelledby="dsear-history" className="mb-4">
      <h2 id="dsear-history" className="h5">
        History
      </h2>
      {lines.length === 0 ? (
        <p className="text-secondary small">No history recorded.</p>
      ) : (
        <ol className="list-unstyled dsear-history mb-0" aria-label="History">
          {lines.map((line, index) => (
            <li key={`${line.at}-${index}`} className="dsear-history-line">
              <div>
                <time dateTime={line.at} className="text-secondary me-2">
                  {formatDate(line.at, 'date, time')}
                </time>
                <strong>{line.byName || line.byEmail}</strong>{' '}
                <span className="text-secondary small">{line.byEmail}</span>
                <span className="ms-2">{ACTION_TEXT[line.action] ?? line.action}</span>
              </div>
              {line.changes.length > 0 && (
                <ul className="small mb-0 dsear-changes">
                  {line.changes.map((change, i) => (
                    <li key={`${change.field}-${i}`}>
                      <span className="fw-semibold">{change.field}</span>:{' '}
                      <span className="text-secondary">{change.from || '(blank)'}</span> →{' '}
                      <span>{change.to || '(blank)'}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
