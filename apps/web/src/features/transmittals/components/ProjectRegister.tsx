import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Nav, Table } from 'react-bootstrap';
import { formatDate, type TransmittalSummary } from '@penstock/shared';
import { useAppStore } from '../../../base/store.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useProjects } from '../../projects/hooks/useProjects.ts';
import { fetchRegister, registerKey, registerXlsxUrl, type ProjectRegister as Register } from '../api.ts';

type List = 'all' | 'sent' | 'received' | 'outstanding';
const LISTS: { key: List; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'sent', label: 'Sent' },
  { key: 'received', label: 'Received' },
  { key: 'outstanding', label: 'Outstanding' },
];

const responses = (t: TransmittalSummary) =>
  t.asksResponse
    ? `${t.respondedCount} of ${t.recipientCount}${t.outstanding ? `, ${t.outstanding} outstanding` : ''}`
    : '';

/** A project's transmittal register (issue 35 §3): all, sent, received and outstanding, exported to XLSX. */
export function ProjectRegister({ onOpen }: { onOpen: (id: string) => void }) {
  const { state } = useAppStore();
  const projects = useProjects();
  const [chosen, setChosen] = useState<string | null>(null);
  const projectId = chosen ?? state.selectedProject?.projectid ?? projects.data?.[0]?.projectid ?? '';
  const [list, setList] = useState<List>('all');
  const register = useQuery({
    queryKey: registerKey(projectId),
    queryFn: () => fetchRegister(projectId),
    enabled: projectId !== '',
    staleTime: 0,
  });
  if (projects.isPending) return <Loading label="Loading projects..." />;
  if (projects.isError)
    return <ErrorAlert error={projects.error} title="The projects could not be loaded." />;
  if (projects.data.length === 0)
    return <p className="text-secondary">You are not a member of any project.</p>;
  const rows = register.data?.[list] ?? [];
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <Form.Group controlId="register-project">
          <Form.Label className="small mb-0">Project</Form.Label>
          <Form.Select size="sm" value={projectId} onChange={(e) => setChosen(e.target.value)}>
            {projects.data.map((p) => (
              <option key={p.projectid} value={p.projectid}>
                {p.text}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Nav variant="pills" activeKey={list} onSelect={(key) => setList(key as List)}>
          {LISTS.map(({ key, label }) => (
            <Nav.Item key={key}>
              <Nav.Link eventKey={key}>
                {label}
                {register.data ? ` (${register.data[key].length})` : ''}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
        <a className="btn btn-sm btn-outline-success ms-auto" href={registerXlsxUrl(projectId)} download>
          Export to XLSX
        </a>
      </div>
      {register.isPending && <Loading label="Loading the register..." />}
      {register.isError && <ErrorAlert error={register.error} title="The register could not be loaded." />}
      {register.data && rows.length === 0 && <p className="text-secondary">No transmittal in this list.</p>}
      {rows.length > 0 && <RegisterTable rows={rows} onOpen={onOpen} />}
    </>
  );
}

function RegisterTable({ rows, onOpen }: { rows: Register['all']; onOpen: (id: string) => void }) {
  return (
    <Table size="sm" hover responsive aria-label="Transmittal register">
      <thead>
        <tr>
          <th>Number</th>
          <th>Purpose</th>
          <th>From</th>
          <th>Issued</th>
          <th>Documents</th>
          <th>Recipients</th>
          <th>Acknowledged</th>
          <th>Response due</th>
          <th>Responses</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.id}>
            <td className="text-nowrap">{t.number}</td>
            <td>{t.purpose}</td>
            <td>{t.sender.name}</td>
            <td className="text-nowrap">{formatDate(t.issuedAt, 'date')}</td>
            <td>{t.documentCount}</td>
            <td>{t.recipientCount}</td>
            <td>{t.acknowledgedCount}</td>
            <td className="text-nowrap">{t.dueDate ? formatDate(t.dueDate, 'date') : ''}</td>
            <td>{responses(t)}</td>
            <td className="text-end">
              <Button size="sm" variant="outline-primary" onClick={() => onOpen(t.id)}>
                Open
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
