import type { KeyboardEvent, ReactNode } from 'react';
import type { CopyNote } from '../hooks/useCopy.ts';

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** The brief note after a click-to-copy; an always-present live region so screen readers hear it. */
export function CopiedNote({ note }: { note: CopyNote | null }) {
  return (
    <div className="legend-copied" role="status" aria-live="polite">
      {note &&
        (note.ok ? (
          <span className="badge text-bg-success fs-6 fw-normal shadow">
            Copied &lsquo;{shorten(note.text)}&rsquo;
          </span>
        ) : (
          <span className="badge text-bg-danger fs-6 fw-normal shadow">
            Could not copy to the clipboard: select the text and copy it by hand.
          </span>
        ))}
    </div>
  );
}

/** A table cell that copies `text` when clicked (or on Enter/Space when focused). */
export function CopyCell({
  text,
  onCopy,
  children,
  className,
}: {
  text: string;
  onCopy: (text: string) => void;
  children?: ReactNode;
  className?: string;
}) {
  if (!text) return <td className={className}>{children}</td>;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onCopy(text);
    }
  };
  return (
    <td
      className={`legend-copy ${className ?? ''}`.trim()}
      tabIndex={0}
      title="Click to copy"
      onClick={() => onCopy(text)}
      onKeyDown={onKeyDown}
    >
      {children ?? text}
    </td>
  );
}
