import { useCallback, useEffect, useRef, useState } from 'react';

/** Puts text on the clipboard: the async Clipboard API, else a hidden text area and execCommand('copy'). */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // refused (no permission, not a secure context): try the old way below
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated but is the only fallback where the Clipboard API is missing.
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
  }
}

export type CopyNote = { ok: true; text: string } | { ok: false; text: string };

/** How long the 'Copied' note stays. */
export const COPY_NOTE_MS = 2000;

/** Copy on click, and a short-lived note saying what was copied (or that copying failed). */
export function useCopy() {
  const [note, setNote] = useState<CopyNote | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    let next: CopyNote;
    try {
      await copyText(text);
      next = { ok: true, text };
    } catch {
      next = { ok: false, text };
    }
    setNote(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNote(null), COPY_NOTE_MS);
  }, []);
  return { note, copy };
}
