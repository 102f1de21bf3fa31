import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export interface PanelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const PANEL_MIN_WIDTH = 320;
export const PANEL_MIN_HEIGHT = 110;

/** The spec's start: x -400 from the right edge, y 200. */
export const initialPanelBox = (areaWidth: number): PanelBox => ({
  x: Math.max(0, areaWidth - 400),
  y: 200,
  width: 360,
  height: 360,
});

type Gesture = { kind: 'move' | 'resize'; pointerX: number; pointerY: number; start: PanelBox };

/** Drag (by the header) and resize (by the corner handle) with plain pointer events. */
export function useFloatingPanel(initial: () => PanelBox) {
  const [box, setBox] = useState<PanelBox>(initial);
  const gesture = useRef<Gesture | null>(null);

  const begin = useCallback(
    (kind: Gesture['kind']) => (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button') && kind === 'move') return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      gesture.current = { kind, pointerX: event.clientX, pointerY: event.clientY, start: box };
    },
    [box],
  );

  const move = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current) return;
    const dx = event.clientX - current.pointerX;
    const dy = event.clientY - current.pointerY;
    const { start } = current;
    setBox(
      current.kind === 'move'
        ? { ...start, x: start.x + dx, y: Math.max(0, start.y + dy) }
        : {
            ...start,
            width: Math.max(PANEL_MIN_WIDTH, start.width + dx),
            height: Math.max(PANEL_MIN_HEIGHT, start.height + dy),
          },
    );
  }, []);

  const end = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    gesture.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  }, []);

  const handlers = (kind: Gesture['kind']) => ({
    onPointerDown: begin(kind),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
  });

  return { box, handlers };
}
