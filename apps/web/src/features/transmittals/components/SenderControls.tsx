import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table } from 'react-bootstrap';
import { formatDate, type Transmittal } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { accessLogKey, fetchAccessLog, revokeLink, transmittalKeys } from '../api.ts';

/**
 * The sender's (or a project manager's) controls on a transmittal: the outside links with their expiry and a
 * Revoke button each, and the access log (every view and download of the links, with time and address).
 */
export function SenderControls({ transmittal: t }: { transmittal: Transmittal }) {
  const client = useQueryClient();
  const log = useQuery({ queryKey: accessLogKey(t.id), queryFn: () => fetchAccessLog(t.id), staleTime: 0 });
  const revoke = useMutation({
    mutationFn: (recipientId: string) => revokeLink(t.id, recipientId),
    onSuccess: (data) => {
      client.setQueryData(transmittalKeys.one(data.id), data);
      void client.invalidateQueries({ queryKey: transmittalKeys.all });
    },
  });
  const outside = t.recipients.filter((r) => r.kind === 'outside');
  return (
    <>
      {outside.length > 0 && (
        <>
          <h2 className="h6 mt-3">Outside links</h2>
          <Table size="sm" aria-label="Outside links">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Link</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {outside.map((r) => (
                <tr key={r.id}>
                  <td>{r.email}</td>
                  <td>
                    {r.linkRevoked
                      ? 'Revoked'
                      : r.linkExpiresAt
                        ? `Open until ${formatDate(r.linkExpiresAt, 'date')}`
                        : ''}
                  </td>
                  <td className="text-end">
                    {!r.linkRevoked && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Revoke the link of ${r.email}`}
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (window.confirm(`Revoke the link of ${r.email}? It stops opening at once.`))
                            revoke.mutate(r.id);
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {revoke.isError && <ErrorAlert error={revoke.error} title="The link was not revoked." />}
        </>
      )}
      <h2 className="h6 mt-3">Access log</h2>
      {log.isPending && <Loading label="Loading the access log..." />}
      {log.isError && <ErrorAlert error={log.error} title="The access log could not be loaded." />}
      {log.data && log.data.length === 0 && (
        <p className="small text-secondary">Nobody has opened an outside link yet.</p>
      )}
      {log.data && log.data.length > 0 && (
        <Table size="sm" responsive aria-label="Access log">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>File</th>
              <th>Address</th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry, index) => (
              <tr key={index}>
                <td className="text-nowrap">{formatDate(entry.at, 'date, time')}</td>
                <td>{entry.recipientEmail}</td>
                <td>{entry.action}</td>
                <td>{entry.fileName ?? ''}</td>
                <td>{entry.address}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
