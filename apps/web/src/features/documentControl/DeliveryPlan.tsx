import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverableStatus } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { Loading } from '../../components/Loading.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import {
  deliverablesXlsxHref,
  importDeliverables,
  planKey,
  useAddDeliverable,
  useDeliverables,
} from './api.ts';
import { ImportReport } from './ImportReport.tsx';

export const STATUS_BADGE: Record<DeliverableStatus, string> = {
  'not started': 'secondary',
  'in progress': 'info',
  delivered: 'success',
  late: 'danger',
};

/** The delivery plan (MIDP): deliverables with their status against the containers; managers add them. */
export function DeliveryPlan({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const plan = useDeliverables(projectId);
  const add = useAddDeliverable(projectId);
  const client = useQueryClient();
  const importSheet = useMutation({
    mutationFn: (sheet: File) => importDeliverables(projectId, sheet),
    onSuccess: (answer) => {
      if (answer.stored) void client.invalidateQueries({ queryKey: planKey(projectId) });
    },
  });
  const [form, setForm] = useState({
    name: '',
    title: '',
    responsible: '',
    plannedSuitability: 'S2',
    dueDate: '',
  });
  if (plan.isPending) return <Loading label="Loading the delivery plan..." />;
  if (plan.isError) return <ErrorAlert error={plan.error} title="The delivery plan could not be loaded." />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form, { onSuccess: () => setForm((now) => ({ ...now, name: '', title: '' })) });
  };
  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <Form.Group controlId={`deliverable-${key}`}>
      <Form.Label className="small mb-0">{label}</Form.Label>
      <Form.Control
        size="sm"
        type={type}
        value={form[key]}
        onChange={(event) => setForm((now) => ({ ...now, [key]: event.target.value }))}
      />
    </Form.Group>
  );
  return (
    <>
      <Table size="sm" responsive className="small align-middle" aria-label="Delivery plan">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Title</th>
            <th scope="col">Responsible</th>
            <th scope="col">Planned</th>
            <th scope="col">Due</th>
            <th scope="col">Container</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {plan.data.map((d) => (
            <tr key={d.id}>
              <td className="text-break">{d.name}</td>
              <td>{d.title}</td>
              <td>{d.responsible}</td>
              <td>{d.plannedSuitability}</td>
              <td className="text-nowrap">{d.dueDate}</td>
              <td>
                {d.container
                  ? `${d.container.state ?? ''} ${d.container.revision} ${d.container.suitability}`
                  : ''}
              </td>
              <td>
                <Badge bg={STATUS_BADGE[d.status]}>{d.status}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {plan.data.length === 0 && <p className="text-secondary small">Nothing is planned yet.</p>}
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <a className="btn btn-outline-primary btn-sm" href={deliverablesXlsxHref(projectId)} download>
          Export to Excel
        </a>
        {/* POST /api/projects/:projectId/deliverables/import: 'editDeliveryPlan' */}
        {canEdit && (
          <Form.Group controlId="deliverables-import">
            <Form.Label className="small mb-0">
              Import from Excel (Name, Title, Responsible, Planned suitability, Due date)
            </Form.Label>
            <Form.Control
              size="sm"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={importSheet.isPending}
              onChange={(event) => {
                const input = event.target as HTMLInputElement;
                const sheet = input.files?.[0];
                if (sheet) importSheet.mutate(sheet, { onSettled: () => (input.value = '') });
              }}
            />
          </Form.Group>
        )}
      </div>
      {importSheet.isPending && <Loading label="Importing the delivery plan..." />}
      {importSheet.isError && (
        <Alert variant="danger" className="py-2">
          {errorMessage(importSheet.error)}
        </Alert>
      )}
      {importSheet.data && (
        <div className="mb-3">
          <Alert variant={importSheet.data.stored ? 'success' : 'danger'} className="py-2">
            {importSheet.data.stored
              ? `Imported ${importSheet.data.rows.length} deliverables.`
              : `${importSheet.data.rows.filter((row) => !row.ok).length} of ${importSheet.data.rows.length} rows have problems: nothing was imported.`}
          </Alert>
          <ImportReport rows={importSheet.data.rows} label="Import report" nameLabel="Name" />
        </div>
      )}
      {canEdit && (
        <Form
          onSubmit={onSubmit}
          className="d-flex flex-wrap gap-2 align-items-end"
          aria-label="Add a deliverable"
        >
          {field('name', 'Container name')}
          {field('title', 'Title')}
          {field('responsible', 'Responsible (e-mail or party)')}
          {field('plannedSuitability', 'Planned suitability')}
          {field('dueDate', 'Due date', 'date')}
          <Button size="sm" type="submit" disabled={add.isPending}>
            Add deliverable
          </Button>
        </Form>
      )}
      {add.isError && (
        <Alert variant="danger" className="mt-2 py-2">
          {errorMessage(add.error)}
        </Alert>
      )}
    </>
  );
}
