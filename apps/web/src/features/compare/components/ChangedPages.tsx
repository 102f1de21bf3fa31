import { useState } from 'react';
import { errorMessage } from '../../../base/api.ts';
import { openDrawingCompare } from '../hooks/compareEngine.ts';

/** Counting compares at screen resolution: a quick answer for the version list. */
const COUNT_DPI = 72;
const cacheKey = (base: string, head: string) =>
  `penstock.drawingCompare.changedPages.${base}..${head}.${COUNT_DPI}`;

interface Counted {
  changed: number;
  pages: number;
}

/** Versions never change, so a count once made holds: it is kept in the browser. */
function cached(base: string, head: string): Counted | null {
  try {
    const value = JSON.parse(localStorage.getItem(cacheKey(base, head)) ?? 'null') as Counted | null;
    return value && Number.isInteger(value.changed) && Number.isInteger(value.pages) ? value : null;
  } catch {
    return null;
  }
}

/**
 * How many pages of a drawing differ from the version before (issue 34 §3): counted when asked, page by
 * page in the browser (the diff in its worker), then remembered for this pair of versions.
 */
export function ChangedPages({
  baseVersionId,
  headVersionId,
}: {
  baseVersionId: string;
  headVersionId: string;
}) {
  const [result, setResult] = useState<Counted | null>(() => cached(baseVersionId, headVersionId));
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const count = async () => {
    setError(null);
    setProgress('Comparing…');
    try {
      const session = await openDrawingCompare(baseVersionId, headVersionId);
      try {
        const changed = await session.countChangedPages({ dpi: COUNT_DPI }, (done, total) =>
          setProgress(`Comparing ${done}/${total}…`),
        );
        const counted = { changed, pages: session.pageCount };
        localStorage.setItem(cacheKey(baseVersionId, headVersionId), JSON.stringify(counted));
        setResult(counted);
      } finally {
        session.dispose();
      }
    } catch (failure) {
      setError(`Not counted: ${errorMessage(failure)}`);
    } finally {
      setProgress(null);
    }
  };
  if (result)
    return (
      <span className="small text-nowrap" data-testid="changed-pages">
        {result.changed === 0
          ? 'No page differs'
          : `${result.changed} of ${result.pages} ${result.pages === 1 ? 'page differs' : 'pages differ'}`}
      </span>
    );
  if (progress)
    return (
      <span className="small text-nowrap" role="status">
        {progress}
      </span>
    );
  return (
    <>
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" onClick={() => void count()}>
        Count changed pages
      </button>
      {error && (
        <span role="alert" className="small text-danger d-block">
          {error}
        </span>
      )}
    </>
  );
}
