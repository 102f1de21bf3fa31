/** Pure page and zoom rules of the PDF viewer (no pdf.js import: safe anywhere, tests included). */

/** A page index (from 0) kept within the document's range. */
export const clampPage = (index: number, pageCount: number): number =>
  pageCount <= 0 ? 0 : Math.min(Math.max(0, Math.trunc(index)), pageCount - 1);

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 8;

export const clampZoom = (zoom: number): number => Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM);

/** Room kept beside a fitted page (px): the scroll bar and a small margin. */
export const FIT_MARGIN = 16;

/**
 * The CSS scale at which a page of `pageWidth` points fills a container `containerWidth` px wide (fit to
 * width, the initial zoom). An unmeasured container (0 wide) keeps the page at 100 %.
 */
export const fitWidthScale = (containerWidth: number, pageWidth: number, margin = FIT_MARGIN): number =>
  containerWidth <= margin || pageWidth <= 0 ? 1 : Math.max(0.1, (containerWidth - margin) / pageWidth);

/** A run of text on a page: its box in page units at scale 1, y down. */
export interface TextRun {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The run under a point (page units), allowing a little slack around small text; the nearest wins. */
export function runAt(runs: readonly TextRun[], x: number, y: number, slack = 2): string | null {
  let best: TextRun | null = null;
  let bestDistance = Infinity;
  for (const run of runs) {
    if (x < run.left - slack || x > run.right + slack || y < run.top - slack || y > run.bottom + slack)
      continue;
    const distance = Math.abs(x - (run.left + run.right) / 2) + Math.abs(y - (run.top + run.bottom) / 2);
    if (distance < bestDistance) {
      best = run;
      bestDistance = distance;
    }
  }
  return best?.text ?? null;
}
