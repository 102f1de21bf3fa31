import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { formatDate } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useProjectUsers } from '../../projects/hooks/useProjectUsers.ts';
import {
  fetchPurposes,
  fetchStructure,
  issueTransmittal,
  purposesKey,
  structureKey,
  transmittalKeys,
  type IssuedTransmittal,
} from '../api.ts';
import { issueBody, issueProblem } from '../issueForm.ts';
import { DocumentPicker } from './DocumentPicker.tsx';

const versionUrl = (versionId: string) => `/api/versions/${encodeURIComponent(versionId)}/content?download=1`;

/**
 * Issue a transmittal (issue 35 §3): the project's documents to choose (with revision and suitability), a
 * purpose of issue from the project's list, a message, project members and outside e-mail addresses, and a
 * due date where the purpose asks for a response. Issued, it shows the number, the cover sheet and the
 * outside links; the server's refusals show in the dialog.
 */
export function IssueTransmittalDialog({
  projectId,
  projectName,
  initialVersionIds = [],
  onClose,
}: {
  projectId: string;
  projectName: string;
  initialVersionIds?: readonly string[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const structure = useQuery({ queryKey: structureKey(projectId), queryFn: () => fetchStructure(projectId) });
  const purposes = useQuery({ queryKey: purposesKey(projectId), queryFn: () => fetchPurposes(projectId) });
  const users = useProjectUsers(projectId);
  const [versionIds, setVersionIds] = useState<ReadonlySet<string>>(() => new Set(initialVersionIds));
  const [purpose, setPurpose] = useState('');
  const [message, setMessage] = useState('');
  const [memberIds, setMemberIds] = useState<ReadonlySet<string>>(() => new Set());
  const [outside, setOutside] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: () => issueTransmittal(projectId, issueBody(choices(), purposes.data ?? [])),
    onSuccess: () => void client.invalidateQueries({ queryKey: transmittalKeys.all }),
  });

  const list = purposes.data ?? [];
  const chosenPurpose = list.find((p) => p.name === purpose) ?? null;
  const choices = () => ({
    versionIds: [...versionIds],
    purpose,
    message,
    memberIds: [...memberIds],
    outside,
    dueDate,
  });
  const toggle = (set: ReadonlySet<string>, value: string) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = issueProblem(choices(), list, formatDate(new Date(), 'utc-date'));
    setProblem(found);
    if (!found) issue.mutate();
  };

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="issue-transmittal-title">
      <Modal.Header closeButton>
        <Modal.Title id="issue-transmittal-title">Issue a transmittal</Modal.Title>
      </Modal.Header>
      {issue.data ? (
        <Issued issued={issue.data} onClose={onClose} />
      ) : (
        <Form onSubmit={submit} noValidate aria-label="Issue a transmittal">
          <Modal.Body>
            <p className="text-secondary small mb-2">{projectName}</p>
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">Documents ({versionIds.size} chosen)</legend>
              <div className="border rounded p-2" style={{ maxHeight: 220, overflowY: 'auto' }}>
                {structure.isPending && <Loading label="Loading the project's files..." />}
                {structure.isError && (
                  <ErrorAlert error={structure.error} title="The files could not be loaded." />
                )}
                {structure.data && (
                  <DocumentPicker
                    nodes={structure.data.NestedObjects}
                    chosen={versionIds}
                    onToggle={(id) => setVersionIds((set) => toggle(set, id))}
                  />
                )}
              </div>
            </fieldset>
            <div className="row g-2 mb-3">
              <Form.Group className="col-sm-7" controlId="transmittal-purpose">
                <Form.Label>Purpose of issue</Form.Label>
                <Form.Select value={purpose} onChange={(e) => setPurpose(e.target.value)}>
                  <option value="">Choose...</option>
                  {list.map((p) => (
                    <option key={p.name} value={p.name}>
                      {p.name}
                      {p.asksResponse ? ' (response asked)' : ''}
                    </option>
                  ))}
                </Form.Select>
                {purposes.isError && <div className="text-danger small">{errorMessage(purposes.error)}</div>}
              </Form.Group>
              {chosenPurpose?.asksResponse && (
                <Form.Group className="col-sm-5" controlId="transmittal-due">
                  <Form.Label>Response due</Form.Label>
                  <Form.Control type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
                </Form.Group>
              )}
            </div>
            <Form.Group className="mb-3" controlId="transmittal-message">
              <Form.Label>Message</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </Form.Group>
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">Project members</legend>
              {users.isError && <div className="text-danger small">{errorMessage(users.error)}</div>}
              <div className="d-flex flex-wrap gap-3">
                {(users.data ?? []).map((u) => (
                  <Form.Check
                    key={u.autodeskId}
                    id={`member-${u.autodeskId}`}
                    label={`${u.firstName} ${u.lastName}`.trim() || u.email}
                    title={u.email}
                    checked={memberIds.has(u.autodeskId)}
                    onChange={() => setMemberIds((set) => toggle(set, u.autodeskId))}
                  />
                ))}
              </div>
            </fieldset>
            <Form.Group controlId="transmittal-outside">
              <Form.Label>Outside recipients</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={outside}
                placeholder="Sam Site <sam@contractor.example>, one address a line"
                onChange={(e) => setOutside(e.target.value)}
              />
              <Form.Text>They get an e-mail with a link to these files only.</Form.Text>
            </Form.Group>
            {problem && (
              <Alert variant="warning" className="small py-2 mt-3 mb-0">
                {problem}
              </Alert>
            )}
            {issue.isError && (
              <ErrorAlert className="small py-2 mt-3 mb-0" error={issue.error} title="Not issued." />
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={issue.isPending || purposes.isPending}>
              {issue.isPending ? 'Issuing...' : 'Issue'}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}

function Issued({ issued, onClose }: { issued: IssuedTransmittal; onClose: () => void }) {
  const t = issued.transmittal;
  return (
    <>
      <Modal.Body>
        <Alert variant="success" className="mb-3">
          Transmittal <strong>{t.number}</strong> issued to {t.recipientCount}{' '}
          {t.recipientCount === 1 ? 'recipient' : 'recipients'}.
        </Alert>
        <p>
          <a href={versionUrl(t.coverVersionId)}>Cover sheet (PDF)</a>
        </p>
        {issued.links.length > 0 && (
          <>
            <p className="small text-secondary mb-1">
              Outside links (shown once; e-mailed to each where e-mail is set up):
            </p>
            <ul className="small">
              {issued.links.map((link) => (
                <li key={link.email}>
                  {link.email}: <code className="user-select-all">{link.url}</code>
                </li>
              ))}
            </ul>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>Done</Button>
      </Modal.Footer>
    </>
  );
}
