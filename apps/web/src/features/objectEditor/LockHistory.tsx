import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../base/api.ts';
import { fetchValueHistory, valueHistoryKey } from './api.ts';
import { formatDate } from '@penstock/shared';

/** An object's lock history (issue 31): read when opened, with its pending, error and empty states. */
export function LockHistory({
  projectId,
  fileName,
  tag,
}: {
  projectId: string;
  fileName: string;
  tag: string;
}) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: valueHistoryKey(projectId, fileName, tag),
    queryFn: () => fetchValueHistory(projectId, fileName, tag),
    enabled: open,
  });
  return (
    <div className="small">
      <button
        type="button"
        className="btn btn-link btn-sm p-0"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide lock history' : 'Lock history'}
      </button>
      {open && (
        <div aria-label={`Lock history of ${tag}`} role="region">
          {history.isPending && <p className="mb-0">Loading the lock history…</p>}
          {history.isError && (
            <p role="alert" className="text-danger mb-0">
              The lock history could not be loaded: {errorMessage(history.error)}
            </p>
          )}
          {history.data?.length === 0 && <p className="mb-0">No lock changes yet.</p>}
          {!!history.data?.length && (
            <ul className="list-unstyled mb-0">
              {history.data.map((line, i) => (
                <li key={i}>
                  {line.action === 'locked' ? 'Locked' : 'Unlocked'} {line.propName ?? 'all values'} by{' '}
                  {line.byName}, {formatDate(line.at, 'locale-medium')}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
