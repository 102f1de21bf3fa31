import { Table } from 'react-bootstrap';
import type { TransmittalDocument } from '@penstock/shared';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A transmittal's documents with revision and suitability; `hrefOf` gives each a download link. */
export function DocumentsTable({
  documents,
  hrefOf,
}: {
  documents: readonly TransmittalDocument[];
  hrefOf: (document: TransmittalDocument) => string;
}) {
  return (
    <Table size="sm" hover responsive aria-label="Documents">
      <thead>
        <tr>
          <th>Document</th>
          <th>Revision</th>
          <th>Suitability</th>
          <th className="text-end">Size</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((d) => (
          <tr key={d.versionId}>
            <td>
              <a href={hrefOf(d)} download>
                {d.fileName}
              </a>
            </td>
            <td>{d.revision}</td>
            <td>{d.suitability}</td>
            <td className="text-end text-nowrap">{size(d.size)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
