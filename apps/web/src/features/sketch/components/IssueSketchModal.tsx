import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import {
  SHEET_SIZE_NAMES,
  isFolderNode,
  type SheetSize,
  type SketchIssueAnswer,
  type StructureNode,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useIssuePreview, useIssueSketch, useProjectStructure } from '../hooks/useSketchControl.ts';
import { inWords } from '../state/inWords.ts';

/** Every folder of the project with its path ('Shared/Process'), in tree order. */
export function folderChoices(root: StructureNode | undefined): Array<{ id: string; path: string }> {
  const out: Array<{ id: string; path: string }> = [];
  const walk = (node: StructureNode, trail: string[]) => {
    for (const child of node.NestedObjects) {
      if (!isFolderNode(child)) continue;
      const path = [...trail, child.Name];
      out.push({ id: child.Id, path: path.join('/') });
      walk(child, path);
    }
  };
  if (root) walk(root, []);
  return out;
}

/** A drawing number from the sketch's name: letters, digits, '-' and '_' only. */
export const drawingNumberFrom = (name: string) =>
  name
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * The Issue dialog (issue 37 §5): the saved sketch into a project folder as a controlled drawing, a PDF on
 * an A3, A1 or A0 sheet with a title block and the native sketch, with the revision and suitability the
 * folder gives (shown before issuing; a review gives other codes).
 */
export function IssueSketchModal({
  show,
  onHide,
  projectId,
  sketchId,
  name,
  baseUpdatedAt,
  dirty,
  userName,
  onIssued,
}: {
  show: boolean;
  onHide: () => void;
  projectId: string;
  sketchId: string;
  name: string;
  baseUpdatedAt: string;
  /** unsaved changes: the issue prints what is saved, so it waits for a save */
  dirty: boolean;
  userName: string;
  onIssued: (answer: SketchIssueAnswer) => void;
}) {
  const structure = useProjectStructure(projectId, show);
  const folders = useMemo(() => folderChoices(structure.data), [structure.data]);
  const [folderId, setFolderId] = useState('');
  const [drawingNumber, setDrawingNumber] = useState(() => drawingNumberFrom(name));
  const [title, setTitle] = useState(name);
  const [sheet, setSheet] = useState<SheetSize>('A3');
  const [drawnBy, setDrawnBy] = useState(userName);
  const [checkedBy, setCheckedBy] = useState('');
  const [description, setDescription] = useState('');
  const chosenFolder =
    folderId || folders.find((folder) => /^shared\//i.test(folder.path))?.id || folders[0]?.id || '';
  const preview = useIssuePreview(projectId, sketchId, chosenFolder, drawingNumber.trim());
  const issue = useIssueSketch();
  const ready = !!chosenFolder && drawingNumber.trim() && title.trim() && drawnBy.trim() && preview.data;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || dirty || !preview.data) return;
    issue.mutate(
      {
        projectId,
        sketchId,
        request: {
          folderId: chosenFolder,
          drawingNumber: drawingNumber.trim(),
          title: title.trim(),
          sheet,
          drawnBy: drawnBy.trim(),
          checkedBy: checkedBy.trim(),
          description: description.trim(),
          revision: preview.data.revision,
          suitability: preview.data.suitability,
          baseUpdatedAt,
        },
      },
      { onSuccess: onIssued },
    );
  };

  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby="issue-sketch-title">
      <Form onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="issue-sketch-title" className="h5">
            Issue '{name}' as a drawing
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {dirty && (
            <Alert variant="warning" className="py-2">
              The sketch has unsaved changes. Save it first: an issue prints the saved sketch.
            </Alert>
          )}
          {structure.isLoading && (
            <div role="status" className="mb-2">
              <Spinner size="sm" /> Loading the project's folders…
            </div>
          )}
          {structure.error && <Alert variant="danger">{errorMessage(structure.error)}</Alert>}
          <Row className="g-2">
            <Form.Group as={Col} md={6} controlId="issue-folder">
              <Form.Label className="small mb-0">Folder</Form.Label>
              <Form.Select
                size="sm"
                value={chosenFolder}
                onChange={(event) => setFolderId(event.target.value)}
              >
                {folders.map((folder) => (
                  <option key={folder.id} value={folder.id}>
                    {folder.path}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} md={6} controlId="issue-number">
              <Form.Label className="small mb-0">Drawing number</Form.Label>
              <Form.Control
                size="sm"
                value={drawingNumber}
                maxLength={120}
                onChange={(event) => setDrawingNumber(event.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={12} controlId="issue-title">
              <Form.Label className="small mb-0">Title</Form.Label>
              <Form.Control
                size="sm"
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="issue-sheet">
              <Form.Label className="small mb-0">Sheet</Form.Label>
              <Form.Select
                size="sm"
                value={sheet}
                onChange={(event) => setSheet(event.target.value as SheetSize)}
              >
                {SHEET_SIZE_NAMES.map((size) => (
                  <option key={size} value={size}>
                    {size} landscape
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="issue-drawn">
              <Form.Label className="small mb-0">Drawn by</Form.Label>
              <Form.Control
                size="sm"
                value={drawnBy}
                maxLength={80}
                onChange={(event) => setDrawnBy(event.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="issue-checked">
              <Form.Label className="small mb-0">Checked by</Form.Label>
              <Form.Control
                size="sm"
                value={checkedBy}
                maxLength={80}
                onChange={(event) => setCheckedBy(event.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={12} controlId="issue-description">
              <Form.Label className="small mb-0">Revision description</Form.Label>
              <Form.Control
                size="sm"
                value={description}
                maxLength={120}
                placeholder="Issued for review"
                onChange={(event) => setDescription(event.target.value)}
              />
            </Form.Group>
          </Row>
          <div className="mt-3 small" aria-live="polite" data-testid="issue-preview">
            {preview.isFetching && <Spinner size="sm" />}
            {preview.error && (
              <Alert variant="danger" className="py-2 mb-0">
                {errorMessage(preview.error)}
              </Alert>
            )}
            {preview.data && (
              <>
                <div>
                  Stored in <strong>{preview.data.folderPath}</strong> as {inWords(preview.data.fileNames)},
                  revision <strong>{preview.data.revision}</strong>, suitability{' '}
                  <strong>{preview.data.suitability}</strong>
                  {preview.data.suitabilityDescription ? ` (${preview.data.suitabilityDescription})` : ''}.
                </div>
                <div className="text-secondary">
                  The folder gives these codes; a review workflow on the issued file gives others.
                </div>
                {preview.data.nameProblem && (
                  <Alert variant="warning" className="py-2 mt-2 mb-0">
                    {preview.data.nameProblem}
                  </Alert>
                )}
              </>
            )}
          </div>
          {issue.error && (
            <Alert variant="danger" className="py-2 mt-2 mb-0">
              Not issued: {errorMessage(issue.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready || dirty || issue.isPending}>
            {issue.isPending ? <Spinner size="sm" /> : 'Issue drawing'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
