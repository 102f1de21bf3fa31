import { useState, type RefObject } from 'react';
import type Konva from 'konva';
import { SKETCH, type LegendData, type SketchBounds } from '@penstock/shared';
import type { SketchEditor } from '../state/useSketchEditor.ts';
import type { PublishAction } from '../components/SketchToolbar.tsx';
import { downloadBlob } from '../../../base/download.ts';
import {
  PID_LIST_FILE_NAMES,
  drawingBounds,
  exportArea,
  exportItemList,
  landscape,
  exportPidList,
  exportRasterPdf,
  exportSketchSvg,
  exportSketchVectorPdf,
} from '../export/index.ts';

/**
 * The whole drawing (`bounds`, drawing units) as a PNG at the spec's pixel ratio 2 (two pixels per drawing
 * unit, whatever the zoom), without the selection handles: what lies outside the canvas's view too.
 */
export function stagePng(stage: Konva.Stage, bounds: SketchBounds): string {
  // selection handles, the grid, ports, guides and dangling-end rings are the editor's, not the drawing's
  const hidden = [...stage.find('Transformer'), ...stage.find('.editor-only')].filter((node) =>
    node.visible(),
  );
  hidden.forEach((node) => node.hide());
  let restorePaper = () => {};
  try {
    const area = exportArea(
      bounds,
      { x: stage.x(), y: stage.y(), scale: stage.scaleX() },
      SKETCH.exportPixelRatio,
    );
    // the white paper covers the view only: under the whole drawing for the picture
    const paper = stage.findOne('.paper');
    if (paper) {
      const kept = { x: paper.x(), y: paper.y(), width: paper.width(), height: paper.height() };
      paper.setAttrs({ x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height });
      restorePaper = () => paper.setAttrs(kept);
    }
    return stage.toDataURL({ ...area, mimeType: 'image/png' });
  } finally {
    restorePaper();
    hidden.forEach((node) => node.show());
  }
}

async function dataUrlBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

/** The publishing tools: image and PDF as the spec gives them, and SVG, vector PDF and the item list. */
export function usePublish({
  editor,
  stageRef,
  onError,
  drawingName = '',
  legend,
}: {
  editor: SketchEditor;
  stageRef: RefObject<Konva.Stage | null>;
  onError: (message: string) => void;
  /** the typed drawing name: the lists' PID Drawing No. */
  drawingName?: string;
  legend?: LegendData | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: PublishAction) => {
    const stage = stageRef.current;
    if (!stage) return;
    setBusy(true);
    try {
      const bounds = drawingBounds(editor.lists);
      if (action === 'png') downloadBlob(await dataUrlBlob(stagePng(stage, bounds)), SKETCH.exportNames.png);
      else if (action === 'pdf') {
        const page = landscape(bounds);
        downloadBlob(
          await exportRasterPdf(stagePng(stage, page), page.width, page.height),
          SKETCH.exportNames.pdf,
        );
      } else if (action === 'svg') downloadBlob(await exportSketchSvg(editor.lists), 'Sketch.svg');
      else if (action === 'vector-pdf')
        downloadBlob(await exportSketchVectorPdf(editor.lists), 'canvas-vector.pdf');
      else if (action === 'items') downloadBlob(await exportItemList(editor.lists), 'Sketch items.xlsx');
      else {
        const kind = action.slice('list:'.length) as keyof typeof PID_LIST_FILE_NAMES;
        const fluidDescriptions = new Map(
          (legend?.fluidCodes ?? []).map((code) => [code.fluidCode, code.fluidDescription]),
        );
        downloadBlob(
          await exportPidList(kind, editor.lists, { drawingName, pid: editor.pid, fluidDescriptions }),
          PID_LIST_FILE_NAMES[kind],
        );
      }
    } catch (error) {
      onError(`The export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
