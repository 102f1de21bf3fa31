import { Form } from 'react-bootstrap';
import type { PropertyValues, StaticPropertyField } from '@penstock/shared';
import { CommitField } from './CommitField.tsx';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The static properties of an item (issue 37 §2), from the legend's static property guide: each field
 * offers the guide's values and takes any other text too. An emptied field is removed from the item.
 */
export function StaticPropertyFields({
  fields,
  values,
  onChange,
}: {
  fields: readonly StaticPropertyField[];
  values: PropertyValues;
  onChange: (values: PropertyValues) => void;
}) {
  if (fields.length === 0) return null;
  const set = (name: string, value: string) => {
    const next = { ...values };
    if (value.trim()) next[name] = value.trim();
    else delete next[name];
    onChange(next);
  };
  return (
    <fieldset className="mb-2">
      <legend className="small fw-semibold mb-1">Static properties</legend>
      {fields.map((field) => {
        const id = `pid-prop-${slug(field.name)}`;
        return (
          <Form.Group key={field.name} className="mb-2" controlId={id}>
            <Form.Label className="small mb-0">{field.name}</Form.Label>
            <CommitField
              size="sm"
              value={values[field.name] ?? ''}
              maxLength={500}
              list={`${id}-options`}
              onCommit={(value) => set(field.name, value)}
            />
            <datalist id={`${id}-options`}>
              {field.options.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          </Form.Group>
        );
      })}
    </fieldset>
  );
}
