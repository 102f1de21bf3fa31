import { useNavigate } from 'react-router';
import { suitabilityCode, formatDate, isIdsFileName } from '@penstock/shared';
import { IdsVersionStatus } from '../ids/IdsValidity.tsx';
import { ListDialog, ListStates, ListTable } from '../../components/ListDialog.tsx';
import { compareHref, compareKind } from '../compare/compareLink.ts';
import { ChangedPages } from '../compare/components/ChangedPages.tsx';
import { useVersions } from './api.ts';
import { VersionChanges } from './VersionChanges.tsx';

/**
 * The versions of a file with their ISO 19650 revision and suitability, and where each came from: a
 * version published by a workflow or moved here says 'from <folder>/<file> <revision>' (the golden thread).
 */
export function VersionsDialog({
  itemId,
  name,
  projectId,
  onClose,
}: {
  itemId: string;
  name: string;
  /** the file's project (an IDS file's versions show their status, issue 36) */
  projectId?: string | undefined;
  onClose: () => void;
}) {
  const versions = useVersions(itemId);
  const navigate = useNavigate();
  // IDS files (issue 36): each version's status, valid or invalid with the schema's or the audit's reasons
  return (
    <ListDialog
      onHide={onClose}
      size="xl"
      titleId="versions-title"
      titleClassName="h5"
      title={`Versions of ${name}`}
    >
      <ListStates
        list={versions}
        loading="Loading the versions..."
        errorTitle="The versions could not be loaded."
      >
        {(rows) => (
          <ListTable
            size="sm"
            responsive
            className="mb-0 align-middle"
            columns={[
              'Version',
              'Revision',
              'Suitability',
              'Added',
              'From',
              'Changes',
              { label: 'Compare', hidden: true },
              { label: 'Download', hidden: true },
            ]}
          >
            {rows.map((version, index) => {
              // newest first: the version before this one is the next row
              const previous = rows[index + 1];
              const comparable = previous && compareKind(previous.fileName, version.fileName);
              return (
                <tr key={version.id}>
                  <td>V{version.number}</td>
                  <td>{version.revision ?? ''}</td>
                  <td title={suitabilityCode(version.suitability ?? '')?.description}>
                    {version.suitability ?? ''}
                  </td>
                  <td>{formatDate(version.createdAt, 'date-time')}</td>
                  <td className="small">
                    {version.derivedFrom
                      ? `from ${version.derivedFrom.folderPath}/${version.derivedFrom.fileName} ${version.derivedFrom.revision}`
                      : ''}
                  </td>
                  <td className="small">
                    {previous && comparable === 'drawing' && (
                      <ChangedPages baseVersionId={previous.id} headVersionId={version.id} />
                    )}
                    {previous && comparable === 'model' && <VersionChanges versionId={version.id} isModel />}
                    {projectId && isIdsFileName(version.fileName) && (
                      <IdsVersionStatus projectId={projectId} versionId={version.id} />
                    )}
                  </td>
                  <td>
                    {previous && (comparable === 'drawing' || comparable === 'model') && (
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 text-nowrap"
                        aria-label={`Compare V${version.number} with V${previous.number}`}
                        title={`Compare V${version.number} with the version before it, V${previous.number}`}
                        onClick={() => {
                          onClose();
                          void navigate(
                            compareHref({ baseVersionId: previous.id, headVersionId: version.id }),
                          );
                        }}
                      >
                        Compare with previous
                      </button>
                    )}
                  </td>
                  <td>
                    <a href={`/api/versions/${encodeURIComponent(version.id)}/content?download=1`}>
                      Download
                    </a>
                  </td>
                </tr>
              );
            })}
          </ListTable>
        )}
      </ListStates>
    </ListDialog>
  );
}
