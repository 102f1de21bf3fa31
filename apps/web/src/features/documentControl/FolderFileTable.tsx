import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Form, Table } from 'react-bootstrap';
import { FaPen } from 'react-icons/fa6';
import { suitabilityCode, type RegisterRow } from '@penstock/shared';
import { Loading } from '../../components/Loading.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useFolderRegister } from './api.ts';
import { MetadataDialog } from './MetadataDialog.tsx';
import { SortHeading, cellText, nextSort, sortRows, type ColumnKey, type Sort } from './registerColumns.tsx';

/**
 * One folder's files as a list (issue 35 §1, the project browser's list view): name, title, description,
 * ISO 19650 status and revision, suitability, and the name's parsed fields. A heading sorts by its column (again: the
 * other way); the filter box matches any column, and each column has its own filter under its heading.
 * `nameCell` draws a file's name (the browser opens the file from it); `files` are the item and latest
 * version ids of the folder's tree listing, so the list follows uploads and moves. Contributors edit a
 * file's title and description from its row (MetadataDialog).
 */
export function FolderFileTable({
  projectId,
  folderId,
  folderName,
  files,
  nameCell,
  canEdit = false,
}: {
  projectId: string;
  folderId: string;
  folderName: string;
  files: readonly string[];
  nameCell: (row: RegisterRow) => ReactNode;
  /** whether the user may give files their title and description (PUT /api/items/:itemId/metadata) */
  canEdit?: boolean;
}) {
  const register = useFolderRegister(projectId, folderId, files);
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Partial<Record<ColumnKey, string>>>({});
  const [sort, setSort] = useState<Sort>({ key: 'name', up: true });
  const [editing, setEditing] = useState<RegisterRow | null>(null);
  const columns = useMemo<Array<{ key: ColumnKey; label: string }>>(
    () => [
      { key: 'name', label: 'File name' },
      { key: 'title', label: 'Title' },
      { key: 'description', label: 'Description' },
      // the codes before the name's fields: in a narrow browser they stay in sight
      { key: 'state', label: 'Status' },
      { key: 'revision', label: 'Revision' },
      { key: 'suitability', label: 'Suitability' },
      ...(register.data?.fields ?? []).map((field) => ({
        key: `field:${field.key}` as const,
        label: field.label,
      })),
    ],
    [register.data],
  );
  const rows = useMemo(() => {
    const anywhere = text.trim().toLowerCase();
    const wanted = Object.entries(filters)
      .map(([key, value]) => [key as ColumnKey, (value ?? '').trim().toLowerCase()] as const)
      .filter(([, value]) => value !== '');
    const matching = (register.data?.rows ?? []).filter(
      (row) =>
        (!anywhere || columns.some((column) => cellText(row, column.key).toLowerCase().includes(anywhere))) &&
        wanted.every(([key, value]) => cellText(row, key).toLowerCase().includes(value)),
    );
    return sortRows(matching, sort);
  }, [register.data, columns, text, filters, sort]);

  if (register.isPending) return <Loading label={`Loading the files of ${folderName}...`} />;
  if (register.isError)
    return <ErrorAlert error={register.error} title={`The files of ${folderName} could not be listed.`} />;
  const filtered = text.trim() !== '' || Object.values(filters).some((value) => value?.trim());
  return (
    <div className="folder-file-list">
      <Form.Group controlId={`folder-filter-${folderId}`} className="d-flex align-items-center gap-2 mb-2">
        <Form.Label className="small mb-0 text-nowrap">Filter files</Form.Label>
        <Form.Control
          size="sm"
          type="search"
          placeholder="Any column contains..."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {filtered && (
          <button
            type="button"
            className="btn btn-link btn-sm text-nowrap p-0"
            onClick={() => {
              setText('');
              setFilters({});
            }}
          >
            Clear filters
          </button>
        )}
      </Form.Group>
      <Table
        size="sm"
        responsive
        hover
        className="small align-middle mb-0"
        aria-label={`Files in ${folderName}`}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <SortHeading
                key={column.key}
                column={column.key}
                label={column.label}
                sort={sort}
                onSort={(key) => setSort((now) => nextSort(now, key))}
                wrap
              />
            ))}
          </tr>
          <tr className="folder-file-filters">
            {columns.map((column) => (
              <td key={column.key}>
                <input
                  type="search"
                  className="form-control form-control-sm"
                  aria-label={`Filter ${column.label}`}
                  placeholder="Filter"
                  value={filters[column.key] ?? ''}
                  onChange={(event) => setFilters((now) => ({ ...now, [column.key]: event.target.value }))}
                />
              </td>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.itemId}>
              <td className="folder-file-name">
                {nameCell(row)}
                {!row.conforms && (
                  <Badge
                    bg="warning"
                    text="dark"
                    className="ms-1"
                    title={
                      row.nameProblems.join('\n') || "The name does not follow the project's naming standard"
                    }
                  >
                    name
                  </Badge>
                )}
              </td>
              <td className="folder-file-title">
                {row.title}
                {canEdit && (
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0 ms-1 align-baseline text-secondary"
                    aria-label={`Edit the title and description of ${row.name}`}
                    title="Edit the title and description"
                    onClick={() => setEditing(row)}
                  >
                    <FaPen aria-hidden="true" />
                  </button>
                )}
              </td>
              <td className="folder-file-description" title={row.description || undefined}>
                {row.description}
              </td>
              <td>{row.state ?? ''}</td>
              <td>{row.revision}</td>
              <td title={suitabilityCode(row.suitability)?.description}>{row.suitability}</td>
              {register.data.fields.map((field) => (
                <td key={field.key}>{row.fields[field.key] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {editing && <MetadataDialog projectId={projectId} row={editing} onClose={() => setEditing(null)} />}
      {rows.length === 0 && (
        <p className="text-secondary small mt-2 mb-0">
          {register.data.rows.length === 0 ? `No files in ${folderName}.` : 'No files match the filters.'}
        </p>
      )}
    </div>
  );
}
