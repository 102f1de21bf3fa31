import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { PdfViewer } from '@penstock/viewer';
import { useAppStore } from '../../../base/store.tsx';

/** How long the open models have to answer a picked tag before the chip says none has it. */
export const TAG_ANSWER_WAIT_MS = 400;

/** A click moving less than this is a click, not a pan. */
export const CLICK_SLOP_PX = 4;

/** P&ID tags are one word with a digit: P-1001, PLV-1001, FIT-2001A. */
export const looksLikeTag = (text: string): boolean => /^[A-Za-z0-9][\w\-./]*$/.test(text) && /\d/.test(text);

/**
 * Tag picking on a P&ID: a click (not a pan) on a tag selects that object in every open model that has
 * it; the picked tag, the open models that have it, and whether they had time to answer.
 */
export function usePdfTagPick(pdf: PdfViewer | null, { paused }: { paused: boolean }) {
  const { state: appState, dispatch } = useAppStore();
  const [pickedSeq, setPickedSeq] = useState<number | null>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const [settled, setSettled] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    press.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!pdf || !start || paused) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP_PX) return;
    void pdf.textAt(event.clientX, event.clientY).then((text) => {
      if (!text || !looksLikeTag(text)) return;
      dispatch({ type: 'selectTag', tag: text });
      setPickedSeq((appState.tagSelection?.seq ?? 0) + 1);
      // the open models answer at once; only then does 'none has it' mean something
      setSettled(false);
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => setSettled(true), TAG_ANSWER_WAIT_MS);
    });
  };
  const picked =
    pickedSeq !== null && appState.tagSelection?.seq === pickedSeq ? appState.tagSelection : null;
  const modelsWithTag = picked
    ? appState.openModels.filter((model) => picked.foundIn.includes(model.versionId ?? model.id))
    : [];
  return {
    picked,
    modelsWithTag,
    settled,
    onPointerDown,
    onPointerUp,
    dismiss: () => setPickedSeq(null),
    showModel: (id: string) => dispatch({ type: 'selectModel', id }),
  };
}
