import { Form } from 'react-bootstrap';

/** A select of '(blank)' or one of the options (FLIDS risk and outcome, a zone's rating). */
export function BlankOrSelect<T extends string>({
  options,
  value,
  onChange,
  label,
  size,
}: {
  options: readonly T[];
  value: T | '';
  onChange: (value: T | '') => void;
  /** the accessible name when there is no Form.Label (inside a table) */
  label?: string;
  size?: 'sm';
}) {
  return (
    <Form.Select
      size={size}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
    >
      <option value="">(blank)</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </Form.Select>
  );
}
