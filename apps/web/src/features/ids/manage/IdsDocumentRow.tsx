import { useState } from 'react';
import type { IdsDocumentEntry, IdsScope, IdsSpecificationInfo } from '@penstock/shared';
import { IdsValidity } from '../IdsValidity.tsx';
import { ScopeEditor } from './ScopeEditor.tsx';

const USAGE: Record<IdsSpecificationInfo['usage'], string> = {
  required: 'Required',
  optional: 'Optional',
  prohibited: 'Prohibited',
};

const scopeDynamic = (scope: IdsScope) =>
  scope.includeDynamic === null
    ? ''
    : scope.includeDynamic
      ? ' · dynamic values checked'
      : ' · dynamic values not checked';

/** A specification as the server lists it: what it applies to and what it requires, one line each. */
function SpecificationSummary({ spec }: { spec: IdsSpecificationInfo }) {
  return (
    <li className="mb-2">
      <strong>{spec.name}</strong> <span className="badge text-bg-light">{USAGE[spec.usage]}</span>{' '}
      <span className="small text-body-secondary">{spec.ifcVersion.join(', ')}</span>
      {spec.description && <div className="small">{spec.description}</div>}
      <div className="small">
        <span className="text-body-secondary">Applies to:</span> {spec.applicability.join('; ')}
      </div>
      {spec.requirements.length > 0 && (
        <ul className="small mb-0 ps-3">
          {spec.requirements.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * One IDS file of the project: its latest version's status (valid, or invalid with the problems), where it
 * applies, and for whom may: Edit (upload) and Change where it applies (project managers).
 */
export function IdsDocumentRow({
  projectId,
  entry,
  mayManage,
  onEdit,
}: {
  projectId: string;
  entry: IdsDocumentEntry;
  mayManage: boolean;
  /** open it in the IDS editor; absent when the user may not upload */
  onEdit?: (() => void) | undefined;
}) {
  const [editingScopes, setEditingScopes] = useState(false);
  const [showSpecs, setShowSpecs] = useState(false);
  const { validation } = entry;
  const usedVersion =
    validation.status === 'invalid' && entry.validVersionId
      ? 'Models are checked against its last valid version.'
      : null;
  return (
    <li className="list-group-item ids-document" aria-label={entry.fileName}>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="me-auto">
          <div className="fw-semibold text-break">{entry.fileName}</div>
          <div className="small text-body-secondary">
            {entry.folderPath} · version {entry.versionNumber}
            {validation.title ? ` · ${validation.title}` : ''}
          </div>
        </div>
        <div className="d-flex gap-1">
          {validation.status === 'valid' && (
            <button type="button" className="btn btn-sm btn-link" onClick={() => setShowSpecs(!showSpecs)}>
              {showSpecs ? 'Hide specifications' : 'Specifications'}
            </button>
          )}
          {onEdit && (
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={onEdit}>
              Edit
            </button>
          )}
          {mayManage && !editingScopes && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => setEditingScopes(true)}
            >
              Change where it applies
            </button>
          )}
        </div>
      </div>
      <div className="mt-1">
        <IdsValidity validation={validation} />
        {usedVersion && <div className="small mt-1">{usedVersion}</div>}
      </div>
      {!editingScopes && (
        <div className="small mt-1">
          <span className="text-body-secondary">Applies to: </span>
          {entry.scopes.length === 0
            ? 'nowhere yet'
            : entry.scopes.map((scope, i) => (
                <span key={scope.id}>
                  {i > 0 && '; '}
                  {scope.kind === 'folder' ? `${scope.targetName}/ (every model in it)` : scope.targetName}
                  {scopeDynamic(scope)}
                </span>
              ))}
        </div>
      )}
      {editingScopes && (
        <ScopeEditor projectId={projectId} entry={entry} onDone={() => setEditingScopes(false)} />
      )}
      {showSpecs && (
        <ol className="mt-2 mb-0 ps-3 ids-spec-summary">
          {validation.specifications.map((spec) => (
            <SpecificationSummary key={spec.index} spec={spec} />
          ))}
        </ol>
      )}
    </li>
  );
}
