import { useState, type ReactNode } from 'react';
import { Spinner } from 'react-bootstrap';
import { fieldMessage, isoDateText, type FormConfig, type FormField, type Validity } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { uploadFormFile } from '../api.ts';
import { fileNameOf, fileValue, type Values } from '../formValues.ts';

export interface DynamicFormProps {
  form: FormConfig;
  projectId: string;
  values: Values;
  validity: Validity;
  /** file fields whose upload answered 200 */
  uploaded: ReadonlySet<string>;
  onChange: (key: string, value: string) => void;
  /** a file field's upload answered 200 (the field's value: version id and file name) or failed (null) */
  onUploaded: (key: string, value: string | null) => void;
  /** makes the input ids unique when one form shows several times (sampling items) */
  idPrefix?: string;
  /** notes under empty fields whose value comes from elsewhere (saved project data), by field key */
  fallbacks?: Readonly<Record<string, string>>;
}

/**
 * The dynamic form renderer (forms spec §2): per fieldset a heading and description, then its inputs by unit
 * (file, select, other: text or number with the unit as a suffix), each with label, read-only and required
 * attributes, and the non-valid style while the validity map says so.
 */
export function DynamicForm(props: DynamicFormProps) {
  const { form, idPrefix = form.form_id } = props;
  return (
    <>
      {form.field_sets.map((set) => (
        <fieldset key={set.field_set_id} className="mb-3">
          {set.field_set_alias && <legend className="h6 mb-1">{set.field_set_alias}</legend>}
          {set.field_set_description && (
            <p className="small text-body-secondary mb-2">{set.field_set_description}</p>
          )}
          {set.combined_validation && set.input_fields.length > 1 && (
            <p className="small text-body-secondary fst-italic mb-2">One of these is enough.</p>
          )}
          {set.input_fields.map((field) => (
            <FieldRow key={field.key} field={field} id={`${idPrefix}-${field.key}`} {...props} />
          ))}
        </fieldset>
      ))}
    </>
  );
}

function FieldRow({
  field,
  id,
  projectId,
  values,
  validity,
  uploaded,
  onChange,
  onUploaded,
  fallbacks,
}: DynamicFormProps & { field: FormField; id: string }) {
  const value = values[field.key] ?? '';
  const invalid = validity[field.key] === false;
  // what is wrong with a typed value, said under the input (an empty required field only shows the style)
  const message = fieldMessage(field, value);
  const fallback = fallbacks?.[field.key];
  const notes = [
    field.help ? `${id}-help` : '',
    message ? `${id}-error` : '',
    fallback ? `${id}-fallback` : '',
  ].filter(Boolean);
  const common = {
    id,
    required: field.required,
    'aria-invalid': invalid,
    'aria-describedby': notes.length ? notes.join(' ') : undefined,
  };
  const invalidClass = invalid ? ' is-invalid' : '';

  let control: ReactNode;
  if (field.unit === 'file') {
    control = (
      <FileInput
        field={field}
        projectId={projectId}
        fileName={uploaded.has(field.key) ? fileNameOf(value) : ''}
        className={`form-control form-control-sm${invalidClass}`}
        common={common}
        onUploaded={(stored) => onUploaded(field.key, stored)}
      />
    );
  } else if (field.unit === 'select') {
    control = (
      <select
        {...common}
        className={`form-select form-select-sm${invalidClass}`}
        value={value}
        disabled={field.readonly}
        onChange={(event) => onChange(field.key, event.target.value)}
      >
        <option value="">Choose...</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = field.datatype === 'number' || field.datatype === 'integer';
    const unit = field.unit && field.unit !== 'other' ? field.unit : '';
    const input = (
      <input
        {...common}
        type={numeric ? 'number' : field.datatype === 'date' ? 'date' : 'text'}
        step={field.datatype === 'integer' ? 1 : numeric ? 'any' : undefined}
        min={field.min}
        max={field.max}
        className={`form-control form-control-sm${invalidClass}`}
        value={field.datatype === 'date' ? isoDateText(value) : value}
        readOnly={field.readonly}
        onChange={(event) => onChange(field.key, event.target.value)}
      />
    );
    control = unit ? (
      <div className="input-group input-group-sm has-validation">
        {input}
        <span className="input-group-text">{unit}</span>
      </div>
    ) : (
      input
    );
  }

  return (
    <div className="mb-2">
      <label className="form-label small mb-1" htmlFor={id}>
        {field.field_alias}
        {field.required && (
          <span className="text-danger ms-1" aria-hidden="true" title="Required">
            *
          </span>
        )}
      </label>
      {control}
      {message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
      {fallback && (
        <div id={`${id}-fallback`} className="form-text fst-italic">
          {fallback}
        </div>
      )}
      {field.help && (
        <div id={`${id}-help`} className="form-text">
          {field.help}
        </div>
      )}
    </div>
  );
}

/** A file field: the chosen file goes to /api/uploadfile at once; the field is valid once that answered 200. */
function FileInput({
  field,
  projectId,
  fileName,
  className,
  common,
  onUploaded,
}: {
  field: FormField;
  projectId: string;
  fileName: string;
  className: string;
  common: Record<string, unknown>;
  onUploaded: (value: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await uploadFormFile(projectId, field.key, file);
      onUploaded(fileValue(answer));
    } catch (failure) {
      setError(errorMessage(failure));
      onUploaded(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <input
        {...common}
        type="file"
        className={className}
        disabled={field.readonly || busy}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {busy && (
        <div className="small text-body-secondary mt-1">
          <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          Uploading...
        </div>
      )}
      {!busy && fileName && <div className="small text-success mt-1">Uploaded: {fileName}</div>}
      {error && (
        <div className="small text-danger mt-1" role="alert">
          The upload failed: {error}
        </div>
      )}
    </>
  );
}
