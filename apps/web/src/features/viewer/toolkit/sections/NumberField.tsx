import { useState } from 'react';

/**
 * A number input that edits a value owned elsewhere (a section's offset, a box face): it follows the value
 * while not being edited, and hands a finite number over on Enter or when it loses focus.
 */
export function NumberField({
  value,
  label,
  title,
  step = 0.1,
  digits = 3,
  onCommit,
}: {
  value: number;
  label: string;
  title?: string;
  step?: number;
  digits?: number;
  onCommit: (value: number) => void;
}) {
  const shown = Number.isFinite(value) ? Number(value.toFixed(digits)).toString() : '';
  // what is being typed, for the value it was typed over: a new value from outside (a handle dragged) wins
  const [typed, setTyped] = useState<{ over: string; text: string } | null>(null);
  const draft = typed && typed.over === shown ? typed.text : null;
  const setDraft = (text: string | null) => setTyped(text === null ? null : { over: shown, text });
  const commit = () => {
    if (draft === null) return;
    const next = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(next) && next.toFixed(digits) !== value.toFixed(digits))
      onCommit(next);
  };
  return (
    <input
      type="number"
      className="form-control form-control-sm"
      step={step}
      value={draft ?? shown}
      aria-label={label}
      title={title ?? label}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}
