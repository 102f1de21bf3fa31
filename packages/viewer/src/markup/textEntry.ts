import { drawnFont, type MarkupStyle, type Point } from './geometry.ts';

/** The text box a markup's text is typed into, placed over the overlay where the user clicked. */
export interface TextEntry {
  /** open a box at this point of the overlay (closing, and keeping, any open one first) */
  open(at: Point, offset: Point, style: MarkupStyle): void;
  /** close the open box; with `commit`, its trimmed text (if any) is handed to onText */
  close(commit: boolean): void;
  readonly isOpen: boolean;
}

export function createTextEntry(host: HTMLElement, onText: (text: string, at: Point) => void): TextEntry {
  let input: HTMLInputElement | null = null;
  let point: Point = { x: 0, y: 0 };

  const close = (commit: boolean) => {
    const open = input;
    if (!open) return;
    input = null;
    const text = open.value.trim();
    open.remove();
    if (commit && text) onText(text, point);
  };

  return {
    open(at, offset, style) {
      close(true);
      const box = document.createElement('input');
      box.type = 'text';
      box.className = 'penstock-markup-text';
      box.setAttribute('aria-label', 'Markup text');
      box.placeholder = 'Type, then Enter';
      const font = drawnFont(style);
      Object.assign(box.style, {
        position: 'absolute',
        left: `${offset.x + at.x}px`,
        top: `${offset.y + at.y}px`,
        zIndex: '5',
        minWidth: '10em',
        fontSize: `${Math.max(font, 12)}px`,
        fontFamily: style.fontFamily,
        color: style.stroke,
        border: `1px dashed ${style.stroke}`,
        background: 'rgba(255,255,255,0.85)',
        padding: '0 2px',
      });
      box.addEventListener('keydown', (event) => {
        event.stopPropagation();
        if (event.key === 'Enter') close(true);
        else if (event.key === 'Escape') close(false);
      });
      box.addEventListener('blur', () => close(true));
      host.appendChild(box);
      input = box;
      point = at;
      // focus after the pointer event that opened it has finished
      setTimeout(() => box.focus(), 0);
    },
    close,
    get isOpen() {
      return input !== null;
    },
  };
}
