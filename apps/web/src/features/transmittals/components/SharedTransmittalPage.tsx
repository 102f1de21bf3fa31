import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card } from 'react-bootstrap';
import { RESPONSE_LABELS, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import {
  acknowledgeShared,
  fetchShared,
  respondShared,
  sharedFileUrl,
  sharedZipUrl,
  transmittalKeys,
} from '../api.ts';
import { DocumentsTable } from './DocumentsTable.tsx';
import { ResponseForm } from './ResponseForm.tsx';

/**
 * /transmittal/{token}: what an outside recipient opens from their e-mail, signed out. Just this
 * transmittal's files (one by one or as a zip), and their acknowledgement and response.
 */
export function SharedTransmittalPage({ token }: { token: string }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: transmittalKeys.shared(token),
    queryFn: () => fetchShared(token),
    retry: false,
  });
  const update = (data: Awaited<ReturnType<typeof fetchShared>>) =>
    client.setQueryData(transmittalKeys.shared(token), data);
  const acknowledge = useMutation({ mutationFn: () => acknowledgeShared(token), onSuccess: update });
  const respond = useMutation({
    mutationFn: (form: FormData) => respondShared(token, form),
    onSuccess: update,
  });

  if (query.isPending) return <Loading label="Loading the transmittal..." />;
  if (query.isError)
    return (
      <div className="page-container">
        <Alert variant="secondary" className="mt-4">
          This link does not open anything. Ask the sender for a new one.
        </Alert>
      </div>
    );
  const t = query.data;
  const status = t.recipient.status;
  return (
    <div className="page-container page-wide py-4">
      <h1 className="h3 mb-1">
        Transmittal {t.number} <Badge bg={status === 'Responded' ? 'success' : 'secondary'}>{status}</Badge>
      </h1>
      <p className="text-secondary mb-3">
        {t.projectName} · {t.purpose} · from {t.senderName} on {formatDate(t.issuedAt, 'date')}
        {t.dueDate ? ` · response due ${formatDate(t.dueDate, 'date')}` : ''}
      </p>
      {t.message && <p style={{ whiteSpace: 'pre-wrap' }}>{t.message}</p>}
      <div className="d-flex gap-2 mb-2">
        <Button as="a" href={sharedZipUrl(token)} variant="outline-primary" size="sm" download>
          Download all (zip)
        </Button>
        {status === 'Sent' && (
          <Button size="sm" onClick={() => acknowledge.mutate()} disabled={acknowledge.isPending}>
            Acknowledge receipt
          </Button>
        )}
      </div>
      <DocumentsTable documents={t.documents} hrefOf={(d) => sharedFileUrl(token, d.versionId)} />
      {(acknowledge.isError || respond.isError) && (
        <ErrorAlert error={acknowledge.error ?? respond.error} title="That did not work." />
      )}
      {t.asksResponse && status !== 'Responded' && (
        <Card className="mt-3" style={{ maxWidth: 560 }}>
          <Card.Body>
            <ResponseForm busy={respond.isPending} onSubmit={(form) => respond.mutate(form)} />
          </Card.Body>
        </Card>
      )}
      {t.recipient.decision && (
        <Alert variant="success" className="mt-3">
          Your response: {RESPONSE_LABELS[t.recipient.decision]}. Thank you.
        </Alert>
      )}
      <p className="text-secondary small mt-4">
        For {t.recipient.name} · this link works until {formatDate(t.expiresAt, 'date')}.
      </p>
    </div>
  );
}
