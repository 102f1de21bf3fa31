import { useState } from 'react';
import { Alert, Button, Form, Modal, Spinner, Table } from 'react-bootstrap';
import type { DexpiImportAnswer, DexpiImportReport } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useImportDexpi } from '../hooks/useDexpi.ts';

const REPORT_ROWS: Array<{ key: Exclude<keyof DexpiImportReport, 'unmappedClasses'>; label: string }> = [
  { key: 'equipment', label: 'Equipment' },
  { key: 'nozzles', label: 'Nozzles' },
  { key: 'pipingSegments', label: 'Piping segments' },
  { key: 'connections', label: 'Connections' },
  { key: 'inlineComponents', label: 'Inline components' },
  { key: 'instruments', label: 'Instruments' },
  { key: 'signalLines', label: 'Signal lines' },
];

/** What an import mapped, and the classes it could not. */
export function DexpiReport({ report }: { report: DexpiImportReport }) {
  return (
    <>
      <Table size="sm" bordered className="mb-2" aria-label="Import report">
        <tbody>
          {REPORT_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="fw-normal">
                {row.label}
              </th>
              <td className="text-end" data-testid={`dexpi-${row.key}`}>
                {report[row.key]}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {report.unmappedClasses.length > 0 ? (
        <p className="small mb-0" data-testid="dexpi-unmapped">
          Not in the symbol library (drawn as a generic symbol with the class name):{' '}
          {report.unmappedClasses.join(', ')}
        </p>
      ) : (
        <p className="small text-secondary mb-0">Every class was mapped to a library symbol.</p>
      )}
    </>
  );
}

/**
 * Import DEXPI: a DEXPI XML file from another tool becomes a new sketch of the project; the report of what
 * was mapped is shown, and Open loads the new sketch onto the canvas.
 */
export function DexpiImportModal({
  show,
  projectId,
  onHide,
  onOpen,
}: {
  show: boolean;
  projectId: string | undefined;
  onHide: () => void;
  /** load the imported sketch (false when the user kept the canvas) */
  onOpen: (answer: DexpiImportAnswer) => Promise<boolean>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [opening, setOpening] = useState(false);
  const importer = useImportDexpi();
  const answer = importer.data;

  const close = () => {
    importer.reset();
    setFile(null);
    setName('');
    onHide();
  };

  return (
    <Modal show={show} onHide={close} aria-labelledby="dexpi-import-title">
      <Modal.Header closeButton>
        <Modal.Title id="dexpi-import-title">Import DEXPI</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!projectId && (
          <Alert variant="warning">Select a project first: the import is saved as a new sketch of it.</Alert>
        )}
        {answer ? (
          <>
            <Alert variant="success" className="py-2">
              Imported as '{answer.drawingName}'.
            </Alert>
            <DexpiReport report={answer.report} />
          </>
        ) : (
          <Form
            id="dexpi-import-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (projectId && file) importer.mutate({ projectId, file, name });
            }}
          >
            <p className="small text-secondary">
              A P&amp;ID in DEXPI XML (Proteus schema) from another plant tool becomes a new sketch:
              equipment, nozzles, piping, valves and instruments as library symbols, with their tags,
              connections and line data.
            </p>
            <Form.Group className="mb-2" controlId="dexpi-file">
              <Form.Label>DEXPI file</Form.Label>
              <Form.Control
                type="file"
                accept=".xml,application/xml,text/xml"
                onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
              />
            </Form.Group>
            <Form.Group controlId="dexpi-name">
              <Form.Label>Sketch name (optional)</Form.Label>
              <Form.Control
                value={name}
                maxLength={150}
                placeholder="the drawing's name in the file"
                onChange={(event) => setName(event.target.value)}
              />
            </Form.Group>
            {importer.isError && (
              <Alert variant="danger" className="mt-2 mb-0 py-2">
                The file was not imported: {errorMessage(importer.error)}
              </Alert>
            )}
          </Form>
        )}
      </Modal.Body>
      <Modal.Footer>
        {answer ? (
          <>
            <Button variant="outline-secondary" onClick={close}>
              Close
            </Button>
            <Button
              disabled={opening}
              onClick={() => {
                setOpening(true);
                void onOpen(answer)
                  .then((opened) => opened && close())
                  .finally(() => setOpening(false));
              }}
            >
              Open the new sketch
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="dexpi-import-form"
              disabled={!projectId || !file || importer.isPending}
            >
              {importer.isPending ? <Spinner size="sm" /> : 'Import'}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
