import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { ListDialog, ListTable } from '../../../components/ListDialog.tsx';
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
      <ListTable
        size="sm"
        hover
        bordered
        className="legend-table mb-0"
        aria-label="Fluid codes"
        columns={['Code', 'Description']}
      >
        {legend.data.fluidCodes.map((fluid) => (
          <tr key={fluid.fluidCode}>
            <CopyCell text={fluid.fluidCode} onCopy={(t) => void copy(t)} className="fw-semibold" />
            <CopyCell text={fluid.fluidDescription} onCopy={(t) => void copy(t)} />
          </tr>
        ))}
      </ListTable>
      <CopiedNote note={note} />
    </>
  );
}

/** The sketch editor's 'Fluid Codes key': every fluid code and what it stands for. */
export function FluidCodesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <ListDialog show={show} onHide={onHide} scrollable titleId="fluid-codes-title" title="Fluid Codes key">
      <FluidCodesBody />
    </ListDialog>
  );
}
