import { useMemo, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { FaTrashCan } from 'react-icons/fa6';
import type { IdsDocumentEntry, IdsScopeKind } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useProjectStructure, useSaveIdsScopes } from '../api.ts';
import { DYNAMIC_CHOICES, draftsOf, scopeTargets, scopesInput, type ScopeDraft } from './scopeTargets.ts';

const dynamicValue = (value: boolean | null) => (value === null ? '' : String(value));
const dynamicOf = (text: string) => (text === '' ? null : text === 'true');

/**
 * Where an IDS file applies, as a project manager changes it: folders (every model under them) and single
 * models, each following the project's dynamic-values setting or its own. Saved as a whole; the models now
 * in scope are checked again.
 */
export function ScopeEditor({
  projectId,
  entry,
  onDone,
}: {
  projectId: string;
  entry: IdsDocumentEntry;
  onDone: () => void;
}) {
  const structure = useProjectStructure(projectId, true);
  const targets = useMemo(() => (structure.data ? scopeTargets(structure.data) : null), [structure.data]);
  const [drafts, setDrafts] = useState<ScopeDraft[]>(() => draftsOf(entry.scopes));
  const [kind, setKind] = useState<IdsScopeKind>('folder');
  const [targetId, setTargetId] = useState('');
  const save = useSaveIdsScopes(projectId);
  const choices = (kind === 'folder' ? targets?.folders : targets?.models)?.filter(
    (target) => !drafts.some((draft) => draft.targetId === target.id),
  );
  const add = () => {
    const target = choices?.find((choice) => choice.id === (targetId || choices[0]?.id));
    if (!target) return;
    setDrafts([...drafts, { kind, targetId: target.id, targetName: target.path, includeDynamic: null }]);
    setTargetId('');
  };

  return (
    <div className="ids-scope-editor border rounded p-2 mt-2">
      {structure.isPending && <Loading label="Loading the project's folders..." />}
      {structure.isError && <ErrorAlert title="The folders could not be loaded." error={structure.error} />}
      {drafts.length === 0 && <p className="small mb-2">Applies nowhere yet.</p>}
      <ul className="list-unstyled mb-2">
        {drafts.map((draft, index) => (
          <li key={draft.targetId} className="d-flex align-items-center gap-2 mb-1">
            <span className="small text-body-secondary">{draft.kind === 'folder' ? 'Folder' : 'Model'}</span>
            <span className="small me-auto text-break">{draft.targetName}</span>
            <select
              className="form-select form-select-sm w-auto"
              aria-label={`Dynamic values for ${draft.targetName}`}
              value={dynamicValue(draft.includeDynamic)}
              onChange={(event) =>
                setDrafts(
                  drafts.map((d, i) =>
                    i === index ? { ...d, includeDynamic: dynamicOf(event.target.value) } : d,
                  ),
                )
              }
            >
              {DYNAMIC_CHOICES.map((choice) => (
                <option key={dynamicValue(choice.value)} value={dynamicValue(choice.value)}>
                  {choice.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={`Remove ${draft.targetName}`}
              onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
            >
              <FaTrashCan aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {targets && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          <select
            className="form-select form-select-sm w-auto"
            aria-label="Apply to a"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as IdsScopeKind);
              setTargetId('');
            }}
          >
            <option value="folder">Folder</option>
            <option value="model">Model</option>
          </select>
          <select
            className="form-select form-select-sm ids-scope-target"
            aria-label={kind === 'folder' ? 'Folder' : 'Model'}
            value={targetId || choices?.[0]?.id || ''}
            onChange={(event) => setTargetId(event.target.value)}
          >
            {choices?.length === 0 && (
              <option value="">{kind === 'folder' ? 'No other folder' : 'No other model'}</option>
            )}
            {choices?.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.path}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={!choices?.length}
            onClick={add}
          >
            Add
          </button>
        </div>
      )}
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({ itemId: entry.itemId, scopes: scopesInput(drafts) }, { onSuccess: onDone })
          }
        >
          {save.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          Save where it applies
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      {save.isError && <ErrorAlert className="small py-2 mt-2 mb-0" title="Not saved." error={save.error} />}
    </div>
  );
}
