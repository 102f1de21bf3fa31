import { useId, useState } from 'react';
import { Collapse } from 'react-bootstrap';
import { FaChevronDown, FaChevronRight } from 'react-icons/fa6';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { CopyCell } from './CopiedNote.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

export interface CodeRow {
  code: string;
  description: string;
}

/** A titled code/description table that folds away under its heading; each cell copies its text. */
export function CollapsibleTable({
  title,
  rows,
  pending,
  error,
  onCopy,
}: {
  title: string;
  rows: readonly CodeRow[] | undefined;
  pending: boolean;
  error: unknown;
  onCopy: (text: string) => void;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  return (
    <section className="legend-column-section">
      <h3 className="h6 mb-2">
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none d-inline-flex align-items-center gap-2"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <FaChevronDown aria-hidden="true" /> : <FaChevronRight aria-hidden="true" />}
          {title}
          {rows && <span className="badge text-bg-secondary fw-normal">{rows.length}</span>}
        </button>
      </h3>
      <Collapse in={open}>
        <div id={bodyId}>
          {pending && <Loading label={`Loading ${title}...`} />}
          {error != null && <ErrorAlert error={error} title={`${title} could not be loaded.`} />}
          {rows && (
            <ListTable
              size="sm"
              hover
              bordered
              className="legend-table mb-0"
              aria-label={title}
              columns={['Code', 'Description']}
            >
              {rows.map((row) => (
                <tr key={row.code}>
                  <CopyCell text={row.code} onCopy={onCopy} className="text-nowrap fw-semibold" />
                  <CopyCell text={row.description} onCopy={onCopy} />
                </tr>
              ))}
            </ListTable>
          )}
        </div>
      </Collapse>
    </section>
  );
}
