import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Nav, Table } from 'react-bootstrap';
import { formatDate, type TransmittalSummary } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { fetchMine, transmittalKeys } from '../api.ts';
import { ProjectRegister } from './ProjectRegister.tsx';
import { TransmittalModal } from './TransmittalModal.tsx';

type List = 'received' | 'sent' | 'register';

/**
 * The Personal hub's Transmittals tab (issue 35 §3): received and sent, each opened in a modal, and a project's
 * transmittal register.
 */
export function TransmittalsTab() {
  const [list, setList] = useState<List>('received');
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({ queryKey: transmittalKeys.mine, queryFn: fetchMine, staleTime: 0 });
  if (query.isPending) return <Loading label="Loading transmittals..." />;
  if (query.isError) return <ErrorAlert error={query.error} title="The transmittals could not be loaded." />;
  const rows = list === 'register' ? [] : query.data[list];
  return (
    <>
      <Nav variant="pills" activeKey={list} onSelect={(key) => setList(key as List)} className="mb-2">
        <Nav.Item>
          <Nav.Link eventKey="received">Received ({query.data.received.length})</Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="sent">Sent ({query.data.sent.length})</Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="register">Project register</Nav.Link>
        </Nav.Item>
      </Nav>
      {list === 'register' ? (
        <ProjectRegister onOpen={setOpen} />
      ) : rows.length === 0 ? (
        <p className="text-secondary">
          {list === 'received'
            ? 'No transmittal was issued to you yet.'
            : 'You have not issued any transmittal yet.'}
        </p>
      ) : (
        <Table
          size="sm"
          hover
          responsive
          aria-label={list === 'received' ? 'Received transmittals' : 'Sent transmittals'}
        >
          <thead>
            <tr>
              <th>Number</th>
              <th>Project</th>
              <th>Purpose</th>
              <th>{list === 'received' ? 'From' : 'Recipients'}</th>
              <th>Issued</th>
              <th>Response due</th>
              <th>{list === 'received' ? 'Your status' : 'Responses'}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((t: TransmittalSummary) => (
              <tr key={t.id}>
                <td className="text-nowrap">{t.number}</td>
                <td>{t.projectName}</td>
                <td>{t.purpose}</td>
                <td>{list === 'received' ? t.sender.name : t.recipientCount}</td>
                <td className="text-nowrap">{formatDate(t.issuedAt, 'date')}</td>
                <td className="text-nowrap">{t.dueDate ? formatDate(t.dueDate, 'date') : ''}</td>
                <td>
                  {list === 'received'
                    ? t.myStatus
                    : `${t.acknowledgedCount} acknowledged, ${t.respondedCount} responded${t.outstanding ? `, ${t.outstanding} outstanding` : ''}`}
                </td>
                <td className="text-end">
                  <Button size="sm" variant="outline-primary" onClick={() => setOpen(t.id)}>
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <TransmittalModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
