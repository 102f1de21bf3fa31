import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { YES_NO_ANSWERS, type YesNoAnswer } from '@penstock/shared';

/** A question's wrapper: data-field lets the form focus the first unanswered question. */
function Question({ field, children }: { field: string; children: ReactNode }) {
  return (
    <div className="mb-3" data-field={field}>
      {children}
    </div>
  );
}

const Required = () => (
  <span className="text-danger ms-1" aria-hidden="true">
    *
  </span>
);

export function TextField({
  field,
  label,
  value,
  error,
  onChange,
  required = false,
  multiline = false,
  type = 'text',
  readOnly = false,
  maxLength,
  autoComplete = 'off',
}: {
  field: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange?: (value: string) => void;
  required?: boolean;
  multiline?: boolean;
  type?: string;
  readOnly?: boolean;
  maxLength?: number;
  autoComplete?: string;
}) {
  const id = `sdc-${field}`;
  return (
    <Question field={field}>
      <Form.Label htmlFor={id}>
        {label}
        {required && <Required />}
      </Form.Label>
      <Form.Control
        id={id}
        name={field}
        {...(multiline ? { as: 'textarea' as const, rows: 3 } : { type })}
        value={value}
        readOnly={readOnly}
        plaintext={readOnly}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        isInvalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Question>
  );
}

/** A required Yes/No question: two radios in a fieldset named by the question. */
export function YesNoField({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: string;
  label: string;
  value: YesNoAnswer | '';
  error?: string | undefined;
  onChange: (value: YesNoAnswer) => void;
}) {
  return (
    <Question field={field}>
      <fieldset aria-describedby={error ? `sdc-${field}-error` : undefined}>
        <legend className="form-label fs-6 mb-1">
          {label}
          <Required />
        </legend>
        {YES_NO_ANSWERS.map((answer) => (
          <Form.Check
            key={answer}
            inline
            type="radio"
            id={`sdc-${field}-${answer}`}
            name={field}
            label={answer}
            checked={value === answer}
            isInvalid={!!error}
            onChange={() => onChange(answer)}
          />
        ))}
        {error && (
          <div className="invalid-feedback d-block" id={`sdc-${field}-error`}>
            {error}
          </div>
        )}
      </fieldset>
    </Question>
  );
}

/** A list of options to tick, with what follows it (the 'Other' text) inside the same fieldset. */
export function OptionList({
  field,
  legend,
  options,
  selected,
  onToggle,
  children,
}: {
  field: string;
  legend: string;
  options: readonly string[];
  selected: readonly string[];
  onToggle: (option: string, checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Question field={field}>
      <fieldset>
        <legend className="form-label fs-6 mb-1">{legend}</legend>
        <div className="sdc-options">
          {options.map((option, index) => (
            <Form.Check
              key={option}
              type="checkbox"
              id={`sdc-${field}-${index}`}
              name={field}
              label={option}
              checked={selected.includes(option)}
              onChange={(event) => onToggle(option, event.target.checked)}
            />
          ))}
        </div>
        {children}
      </fieldset>
    </Question>
  );
}
