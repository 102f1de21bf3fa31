import { useEffect } from 'react';
import type { SketchEditor } from '../state/useSketchEditor.ts';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The editor's keys (spec §4): Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes, Ctrl+C pastes a copy of the
 * selection, Delete removes it, Escape clears it (and cancels a symbol chosen for placing). Keys typed into a field are left alone.
 */
export function useSketchKeyboard(editor: SketchEditor, onEscape?: () => void): void {
  const { undo, redo, pasteSelected, remove, select, selected, setTool } = editor;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || document.querySelector('.modal.show')) return;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (command && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if (command && (key === 'y' || (key === 'z' && event.shiftKey))) {
        event.preventDefault();
        redo();
      } else if (command && key === 'c') {
        if (selected.size === 0) return;
        event.preventDefault();
        pasteSelected();
      } else if (event.key === 'Delete' && selected.size > 0) {
        event.preventDefault();
        remove(selected);
      } else if (event.key === 'Escape') {
        select([]);
        setTool('none');
        // and a symbol chosen for placing is put back
        onEscape?.();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, pasteSelected, remove, select, selected, setTool, onEscape]);
}
