import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANGED_PAGES_DPI, type ChangedPagesCount } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { changedPagesKey, fetchChangedPages, keepChangedPages } from '../api.ts';
import { openDrawingCompare } from '../hooks/compareEngine.ts';

function CountText({ count }: { count: ChangedPagesCount }) {
  const by = count.countedByName ? ` Counted by ${count.countedByName}.` : '';
  return (
    <span className="small text-nowrap" data-testid="changed-pages" title={`At ${count.dpi} dpi.${by}`}>
      {count.changed === 0
        ? 'No page differs'
        : `${count.changed} of ${count.pages} ${count.pages === 1 ? 'page differs' : 'pages differ'}`}
    </span>
  );
}

/**
 * How many pages of a drawing differ from the version before (issue 34 §3), one count for the whole team:
 * the server keeps the first count made of the pair. Until then anyone who reads both versions counts it
 * when asked, page by page in the browser (pdf.js renders, the pixel diff in its worker), and the count is
 * posted back for everyone.
 */
export function ChangedPages({
  baseVersionId,
  headVersionId,
}: {
  baseVersionId: string;
  headVersionId: string;
}) {
  const client = useQueryClient();
  const key = changedPagesKey(baseVersionId, headVersionId);
  const kept = useQuery({
    queryKey: key,
    queryFn: () => fetchChangedPages(baseVersionId, headVersionId),
    retry: false,
  });
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = async () => {
    setError(null);
    setProgress('Comparing…');
    try {
      const session = await openDrawingCompare(baseVersionId, headVersionId);
      try {
        const changed = await session.countChangedPages({ dpi: CHANGED_PAGES_DPI }, (done, total) =>
          setProgress(`Comparing ${done}/${total}…`),
        );
        setProgress('Saving the count…');
        // the answer is the count the team has (the first one made, should another browser have been first)
        const answer = await keepChangedPages({
          base: baseVersionId,
          head: headVersionId,
          changed,
          pages: session.pageCount,
        });
        client.setQueryData(key, answer);
      } finally {
        session.dispose();
      }
    } catch (failure) {
      setError(`Not counted: ${errorMessage(failure)}`);
    } finally {
      setProgress(null);
    }
  };
  if (kept.data?.count) return <CountText count={kept.data.count} />;
  const shownError =
    error ?? (kept.isError ? `The count could not be read: ${errorMessage(kept.error)}` : null);
  if (progress || kept.isPending)
    return (
      <span className="small text-nowrap" role="status">
        {progress ?? 'Loading…'}
      </span>
    );
  return (
    <>
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" onClick={() => void count()}>
        Count changed pages
      </button>
      {shownError && (
        <span role="alert" className="small text-danger d-block">
          {shownError}
        </span>
      )}
    </>
  );
}
