import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Modal, Table } from 'react-bootstrap';
import { RESPONSE_LABELS, formatDate, type Transmittal } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { acknowledgeTransmittal, fetchTransmittal, respondToTransmittal, transmittalKeys } from '../api.ts';
import { DocumentsTable } from './DocumentsTable.tsx';
import { ResponseForm } from './ResponseForm.tsx';
import { SenderControls } from './SenderControls.tsx';

const versionUrl = (versionId: string) => `/api/versions/${encodeURIComponent(versionId)}/content?download=1`;

/** One transmittal: its documents and cover sheet, the status per recipient, and the user's own answer. */
export function TransmittalModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: transmittalKeys.one(id ?? ''),
    queryFn: () => fetchTransmittal(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  });
  const done = (data: Transmittal) => {
    client.setQueryData(transmittalKeys.one(data.id), data);
    void client.invalidateQueries({ queryKey: transmittalKeys.mine });
  };
  const acknowledge = useMutation({
    mutationFn: (tid: string) => acknowledgeTransmittal(tid),
    onSuccess: done,
  });
  const respond = useMutation({
    mutationFn: ({ tid, form }: { tid: string; form: FormData }) => respondToTransmittal(tid, form),
    onSuccess: done,
  });
  const t = query.data;
  return (
    <Modal show={!!id} onHide={onClose} size="lg" aria-labelledby="transmittal-title">
      <Modal.Header closeButton>
        <Modal.Title id="transmittal-title">{t ? `Transmittal ${t.number}` : 'Transmittal'}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {query.isPending && <Loading label="Loading the transmittal..." />}
        {query.isError && <ErrorAlert error={query.error} title="The transmittal could not be loaded." />}
        {t && (
          <>
            <p className="text-secondary">
              {t.projectName} · {t.purpose} · from {t.sender.name} on {formatDate(t.issuedAt, 'date')}
              {t.dueDate ? ` · response due ${formatDate(t.dueDate, 'date')}` : ''} ·{' '}
              <a href={versionUrl(t.coverVersionId)}>Cover sheet (PDF)</a>
            </p>
            {t.message && <p style={{ whiteSpace: 'pre-wrap' }}>{t.message}</p>}
            <DocumentsTable documents={t.documents} hrefOf={(d) => versionUrl(d.versionId)} />
            <h2 className="h6 mt-3">Recipients</h2>
            <Table size="sm" aria-label="Recipients">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>E-mail</th>
                  <th>Status</th>
                  <th>Response</th>
                </tr>
              </thead>
              <tbody>
                {t.recipients.map((r) => (
                  <tr key={r.id}>
                    <td>
                      {r.name}{' '}
                      {r.kind === 'outside' && (
                        <Badge bg="light" text="dark">
                          outside
                        </Badge>
                      )}
                    </td>
                    <td>{r.email}</td>
                    <td>
                      {r.status}
                      {r.acknowledgedAt ? ` (${formatDate(r.acknowledgedAt, 'date')})` : ''}
                    </td>
                    <td>
                      {r.decision ? RESPONSE_LABELS[r.decision] : ''}
                      {r.comment ? `: ${r.comment}` : ''}
                      {r.attachmentName && (
                        <>
                          {' '}
                          <a href={`/api/transmittals/${t.id}/recipients/${r.id}/attachment`}>
                            {r.attachmentName}
                          </a>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {t.mayManage && <SenderControls transmittal={t} />}
            {(acknowledge.isError || respond.isError) && (
              <ErrorAlert error={acknowledge.error ?? respond.error} title="That did not work." />
            )}
            {t.myStatus === 'Sent' && (
              <Button size="sm" onClick={() => acknowledge.mutate(t.id)} disabled={acknowledge.isPending}>
                Acknowledge receipt
              </Button>
            )}
            {t.myRecipientId && t.asksResponse && t.myStatus !== 'Responded' && (
              <div className="mt-3">
                <ResponseForm
                  busy={respond.isPending}
                  onSubmit={(form) => respond.mutate({ tid: t.id, form })}
                />
              </div>
            )}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
