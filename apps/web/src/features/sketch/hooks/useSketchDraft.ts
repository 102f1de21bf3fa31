import { useEffect, useState } from 'react';
import type { SketchEditor } from '../state/useSketchEditor.ts';
import {
  clearSketchDraft,
  readSketchDraft,
  writeSketchDraft,
  type SketchDraft,
} from '../state/sketchDraft.ts';

/** How long after the last change the draft is written (a drag fires many changes). */
const WRITE_DELAY_MS = 400;

/**
 * Keeps the editor's unsaved work as a draft in the browser and offers a draft found on opening back.
 * While that offer is open nothing is written or cleared, so opening the page cannot lose the draft before
 * the user has answered; once the sketch is saved (or loaded) the draft is removed.
 */
export function useSketchDraft(
  editor: SketchEditor,
  drawingName: string,
  setDrawingName: (name: string) => void,
): {
  offer: SketchDraft | null;
  restore: () => void;
  discard: () => void;
} {
  const [offer, setOffer] = useState<SketchDraft | null>(() => {
    const draft = readSketchDraft();
    return draft && Object.values(draft.lists).some((list) => list.length > 0) ? draft : null;
  });
  const { dirty, lists, stage, pid, restore: restoreLists } = editor;

  useEffect(() => {
    if (offer) return;
    if (!dirty) {
      clearSketchDraft();
      return;
    }
    const write = () => writeSketchDraft({ drawingName, lists, stage, pid });
    const timer = window.setTimeout(write, WRITE_DELAY_MS);
    // a tab closed or reloaded within the delay still keeps the last change
    window.addEventListener('pagehide', write);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [offer, dirty, drawingName, lists, stage, pid]);

  return {
    offer,
    restore: () => {
      if (offer) {
        restoreLists(offer.lists, offer.stage, offer.pid);
        setDrawingName(offer.drawingName);
      }
      setOffer(null);
    },
    discard: () => {
      clearSketchDraft();
      setOffer(null);
    },
  };
}
