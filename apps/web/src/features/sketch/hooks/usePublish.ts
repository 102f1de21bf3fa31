import { useState, type RefObject } from 'react';
import type Konva from 'konva';
import { SKETCH } from '@penstock/shared';
import type { SketchEditor } from '../state/useSketchEditor.ts';
import type { PublishAction } from '../components/SketchToolbar.tsx';
import { downloadBlob } from '../../../base/download.ts';
import { exportItemList, exportRasterPdf, exportSketchSvg, exportSketchVectorPdf } from '../export/index.ts';

/** The canvas as a PNG at pixel ratio 2, without the selection handles. */
export function stagePng(stage: Konva.Stage): string {
  const transformers = stage.find('Transformer');
  transformers.forEach((node) => node.hide());
  try {
    return stage.toDataURL({ pixelRatio: SKETCH.exportPixelRatio, mimeType: 'image/png' });
  } finally {
    transformers.forEach((node) => node.show());
  }
}

async function dataUrlBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

/** The publishing tools: image and PDF as the spec gives them, and SVG, vector PDF and the item list. */
export function usePublish({
  editor,
  stageRef,
  canvas,
  onError,
}: {
  editor: SketchEditor;
  stageRef: RefObject<Konva.Stage | null>;
  canvas: { width: number; height: number };
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: PublishAction) => {
    const stage = stageRef.current;
    if (!stage) return;
    setBusy(true);
    try {
      if (action === 'png') downloadBlob(await dataUrlBlob(stagePng(stage)), SKETCH.exportNames.png);
      else if (action === 'pdf')
        downloadBlob(
          await exportRasterPdf(stagePng(stage), canvas.width, canvas.height),
          SKETCH.exportNames.pdf,
        );
      else if (action === 'svg') downloadBlob(await exportSketchSvg(editor.lists), 'Sketch.svg');
      else if (action === 'vector-pdf')
        downloadBlob(await exportSketchVectorPdf(editor.lists), 'canvas-vector.pdf');
      else downloadBlob(await exportItemList(editor.lists), 'Sketch items.xlsx');
    } catch (error) {
      onError(`The export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
