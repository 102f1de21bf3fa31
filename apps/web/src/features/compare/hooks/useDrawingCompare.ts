import { useCallback, useEffect, useRef, useState } from 'react';
import type { Alignment, PageCompare, PdfCompareSession, PixelRect } from '@penstock/viewer/compare';
import { errorMessage } from '../../../base/api.ts';
import { openDrawingCompare } from './compareEngine.ts';

export const DPI_CHOICES = [72, 100, 150, 200] as const;
export const DEFAULT_DPI = 100;
export const IDENTITY: Alignment = { scale: 1, offsetX: 0, offsetY: 0 };

/** The clouds found on a page, and which of them the user dropped. */
export interface PageClouds {
  width: number;
  height: number;
  regions: PixelRect[];
  dropped: number[];
}

/**
 * A drawing compare: the session (both PDFs open), the page shown, the resolution and alignment, and the
 * page's compare. One compare runs at a time (a queue): changing page or settings while one runs waits
 * for it, so at most two pages' images are ever alive; an answer for settings no longer wanted is dropped.
 * The clouds of every page looked at are kept (small), with the user's drops, for saving as markups.
 */
export function useDrawingCompare(baseVersionId: string, headVersionId: string, active: boolean) {
  const [session, setSession] = useState<PdfCompareSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [dpi, setDpi] = useState<number>(DEFAULT_DPI);
  const [alignment, setAlignment] = useState<Alignment>(IDENTITY);
  const [page, setPage] = useState<PageCompare | null>(null);
  // the settings of the last compare finished (or failed): busy while they are not those wanted
  const [doneKey, setDoneKey] = useState<string | null>(null);
  const wantedKey = `${pageIndex}|${dpi}|${alignment.scale}|${alignment.offsetX}|${alignment.offsetY}`;
  const busy = session !== null && doneKey !== wantedKey;
  const [clouds, setClouds] = useState<Record<number, PageClouds>>({});
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  // the PDFs are opened when the tab is first shown, and stay open while it is
  const [started, setStarted] = useState(active);
  if (active && !started) setStarted(true);
  useEffect(() => {
    if (!started) return;
    let cancelled = false;
    let opened: PdfCompareSession | null = null;
    openDrawingCompare(baseVersionId, headVersionId)
      .then((created) => {
        opened = created;
        if (cancelled) created.dispose();
        else setSession(created);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(`The drawings could not be opened: ${errorMessage(failure)}`);
      });
    return () => {
      cancelled = true;
      opened?.dispose();
      setSession(null);
    };
  }, [baseVersionId, headVersionId, started]);

  useEffect(() => {
    if (!session) return;
    let wanted = true;
    const key = wantedKey;
    const run = queue.current.then(async () => {
      if (!wanted) return;
      try {
        const result = await session.comparePage(pageIndex, { dpi, alignment });
        if (!wanted) return;
        setPage(result);
        setError(null);
        setClouds((all) => ({
          ...all,
          [pageIndex]: { width: result.width, height: result.height, regions: result.regions, dropped: [] },
        }));
      } catch (failure) {
        if (wanted) setError(`The pages could not be compared: ${errorMessage(failure)}`);
      } finally {
        if (wanted) setDoneKey(key);
      }
    });
    queue.current = run;
    return () => {
      wanted = false;
    };
    // wantedKey is made of the other dependencies
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, pageIndex, dpi, alignment]);

  const toggleCloud = useCallback((index: number, cloud: number) => {
    setClouds((all) => {
      const current = all[index];
      if (!current) return all;
      const dropped = current.dropped.includes(cloud)
        ? current.dropped.filter((other) => other !== cloud)
        : [...current.dropped, cloud];
      return { ...all, [index]: { ...current, dropped } };
    });
  }, []);

  return {
    session,
    pageCount: session?.pageCount ?? 0,
    error,
    pageIndex,
    setPageIndex,
    dpi,
    setDpi,
    alignment,
    setAlignment,
    page,
    busy,
    clouds,
    toggleCloud,
  };
}

export type DrawingCompare = ReturnType<typeof useDrawingCompare>;
