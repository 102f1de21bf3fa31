import { useEffect, useRef, useState } from 'react';
import type { StageSpec, TextElement } from '@penstock/shared';

/**
 * Inline editing of a text element (spec §4): Enter without Shift commits, Shift+Enter starts a new line,
 * Escape cancels and a click elsewhere commits.
 */
export function TextEditorOverlay({
  element,
  stage,
  onCommit,
  onCancel,
}: {
  element: TextElement;
  stage: StageSpec;
  onCommit: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(element.text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    if (commit) onCommit(text);
    else onCancel();
  };
  const fontSize = element.fontSize * stage.scale * Math.abs(element.scaleY);
  const lines = text.split('\n');
  return (
    <textarea
      ref={ref}
      aria-label="Edit text"
      className="sketch-text-editor position-absolute"
      value={text}
      rows={Math.max(1, lines.length)}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      style={{
        left: stage.x + element.x * stage.scale,
        top: stage.y + element.y * stage.scale,
        fontSize,
        lineHeight: 1,
        fontFamily: 'Arial',
        color: element.colour,
        width: Math.max(120, Math.max(...lines.map((line) => line.length)) * fontSize * 0.6 + 20),
        transform: `rotate(${element.rotation}deg)`,
        transformOrigin: 'top left',
        zIndex: 11,
        padding: 0,
        margin: 0,
        border: '1px dashed #0d6efd',
        background: 'white',
        outline: 'none',
        resize: 'none',
        overflow: 'hidden',
      }}
    />
  );
}
