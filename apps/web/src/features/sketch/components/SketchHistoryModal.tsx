import { Alert, Badge, Button, ListGroup, Modal, Spinner } from 'react-bootstrap';
import { formatDate, type SketchSaveAnswer } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useRestoreSketch, useSketchHistory } from '../hooks/useSketchControl.ts';

/**
 * The History dialog (issue 37 §5): every save of the open sketch, who and when; Restore brings one back as
 * a new save. The restore carries the time of the save the user has open, so a sketch saved by someone else
 * since is refused (409) rather than overwritten.
 */
export function SketchHistoryModal({
  show,
  onHide,
  projectId,
  sketchId,
  name,
  baseUpdatedAt,
  mayRestore,
  confirmDiscard,
  onRestored,
}: {
  show: boolean;
  onHide: () => void;
  projectId: string;
  sketchId: string;
  name: string;
  /** the updatedAt of the save the canvas holds */
  baseUpdatedAt: string;
  mayRestore: boolean;
  /** asks about unsaved changes; false keeps them (no restore) */
  confirmDiscard: () => Promise<boolean>;
  onRestored: (answer: SketchSaveAnswer) => void | Promise<void>;
}) {
  const history = useSketchHistory(projectId, sketchId, show);
  const restore = useRestoreSketch();
  const versions = history.data ?? [];
  const latest = versions[0]?.number;

  const onRestore = async (number: number) => {
    if (!(await confirmDiscard())) return;
    restore.mutate(
      { projectId, sketchId, number, baseUpdatedAt },
      { onSuccess: async (answer) => onRestored(answer) },
    );
  };

  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby="sketch-history-title">
      <Modal.Header closeButton>
        <Modal.Title id="sketch-history-title" className="h5">
          History of '{name}'
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {history.isLoading && (
          <div role="status">
            <Spinner size="sm" /> Loading the history…
          </div>
        )}
        {history.error && <Alert variant="danger">{errorMessage(history.error)}</Alert>}
        {restore.error && (
          <Alert variant="danger" className="py-2">
            Not restored: {errorMessage(restore.error)}
          </Alert>
        )}
        {versions.length > 0 && (
          <ListGroup aria-label="Saved versions" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
            {versions.map((version) => (
              <ListGroup.Item key={version.number} className="d-flex align-items-center gap-2">
                <div className="flex-grow-1">
                  <div>
                    Version {version.number}{' '}
                    {version.number === latest && (
                      <Badge bg="secondary" className="ms-1">
                        current
                      </Badge>
                    )}
                    {version.restoredFrom !== null && (
                      <span className="small text-secondary ms-2">
                        restored from version {version.restoredFrom}
                      </span>
                    )}
                  </div>
                  <div className="small text-secondary">
                    saved by {version.savedBy} on {formatDate(version.savedAt, 'locale-date-time')}
                  </div>
                  {version.issues.map((issue) => (
                    <div key={`${issue.drawingNumber}-${issue.revision}`} className="small">
                      <Badge bg="info" className="me-1">
                        issued
                      </Badge>
                      {issue.drawingNumber} revision {issue.revision} ({issue.suitability}, {issue.sheet}) on{' '}
                      {formatDate(issue.issuedAt, 'locale-date-time')}
                    </div>
                  ))}
                </div>
                {mayRestore && version.number !== latest && (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={restore.isPending}
                    onClick={() => void onRestore(version.number)}
                    aria-label={`Restore version ${version.number}`}
                  >
                    {restore.isPending && restore.variables?.number === version.number ? (
                      <Spinner size="sm" />
                    ) : (
                      'Restore'
                    )}
                  </Button>
                )}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
