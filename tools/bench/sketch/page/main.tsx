/**
 * The sketch bench page: the web app's real SketchCanvas and editor state (apps/web/src/features/sketch),
 * loaded with a synthetic sketch of N elements. window.sketchBench is driven by ../index.ts; times are taken
 * in the page and run until the frame showing the result has been painted (a requestAnimationFrame callback,
 * then a MessageChannel task that runs after that frame is painted).
 */
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type Konva from 'konva';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../../../../apps/web/src/styles.css';
import { SKETCH, type SketchLists } from '@penstock/shared';
import { SketchCanvas } from '../../../../apps/web/src/features/sketch/components/SketchCanvas.tsx';
import { loadSketchImage } from '../../../../apps/web/src/features/sketch/components/ElementNode.tsx';
import {
  useSketchEditor,
  type SketchEditor,
} from '../../../../apps/web/src/features/sketch/state/useSketchEditor.ts';
import { benchSketch } from '../data.ts';

export interface LoadResult {
  elements: number;
  konvaNodes: number;
  /** editor.load() to the painted frame with every element drawn (symbol images from the browser cache) */
  toDrawnMs: number;
  /** of which: waiting for the symbol images the first time */
  imagesMs: number;
  /** different symbols in the sketch */
  symbols: number;
}

const painted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );

let editorRef: SketchEditor | null = null;
let stageRef: { current: Konva.Stage | null } = { current: null };

function Bench() {
  const editor = useSketchEditor();
  const stage = useRef<Konva.Stage | null>(null);
  editorRef = editor;
  stageRef = stage;
  useEffect(() => {
    document.body.dataset.ready = 'yes';
  }, []);
  return (
    <SketchCanvas
      editor={editor}
      width={1180}
      height={720}
      stageRef={stage}
      onDropSymbol={() => undefined}
      placing={null}
      onPlace={() => undefined}
      onUpdateColour={() => undefined}
      editTextId={null}
      setEditTextId={() => undefined}
    />
  );
}

async function load(elements: number): Promise<LoadResult> {
  const lists: SketchLists = benchSketch(elements);
  const start = performance.now();
  const sources = [...new Set(lists.Images.map((image) => image.src))];
  await Promise.all(sources.map((src) => loadSketchImage(src).catch(() => undefined)));
  const imagesMs = performance.now() - start;
  editorRef!.load(lists, { ...SKETCH.defaultStage, scale: 0.5 });
  await painted();
  await painted();
  const konvaNodes = stageRef.current?.find('.sketch-element').length ?? 0;
  return { elements, konvaNodes, toDrawnMs: performance.now() - start, imagesMs, symbols: sources.length };
}

/** requestAnimationFrame deltas while something runs */
function frames() {
  const deltas: number[] = [];
  let last = performance.now();
  let running = true;
  const tick = (now: number) => {
    deltas.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    running = false;
    return deltas;
  };
}

let stopFrames: (() => number[]) | null = null;
const bench = {
  load,
  startFrames: () => {
    stopFrames = frames();
  },
  stopFrames: () => stopFrames?.() ?? [],
  stage: () => editorRef!.stage,
};
declare global {
  interface Window {
    sketchBench: typeof bench;
  }
}
window.sketchBench = bench;

createRoot(document.getElementById('root')!).render(<Bench />);
