import type { KeyboardEvent } from 'react';
import { choicesFor } from './objectEditor.ts';

export interface ValueControlProps {
  label: string;
  value: string;
  /** the allowed values (a dropdown); null for free text */
  options: readonly string[] | null;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  onChange: (value: string) => void;
}

/**
 * The input of one property value: a dropdown of the spec's options where the value is constrained (a stored
 * value outside them is kept as the first choice), else a text input. Used by the object editor and the
 * schedules.
 */
export function ValueControl({
  label,
  value,
  options,
  disabled,
  autoFocus,
  onBlur,
  onChange,
}: ValueControlProps) {
  if (options) {
    const choices = choicesFor(options, value);
    return (
      <select
        className="form-select form-select-sm"
        aria-label={label}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (onBlur && (event.key === 'Enter' || event.key === 'Escape')) event.currentTarget.blur();
  };
  return (
    <input
      type="text"
      className="form-control form-control-sm"
      aria-label={label}
      value={value}
      disabled={disabled}
      autoFocus={autoFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
