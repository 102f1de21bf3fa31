import { useMemo, useState } from 'react';
import { Badge, Form, Table } from 'react-bootstrap';
import { formatDate, type ProjectRegister, type RegisterRow } from '@penstock/shared';
import { Loading } from '../../components/Loading.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { registerXlsxHref, useRegister } from './api.ts';
import { SortHeading, nextSort, sortRows, type ColumnKey, type Sort } from './registerColumns.tsx';

/**
 * The project's files as a list (issue 35): name, title, the name's fields, status, revision, suitability and
 * dates; click a heading to sort, type or pick to filter; names that break the standard are marked.
 */
export function RegisterTable({ projectId }: { projectId: string }) {
  const register = useRegister(projectId);
  const [text, setText] = useState('');
  const [state, setState] = useState('');
  const [conforms, setConforms] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'name', up: true });
  const rows = useMemo(
    () => (register.data ? visibleRows(register.data, { text, state, conforms }, sort) : []),
    [register.data, text, state, conforms, sort],
  );
  if (register.isPending) return <Loading label="Loading the register..." />;
  if (register.isError)
    return <ErrorAlert error={register.error} title="The register could not be loaded." />;
  const heading = (key: ColumnKey, label: string) => (
    <SortHeading
      key={key}
      column={key}
      label={label}
      sort={sort}
      onSort={(column) => setSort((now) => nextSort(now, column))}
    />
  );
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Form.Group controlId="register-filter">
          <Form.Label className="small mb-0">Name or title contains</Form.Label>
          <Form.Control size="sm" value={text} onChange={(event) => setText(event.target.value)} />
        </Form.Group>
        <Form.Group controlId="register-state">
          <Form.Label className="small mb-0">Status</Form.Label>
          <Form.Select size="sm" value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">All</option>
            {['WIP', 'Shared', 'Published', 'Archived'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="register-conforms">
          <Form.Label className="small mb-0">Name</Form.Label>
          <Form.Select size="sm" value={conforms} onChange={(event) => setConforms(event.target.value)}>
            <option value="">All</option>
            <option value="yes">Follows the standard</option>
            <option value="no">Does not follow it</option>
          </Form.Select>
        </Form.Group>
        <a className="btn btn-outline-primary btn-sm ms-auto" href={registerXlsxHref(projectId)} download>
          Export to Excel
        </a>
      </div>
      <Table size="sm" responsive hover className="small align-middle mb-0" aria-label="Document register">
        <thead>
          <tr>
            {heading('name', 'File name')}
            {heading('title', 'Title')}
            {register.data.fields.map((field) => heading(`field:${field.key}`, field.label))}
            {heading('state', 'Status')}
            {heading('revision', 'Revision')}
            {heading('suitability', 'Suitability')}
            {heading('updatedAt', 'Last updated')}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.itemId}>
              <td className="text-break">
                {row.name}{' '}
                {!row.conforms && (
                  <Badge bg="warning" text="dark" title={row.nameProblems.join('\n')}>
                    name
                  </Badge>
                )}
              </td>
              <td>{row.title}</td>
              {register.data.fields.map((field) => (
                <td key={field.key}>{row.fields[field.key] ?? ''}</td>
              ))}
              <td>{row.state ?? ''}</td>
              <td>{row.revision}</td>
              <td>{row.suitability}</td>
              <td className="text-nowrap">{formatDate(row.updatedAt, 'date')}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {rows.length === 0 && <p className="text-secondary small mt-2">No files match.</p>}
    </>
  );
}

function visibleRows(
  register: ProjectRegister,
  filter: { text: string; state: string; conforms: string },
  sort: Sort,
): RegisterRow[] {
  const text = filter.text.trim().toLowerCase();
  return sortRows(
    register.rows.filter(
      (row) =>
        (!text || row.name.toLowerCase().includes(text) || row.title.toLowerCase().includes(text)) &&
        (!filter.state || row.state === filter.state) &&
        (!filter.conforms || row.conforms === (filter.conforms === 'yes')),
    ),
    sort,
  );
}
