import { useState, type FormEvent } from 'react';
import { Alert, Button, Col, Form, Modal, Row, Spinner } from 'react-bootstrap';
import {
  TRAINING_CODES,
  TRAINING_FORMATS,
  TRAINING_MATERIAL_FORMATS,
  TrainingCourseInputSchema,
  trainingCodeFor,
  type AdminTrainingCourse,
  type AdminTrainingRole,
  type TrainingCode,
  type TrainingFormat,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { firstIssue } from '../../../components/firstIssue.ts';
import { useSaveCourse } from './useTrainingAdmin.ts';

const CODE_LABELS: Record<TrainingCode, string> = {
  M: 'M: mandatory',
  R: 'R: recommended',
  A: 'A: available',
  X: 'X: not required',
};

const ACCEPT: Record<'PowerPoint' | 'Video' | 'PDF', string> = {
  PowerPoint: 'application/pdf,.pdf',
  Video: 'video/mp4,.mp4',
  PDF: 'application/pdf,.pdf',
};

const MATERIAL_HINT: Record<'PowerPoint' | 'Video' | 'PDF', string> = {
  PowerPoint:
    'The slides saved as PDF (in PowerPoint: File, Save As, PDF); they are shown in a frame. No PowerPoint viewer runs offline.',
  Video: 'An mp4 file (H.264), played in the page.',
  PDF: 'A PDF, shown in the page.',
};

/** Add or edit a course: title, format, time, tag, codes per role, and its material or address. */
export function CourseModal({
  course,
  roles,
  onClose,
}: {
  /** null adds a course */
  course: AdminTrainingCourse | null;
  roles: readonly AdminTrainingRole[];
  onClose: () => void;
}) {
  const save = useSaveCourse();
  const [title, setTitle] = useState(course?.trainingTitle ?? '');
  const [format, setFormat] = useState<TrainingFormat>(course?.format ?? 'PDF');
  const [time, setTime] = useState(course?.time ?? '');
  const [tag, setTag] = useState(course?.tag ?? '');
  const [url, setUrl] = useState(course?.url ?? '');
  const [codes, setCodes] = useState<Record<string, TrainingCode>>(() =>
    Object.fromEntries(
      roles.map((role) => [role.roleName, course ? trainingCodeFor(course, role.roleName) : 'X']),
    ),
  );
  const [material, setMaterial] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  // once added, saving again edits that course (say, after its material was refused)
  const [createdId, setCreatedId] = useState<string | undefined>(undefined);
  const stored = TRAINING_MATERIAL_FORMATS.includes(format)
    ? (format as 'PowerPoint' | 'Video' | 'PDF')
    : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = TrainingCourseInputSchema.safeParse({
      trainingTitle: title,
      format,
      time,
      tag,
      url,
      roleData: codes,
      retired: course?.retired ?? false,
    });
    setInvalid(firstIssue(parsed));
    if (!parsed.success) return;
    save.mutate(
      {
        id: course?.id ?? createdId,
        input: parsed.data,
        material: stored ? material : null,
        onCreated: setCreatedId,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="course-modal-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="course-modal-title" as="h2" className="h5">
            {course ? 'Edit course' : 'Add course'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row className="g-3">
            <Form.Group as={Col} md={8} controlId="course-title">
              <Form.Label>Title</Form.Label>
              <Form.Control value={title} onChange={(event) => setTitle(event.target.value)} />
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="course-format">
              <Form.Label>Format</Form.Label>
              <Form.Select
                value={format}
                onChange={(event) => setFormat(event.target.value as TrainingFormat)}
              >
                {TRAINING_FORMATS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} md={4} controlId="course-time">
              <Form.Label>Est Time to Complete</Form.Label>
              <Form.Control
                value={time}
                placeholder="30 mins"
                onChange={(event) => setTime(event.target.value)}
              />
            </Form.Group>
            <Form.Group as={Col} md={8} controlId="course-tag">
              <Form.Label>Tag</Form.Label>
              <Form.Control
                value={tag}
                placeholder="site-safety"
                onChange={(event) => setTag(event.target.value)}
              />
              <Form.Text>The course's address: /training/{tag || '{tag}'}</Form.Text>
            </Form.Group>
            {format === 'Other' ? (
              <Form.Group as={Col} xs={12} controlId="course-url">
                <Form.Label>Address</Form.Label>
                <Form.Control
                  type="url"
                  value={url}
                  placeholder="https://"
                  onChange={(event) => setUrl(event.target.value)}
                />
                <Form.Text>Opened in a new tab.</Form.Text>
              </Form.Group>
            ) : (
              stored && (
                <Form.Group as={Col} xs={12} controlId="course-material">
                  <Form.Label>Training material</Form.Label>
                  <Form.Control
                    type="file"
                    accept={ACCEPT[stored]}
                    onChange={(event) => setMaterial((event.target as HTMLInputElement).files?.[0] ?? null)}
                  />
                  <Form.Text>
                    {MATERIAL_HINT[stored]}
                    {course?.material && ` Stored now: ${course.material.fileName}.`}
                  </Form.Text>
                </Form.Group>
              )
            )}
          </Row>
          <h3 className="h6 mt-4">Codes per role</h3>
          {roles.length === 0 ? (
            <p className="text-secondary small">
              Add roles first: a course is mandatory, recommended or available per role.
            </p>
          ) : (
            <Row className="g-2">
              {roles.map((role) => (
                <Form.Group
                  as={Col}
                  sm={6}
                  md={4}
                  key={role.roleName}
                  controlId={`course-code-${role.roleName}`}
                >
                  <Form.Label className="small mb-1">
                    {role.displayName}
                    {role.retired && ' (retired)'}
                  </Form.Label>
                  <Form.Select
                    size="sm"
                    value={codes[role.roleName] ?? 'X'}
                    onChange={(event) =>
                      setCodes({ ...codes, [role.roleName]: event.target.value as TrainingCode })
                    }
                  >
                    {TRAINING_CODES.map((code) => (
                      <option key={code} value={code}>
                        {CODE_LABELS[code]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              ))}
            </Row>
          )}
          {invalid && (
            <Alert variant="warning" className="mt-3 mb-0 py-2">
              {invalid}
            </Alert>
          )}
          {save.isError && (
            <Alert variant="danger" className="mt-3 mb-0 py-2">
              {errorMessage(save.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
            {course ? 'Save course' : 'Add course'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
