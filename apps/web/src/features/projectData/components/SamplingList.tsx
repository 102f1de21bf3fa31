import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { FaPlus, FaTrash } from 'react-icons/fa6';
import { allValid, formValidity } from '@penstock/shared';
import { initialValues, parseSamplingRows, storedUploads, type Values } from '../formValues.ts';
import { DynamicForm } from './DynamicForm.tsx';
import type { EditorProps } from './FormCard.tsx';
import { FormActions } from './FormActions.tsx';

/** Keys for the items (stable across adds and removes). */
let itemSeq = 0;

interface SamplingItem {
  id: number;
  values: Values;
  uploaded: ReadonlySet<string>;
}

/**
 * The sampling items of the sampling_data form (forms spec §2): a list of items, each with the form's fields,
 * that the user adds and removes. It submits the items as JSON text under the form id.
 */
export function SamplingList({ form, kind, projectId, stored, submitter }: EditorProps) {
  const item = (values: Values): SamplingItem => ({
    id: ++itemSeq,
    values,
    uploaded: storedUploads(form, values),
  });
  const [items, setItems] = useState<SamplingItem[]>(() => parseSamplingRows(stored, form).map(item));
  const validities = items.map((entry) => formValidity(form, entry.values, entry.uploaded));
  const update = (id: number, change: (entry: SamplingItem) => SamplingItem) =>
    setItems((current) => current.map((entry) => (entry.id === id ? change(entry) : entry)));

  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={form.form_alias} noValidate>
      {items.length === 0 && <p className="small text-body-secondary">No sampling items yet.</p>}
      <ol className="list-unstyled mb-2" aria-label="Sampling items">
        {items.map((entry, index) => (
          <li key={entry.id} className="border rounded p-2 mb-2" aria-label={`Sample ${index + 1}`}>
            <div className="d-flex align-items-center mb-1">
              <h3 className="h6 mb-0 me-auto">Sample {index + 1}</h3>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove sample ${index + 1}`}
                onClick={() => setItems((current) => current.filter((other) => other.id !== entry.id))}
              >
                <FaTrash aria-hidden="true" />
              </Button>
            </div>
            <DynamicForm
              form={form}
              projectId={projectId}
              idPrefix={`${form.form_id}-${entry.id}`}
              values={entry.values}
              validity={validities[index] ?? {}}
              uploaded={entry.uploaded}
              onChange={(key, value) =>
                update(entry.id, (current) => ({ ...current, values: { ...current.values, [key]: value } }))
              }
              onUploaded={(key, value) =>
                update(entry.id, (current) => {
                  const uploaded = new Set(current.uploaded);
                  if (value === null) uploaded.delete(key);
                  else uploaded.add(key);
                  return { ...current, uploaded, values: { ...current.values, [key]: value ?? '' } };
                })
              }
            />
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="outline-secondary"
        onClick={() => setItems((current) => [...current, item(initialValues(form, []))])}
      >
        <FaPlus aria-hidden="true" className="me-1" />
        Add sample
      </Button>
      <FormActions
        form={form}
        kind={kind}
        valid={validities.every(allValid)}
        data={() => [{ category: form.form_id, value: JSON.stringify(items.map((entry) => entry.values)) }]}
        submitter={submitter}
      />
    </form>
  );
}
