import { Alert, Badge, Col, Nav, Row, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { SDC_MANAGER_ONLY, SDC_STATUSES, mayGlobally, type SdcStatus, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { useCurrentUser } from '../../../auth/hooks/useCurrentUser.ts';
import { useSubmissions } from '../../hooks/useSupplier.ts';
import { STATUS_VARIANT, SubmissionReview } from './SubmissionReview.tsx';

type Shown = SdcStatus | 'All';
const TABS: Shown[] = [...SDC_STATUSES, 'All'];

/** The submissions of one status, newest first; a row opens the submission beside the list. */
function SubmissionList({ status, selected }: { status: Shown; selected: string | null }) {
  const [, setParams] = useSearchParams();
  const list = useSubmissions(status);
  if (list.isPending) return <Loading label="Loading submissions..." />;
  if (list.isError) return <ErrorAlert error={list.error} title="The submissions could not be loaded." />;
  if (list.data.length === 0) return <p className="text-secondary small">No submissions here.</p>;
  return (
    <Table hover size="sm" className="small" aria-label="Submissions">
      <thead>
        <tr>
          <th>Company</th>
          <th>Submitted</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {list.data.map((submission) => (
          <tr key={submission.id} className={submission.id === selected ? 'table-active' : undefined}>
            <td>
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-start"
                aria-current={submission.id === selected || undefined}
                onClick={() => setParams({ view: 'review', status, id: submission.id })}
              >
                {submission.companyName}
              </button>
            </td>
            <td>{formatDate(submission.submittedAt, 'date')}</td>
            <td>
              <Badge bg={STATUS_VARIANT[submission.status]}>{submission.status}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * /supplier?view=review: the supplier register manager's own screen (beyond the spec). Others are told
 * it is not for them; the server refuses them anyway.
 */
export function ReviewScreen() {
  const [params, setParams] = useSearchParams();
  // the shell's answer, without asking again (see SupplierPage)
  const user = useCurrentUser({ enabled: false });
  const status = (TABS as string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Shown)
    : 'Pending';
  const selected = params.get('id');

  let content;
  if (user.isPending) content = <Loading label="Loading..." />;
  else if (!mayGlobally(user.data, 'reviewSupplierRegister'))
    content = (
      <Alert variant="warning">
        {SDC_MANAGER_ONLY} {!user.data && <Link to="/">Sign in</Link>}
      </Alert>
    );
  else
    content = (
      <>
        <Nav
          variant="pills"
          className="mb-3"
          activeKey={status}
          onSelect={(key) => key && setParams({ view: 'review', status: key })}
        >
          {TABS.map((tab) => (
            <Nav.Item key={tab}>
              <Nav.Link eventKey={tab}>{tab}</Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <Row className="g-4">
          <Col lg={4}>
            <SubmissionList status={status} selected={selected} />
          </Col>
          <Col lg={8}>
            {selected ? (
              <SubmissionReview id={selected} />
            ) : (
              <p className="text-secondary">Choose a submission to see its answers and decide on it.</p>
            )}
          </Col>
        </Row>
      </>
    );

  return (
    <div className="page-container page-wide sdc-page">
      <p className="small mb-1">
        <Link to="/supplier">← Supplier Zone</Link>
      </p>
      <h1 className="h3 mb-3">Design competency submissions</h1>
      {content}
    </div>
  );
}
