import { suitabilityCode, formatDate } from '@penstock/shared';
import { ListDialog, ListStates, ListTable } from '../../components/ListDialog.tsx';
import { useVersions } from './api.ts';

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
              { label: 'Download', hidden: true },
            ]}
          >
            {rows.map((version) => (
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
                <td>
                  <a href={`/api/versions/${encodeURIComponent(version.id)}/content?download=1`}>Download</a>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListStates>
    </ListDialog>
  );
}
