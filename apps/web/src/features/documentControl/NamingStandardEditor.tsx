import { useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import {
  InfoStandardSchema,
  type InfoStandard,
  type NameField,
  type ProjectInfoStandard,
} from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { Loading } from '../../components/Loading.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useInfoStandard, useSaveInfoStandard } from './api.ts';

/** One line a code: 'DR Drawing'. */
const codesText = (field: NameField) =>
  field.codes.map((entry) => `${entry.code}${entry.description ? ` ${entry.description}` : ''}`).join('\n');
const codesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [code = '', ...rest] = line.split(/\s+/);
      return { code, description: rest.join(' ') };
    });

/**
 * The project's naming standard (issue 35 §1): the name fields in order with their lengths and code lists.
 * Project managers edit it; everyone else reads it.
 */
export function NamingStandardEditor({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const stored = useInfoStandard(projectId);
  // here, not in the form: a saved standard remounts the form, and its outcome must stay shown
  const save = useSaveInfoStandard(projectId);
  if (stored.isPending) return <Loading label="Loading the naming standard..." />;
  if (stored.isError)
    return <ErrorAlert error={stored.error} title="The naming standard could not be loaded." />;
  // keyed by the saved time: a saved standard starts a fresh draft
  return (
    <StandardForm
      key={stored.data.updatedAt ?? 'default'}
      save={save}
      canEdit={canEdit}
      stored={stored.data}
    />
  );
}

function StandardForm({
  save,
  canEdit,
  stored,
}: {
  save: ReturnType<typeof useSaveInfoStandard>;
  canEdit: boolean;
  stored: ProjectInfoStandard;
}) {
  const [draft, setDraft] = useState(() =>
    stored.standard.fields.map((field) => ({ ...field, codesText: codesText(field) })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const change = (index: number, patch: Partial<NameField & { codesText: string }>) =>
    setDraft((now) => now.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const onSave = () => {
    const parsed = InfoStandardSchema.safeParse({
      separator: stored.standard.separator,
      fields: draft.map(({ codesText: text, ...field }) => ({ ...field, codes: codesOf(text) })),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'The standard is not valid');
    setProblem(null);
    save.mutate(parsed.data as InfoStandard);
  };
  const example = draft.map((field) => field.codes[0]?.code ?? 'X'.repeat(field.minLength)).join('-');
  return (
    <>
      {!stored.configured && (
        <Alert variant="info" className="py-2 small">
          No naming standard is set for this project yet: names are not checked. This is the water framework
          default; save it to start checking names.
        </Alert>
      )}
      {stored.relaxed && (
        <Alert variant="warning" className="py-2 small">
          An administrator has relaxed the check: names that break the standard are allowed into Shared and
          Published with a warning.
        </Alert>
      )}
      <p className="small text-secondary">
        Fields in order, separated by '{stored.standard.separator}' (BS EN ISO 19650-2 UK National Annex),
        e.g. <code>{example}-0001.pdf</code>. One code a line, with its meaning after a space; no codes allows
        any code of the right length.
      </p>
      <Table size="sm" className="small align-top" aria-label="Naming standard">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Length</th>
            <th scope="col">Codes</th>
          </tr>
        </thead>
        <tbody>
          {draft.map((field, index) => (
            <tr key={field.key}>
              <td className="text-nowrap">{field.label}</td>
              <td className="text-nowrap">
                {field.minLength === field.maxLength
                  ? field.minLength
                  : `${field.minLength}–${field.maxLength}`}
                {field.numeric ? ' digits' : ''}
              </td>
              <td>
                <Form.Control
                  as="textarea"
                  size="sm"
                  rows={Math.min(6, Math.max(1, field.codes.length))}
                  aria-label={`${field.label} codes`}
                  readOnly={!canEdit}
                  value={field.codesText}
                  onChange={(event) => change(index, { codesText: event.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {problem && <Alert variant="danger">{problem}</Alert>}
      {save.isError && <Alert variant="danger">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && (
        <Alert variant="success" className="py-2">
          The naming standard is saved.
        </Alert>
      )}
      {canEdit && (
        <Button size="sm" onClick={onSave} disabled={save.isPending}>
          Save standard
        </Button>
      )}
    </>
  );
}
