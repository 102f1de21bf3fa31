import { Alert, Button, ListGroup, Modal, Spinner } from 'react-bootstrap';
import type { SavedSketch } from '@penstock/shared';

function SketchList({
  sketches,
  maxHeight,
  action,
  onAction,
  busy,
}: {
  sketches: SavedSketch[];
  maxHeight: string;
  action: 'Load' | 'Delete';
  onAction: (sketch: SavedSketch) => void;
  busy?: boolean;
}) {
  if (sketches.length === 0)
    return <p className="text-secondary small mb-0">No saved sketches in this project yet.</p>;
  return (
    <ListGroup style={{ maxHeight, overflowY: 'auto' }} aria-label="Saved sketches">
      {sketches.map((sketch) => (
        <ListGroup.Item key={sketch.DrawingName} className="d-flex align-items-center gap-2">
          <div className="flex-grow-1">
            <div>{sketch.DrawingName}</div>
            <div className="small text-secondary">saved by {sketch.updatedBy}</div>
          </div>
          <Button
            size="sm"
            variant={action === 'Delete' ? 'outline-danger' : 'primary'}
            disabled={busy}
            onClick={() => onAction(sketch)}
            aria-label={`${action} ${sketch.DrawingName}`}
          >
            {action}
          </Button>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}

/** The Save/Load modal: the project's saved sketches to load (a list of 50vh). */
export function LoadSketchModal({
  show,
  onHide,
  sketches,
  loading,
  error,
  onLoad,
}: {
  show: boolean;
  onHide: () => void;
  sketches: SavedSketch[];
  loading: boolean;
  error?: string | undefined;
  onLoad: (sketch: SavedSketch) => void;
}) {
  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby="sketch-load-title">
      <Modal.Header closeButton>
        <Modal.Title id="sketch-load-title">Load a saved sketch</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        {loading ? (
          <Spinner size="sm" />
        ) : (
          <SketchList sketches={sketches} maxHeight="50vh" action="Load" onAction={onLoad} />
        )}
      </Modal.Body>
    </Modal>
  );
}

/** The Manage Saves modal: delete saved sketches (a list of 30vh). */
export function ManageSavesModal({
  show,
  onHide,
  sketches,
  busy,
  error,
  onDelete,
}: {
  show: boolean;
  onHide: () => void;
  sketches: SavedSketch[];
  busy: boolean;
  error?: string | undefined;
  onDelete: (sketch: SavedSketch) => void;
}) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="sketch-manage-title">
      <Modal.Header closeButton>
        <Modal.Title id="sketch-manage-title">Manage saves</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        <SketchList sketches={sketches} maxHeight="30vh" action="Delete" onAction={onDelete} busy={busy} />
      </Modal.Body>
    </Modal>
  );
}
