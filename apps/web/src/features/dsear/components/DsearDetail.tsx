import { Button, Card, Col, Row, Table } from 'react-bootstrap';
import { FaCheck } from 'react-icons/fa6';
import {
  formatDate,
  DSEAR_QUESTIONS,
  DSEAR_RAG_TEXT,
  SDM_APPROVED,
  dsearApprovalRefusal,
  practitionerFlagOf,
  type DsearEntry,
  type DsearPerson,
} from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { personText, RagBadge } from './format.tsx';
import { DsearHistory } from './DsearHistory.tsx';
import { DsearAttachments } from './DsearAttachments.tsx';
import { ListTable } from '../../../components/ListDialog.tsx';

interface ApproveState {
  pending: boolean;
  error: unknown;
  onApprove: () => void;
  onDismissError: () => void;
}

function Approvals({ entry, me, approve }: { entry: DsearEntry; me: string; approve: ApproveState }) {
  const mine = (email: string) => email.toLowerCase() === me.toLowerCase();
  // the same rule the server applies: no Approve where it would answer 409 (a RED entry)
  const refusal = dsearApprovalRefusal(entry, me);
  const mayApprove = refusal === null;
  return (
    <section aria-labelledby="dsear-approvals" className="mb-4">
      <h2 id="dsear-approvals" className="h5">
        Approvals
      </h2>
      {approve.error != null && (
        <ErrorAlert
          error={approve.error}
          title="The approval was not saved."
          onClose={approve.onDismissError}
        />
      )}
      {entry.sdms.length === 0 ? (
        <p className="text-secondary small">No senior design manager is listed on this entry.</p>
      ) : (
        <ListTable
          size="sm"
          bordered
          className="align-middle"
          aria-label="Approvals"
          columns={['Senior design manager', 'Status', 'Approved on', 'Action']}
        >
          {entry.sdms.map((sdm) => (
            <tr key={sdm.email}>
              <td>
                {sdm.name ? (
                  <>
                    {sdm.name} <span className="text-secondary small">{sdm.email}</span>
                  </>
                ) : (
                  sdm.email
                )}
              </td>
              <td>
                <span className={sdm.status === SDM_APPROVED ? 'text-success fw-semibold' : ''}>
                  {sdm.status}
                </span>
              </td>
              <td>{formatDate(sdm.approveDate, 'date, time')}</td>
              <td>
                {refusal === 'red' && mine(sdm.email) && (
                  <span className="small text-secondary">Can be approved once the entry is AMBER</span>
                )}
                {mayApprove && mine(sdm.email) && sdm.status !== SDM_APPROVED && (
                  <Button size="sm" variant="success" disabled={approve.pending} onClick={approve.onApprove}>
                    <FaCheck aria-hidden="true" className="me-1" />
                    {approve.pending ? 'Approving...' : 'Approve'}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  );
}

/** One project's entry (spec §2): status, answers, approvals, submission details, FLIDS, zones, history. */
export function DsearDetail({
  entry,
  me,
  people,
  approve,
  canAttach,
}: {
  entry: DsearEntry;
  /** whether the user may attach files (useMayInProject's 'saveDsear', as the server checks) */
  canAttach: boolean;
  /** the signed-in user's email */
  me: string;
  people: Map<string, DsearPerson>;
  approve: ApproveState;
}) {
  const practitioner = practitionerFlagOf(entry.practitioner);
  return (
    <div className="dsear-detail">
      <Card className="mb-4 dsear-status" border="light">
        <Card.Body className="d-flex flex-wrap align-items-center gap-3">
          <div className="d-flex align-items-center gap-2">
            <span className="fw-semibold" id="dsear-rag-status">
              RAG status
            </span>
            <span className="fs-5" data-testid="dsear-rag-status">
              <RagBadge rag={entry.tmRag} />
            </span>
          </div>
          <p className="mb-0 flex-grow-1 dsear-rag-text">{DSEAR_RAG_TEXT[entry.tmRag]}</p>
        </Card.Body>
      </Card>

      <Row className="g-4">
        <Col xs={12} xl={7}>
          <section aria-labelledby="dsear-questions" className="mb-4">
            <h2 id="dsear-questions" className="h5">
              Questions
            </h2>
            <Table size="sm" bordered className="align-middle" aria-label="Questions">
              <tbody>
                {DSEAR_QUESTIONS.map((q) => (
                  <tr key={q.key}>
                    <th scope="row" className="fw-normal">
                      {q.text}
                    </th>
                    <td
                      className={`text-center fw-semibold ${entry[q.key] === 'YES' ? 'text-success' : 'text-danger'}`}
                    >
                      {entry[q.key]}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>

          {(entry.tmRag !== 'RED' || entry.sdms.length > 0) && (
            <Approvals entry={entry} me={me} approve={approve} />
          )}
        </Col>
        <Col xs={12} xl={5}>
          <section aria-labelledby="dsear-submission" className="mb-4">
            <h2 id="dsear-submission" className="h5">
              Submission details
            </h2>
            <dl className="dsear-details mb-0">
              <dt>Date</dt>
              <dd>{formatDate(entry.date, 'date')}</dd>
              <dt>Technical manager</dt>
              <dd>{entry.tm}</dd>
              <dt>Checker/lead engineer</dt>
              <dd>{personText(people, entry.leadEngineer) || '—'}</dd>
              <dt>Practitioner engaged</dt>
              <dd>{practitioner}</dd>
              {practitioner === 'YES' && (
                <>
                  <dt>Practitioner</dt>
                  <dd>{personText(people, entry.practitioner)}</dd>
                </>
              )}
            </dl>
          </section>
          <section aria-labelledby="dsear-flids" className="mb-4">
            <h2 id="dsear-flids" className="h5">
              FLIDS
            </h2>
            <ListTable size="sm" bordered aria-label="FLIDS" columns={['FLIDS risk', 'FLIDS outcome']}>
              <tr>
                <td>{entry.flidsRisk || '—'}</td>
                <td>{entry.flidsOutcome || '—'}</td>
              </tr>
            </ListTable>
          </section>
          <section aria-labelledby="dsear-zones" className="mb-4">
            <h2 id="dsear-zones" className="h5">
              DSEAR zones
            </h2>
            <ListTable size="sm" bordered aria-label="DSEAR zones" columns={['Zone', 'Rating', 'Other']}>
              {entry.dsearZone.length === 0 ? (
                <tr>
                  <td colSpan={3} className="text-secondary">
                    No zones recorded.
                  </td>
                </tr>
              ) : (
                entry.dsearZone.map((zone, index) => (
                  <tr key={`${zone.zone}-${index}`}>
                    <td>{zone.zone}</td>
                    <td>{zone.rating || '—'}</td>
                    <td>{zone.other}</td>
                  </tr>
                ))
              )}
            </ListTable>
          </section>
          <DsearAttachments dsearId={entry.id} projectId={entry.projectId} canAttach={canAttach} />
        </Col>
      </Row>
      <DsearHistory history={entry.history ?? []} />
    </div>
  );
}
