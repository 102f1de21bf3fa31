import { Badge, Table } from 'react-bootstrap';
import type { ImportRowReport } from '@penstock/shared';

/**
 * The row-by-row report of a bulk upload or a delivery plan import: each sheet row with its problems (or its
 * warnings); a file sent without a row is listed with no row number.
 */
export function ImportReport({
  rows,
  label,
  nameLabel = 'File name',
}: {
  rows: readonly ImportRowReport[];
  label: string;
  /** the heading of the names' column */
  nameLabel?: string;
}) {
  return (
    <Table size="sm" responsive className="small align-middle mb-0" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">{nameLabel}</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.row}:${row.fileName}`} className={row.ok ? undefined : 'table-danger'}>
            <td>{row.row > 0 ? row.row : '—'}</td>
            <td className="text-break">{row.fileName}</td>
            <td>
              {row.ok ? (
                <>
                  <Badge bg="success">OK</Badge>
                  {row.warnings?.map((warning) => (
                    <div key={warning} className="text-warning-emphasis">
                      {warning}
                    </div>
                  ))}
                </>
              ) : (
                <ul className="mb-0 ps-3">
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
