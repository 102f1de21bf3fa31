/**
 * The page's end-to-end handles (apps/web/src/features/viewer/testHook.ts, which declares them on Window),
 * as the tests see them: the selected tab's 3D viewer and PDF viewer.
 */
import type { PenstockPdfHook, PenstockViewerHook } from '../../apps/web/src/features/viewer/testHook.ts';

export type ViewerHook = PenstockViewerHook;
export type PdfHook = PenstockPdfHook;
