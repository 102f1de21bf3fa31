import { Modal, Table } from 'react-bootstrap';
import { suitabilityCode, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Loading } from '../../components/Loading.tsx';
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
    <Modal show onHide={onClose} size="lg" aria-labelledby="versions-title">
      <Modal.Header closeButton>
        <Modal.Title id="versions-title" className="h5">
          Versions of {name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {versions.isPending && <Loading label="Loading the versions..." />}
        {versions.isError && <ErrorAlert title="The versions could not be loaded." error={versions.error} />}
        {versions.data && (
          <Table size="sm" responsive className="mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Revision</th>
                <th scope="col">Suitability</th>
                <th scope="col">Added</th>
                <th scope="col">From</th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.data.map((version) => (
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
                    <a href={`/api/versions/${encodeURIComponent(version.id)}/content?download=1`}>
                      Download
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
    </Modal>
  );
}
