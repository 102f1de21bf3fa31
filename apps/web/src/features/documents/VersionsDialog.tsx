import { useNavigate } from 'react-router';
import { suitabilityCode, formatDate, isModelFile } from '@penstock/shared';
import { ListDialog, ListStates, ListTable } from '../../components/ListDialog.tsx';
import { compareHref } from '../compare/compareLink.ts';
import { useVersions } from './api.ts';
import { VersionChanges } from './VersionChanges.tsx';
import { isComparable as comparable } from './CompareWithPrevious.tsx';

/**
 * The versions of a file with their ISO 19650 revision and suitability, and where each came from: a
 * version published by a workflow or moved here says 'from <folder>/<file> <revision>' (the golden thread).
 */
export function VersionsDialog({
  itemId,
  name,
  onClose,
}: {
  itemId: string;
  name: string;
  onClose: () => void;
}) {
  const versions = useVersions(itemId);
  const navigate = useNavigate();
  const isModel = isModelFile(name);
  return (
    <ListDialog
      onHide={onClose}
      size="lg"
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
              ...(isModel ? ['Changes'] : []),
              { label: 'Compare', hidden: true },
              { label: 'Download', hidden: true },
            ]}
          >
            {rows.map((version, index) => {
              // newest first: the version before is the next row
              const previous = rows[index + 1];
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
                  {isModel && (
                    <td className="small">
                      {previous && <VersionChanges versionId={version.id} isModel={isModel} />}
                    </td>
                  )}
                  <td>
                    {previous && comparable(name) && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        title={`Compare V${version.number} with V${previous.number}`}
                        aria-label={`Compare V${version.number} with V${previous.number}`}
                        onClick={() => {
                          onClose();
                          void navigate(
                            compareHref({ baseVersionId: previous.id, headVersionId: version.id }),
                          );
                        }}
                      >
                        Compare
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
