import { Modal, Table } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useCopy } from '../hooks/useCopy.ts';
import { useLegend } from '../hooks/useLegend.ts';
import { CopiedNote, CopyCell } from './CopiedNote.tsx';
import '../legend.css';

function FluidCodesBody() {
  const legend = useLegend();
  const { note, copy } = useCopy();
  if (legend.isPending) return <Loading label="Loading fluid codes..." />;
  if (legend.isError) return <ErrorAlert error={legend.error} title="The fluid codes could not be loaded." />;
  return (
    <>
      <Table size="sm" hover bordered className="legend-table mb-0" aria-label="Fluid codes">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {legend.data.fluidCodes.map((fluid) => (
            <tr key={fluid.fluidCode}>
              <CopyCell text={fluid.fluidCode} onCopy={(t) => void copy(t)} className="fw-semibold" />
              <CopyCell text={fluid.fluidDescription} onCopy={(t) => void copy(t)} />
            </tr>
          ))}
        </tbody>
      </Table>
      <CopiedNote note={note} />
    </>
  );
}

/** The sketch editor's 'Fluid Codes key': every fluid code and what it stands for. */
export function FluidCodesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} scrollable aria-labelledby="fluid-codes-title">
      <Modal.Header closeButton>
        <Modal.Title id="fluid-codes-title">Fluid Codes key</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FluidCodesBody />
      </Modal.Body>
    </Modal>
  );
}
