import { useId, useMemo, useState } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import { FaEye, FaFileExcel, FaFilterCircleXmark } from 'react-icons/fa6';
import {
  formatDate,
  DSEAR_ACCESS_REQUIRED,
  DSEAR_NO_RESULTS,
  EMPTY_DSEAR_FILTERS,
  dsearFilterOptions,
  filterDsearRegister,
  type DsearFilters,
} from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import type { DsearRegisterEntry } from '../api.ts';
import { useExportDsear } from '../hooks/useDsear.ts';
import { RagBadge } from './format.tsx';
import { asOptions, MultiFilter } from '../../../components/MultiFilter.tsx';

/** The register's filters' look. */
const DSEAR_FILTER = {
  className: 'dsear-filter',
  labelClassName: 'form-label small mb-1',
  classNamePrefix: 'dsear-select',
  noOptionsText: 'No values in the register',
} as const;

const COLUMNS = [
  'Actions',
  'Project',
  'Date',
  'Technical Manager',
  'Senior Design Managers',
  'FLIDS Risk',
  'FLIDS Outcome',
  'DSEAR Zones',
  'DSEAR Ratings',
  'TM RAG',
] as const;

function RegisterFilters({
  entries,
  filters,
  onChange,
}: {
  entries: DsearRegisterEntry[];
  filters: DsearFilters;
  onChange: (filters: DsearFilters) => void;
}) {
  const id = useId();
  const options = useMemo(() => dsearFilterOptions(entries), [entries]);
  const set =
    <K extends keyof DsearFilters>(key: K) =>
    (value: DsearFilters[K]) =>
      onChange({ ...filters, [key]: value });
  const multi = (
    key: keyof DsearFilters & ('flidsRisk' | 'flidsOutcome' | 'zones' | 'ratings' | 'tmRag'),
    label: string,
  ) => (
    <Col xs={12} md={6} lg={4} xl={3}>
      <MultiFilter
        {...DSEAR_FILTER}
        id={`${id}-${key}`}
        label={label}
        options={asOptions(options[key])}
        value={filters[key]}
        onChange={set(key)}
      />
    </Col>
  );

  return (
    <form className="dsear-filters mb-3" aria-label="Register filters" onSubmit={(e) => e.preventDefault()}>
      <Row className="g-2 align-items-end">
        <Col xs={12} md={6} lg={4} xl={3}>
          <Form.Group controlId={`${id}-project`}>
            <Form.Label className="small mb-1">Project name</Form.Label>
            <Form.Control
              value={filters.projectName}
              placeholder="Contains..."
              onChange={(e) => set('projectName')(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={6} lg={4} xl={3}>
          <Form.Group controlId={`${id}-date`}>
            <Form.Label className="small mb-1">Date</Form.Label>
            <Form.Control type="date" value={filters.date} onChange={(e) => set('date')(e.target.value)} />
          </Form.Group>
        </Col>
        <Col xs={12} md={6} lg={4} xl={3}>
          <Form.Group controlId={`${id}-tm`}>
            <Form.Label className="small mb-1">Technical manager</Form.Label>
            <Form.Control
              value={filters.tm}
              placeholder="Contains..."
              onChange={(e) => set('tm')(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={6} lg={4} xl={3}>
          <MultiFilter
            {...DSEAR_FILTER}
            id={`${id}-sdms`}
            label="Senior design managers"
            options={options.sdms}
            value={filters.sdms}
            onChange={set('sdms')}
          />
        </Col>
        {multi('flidsRisk', 'FLIDS risk')}
        {multi('flidsOutcome', 'FLIDS outcome')}
        {multi('zones', 'DSEAR zones')}
        {multi('ratings', 'DSEAR ratings')}
        {multi('tmRag', 'TM RAG')}
        <Col xs="auto">
          <Button
            variant="outline-secondary"
            onClick={() => onChange(EMPTY_DSEAR_FILTERS)}
            disabled={filters === EMPTY_DSEAR_FILTERS}
          >
            <FaFilterCircleXmark aria-hidden="true" className="me-1" />
            Clear filters
          </Button>
        </Col>
        <Col xs="auto">
          <ExportButton filters={filters} />
        </Col>
      </Row>
    </form>
  );
}

/** The register's rows that the filters keep, as an .xlsx workbook made by the server. */
function ExportButton({ filters }: { filters: DsearFilters }) {
  const exporter = useExportDsear();
  return (
    <>
      <Button
        variant="outline-success"
        disabled={exporter.isPending}
        onClick={() => exporter.mutate(filters)}
        title="Download the entries the filters show as an Excel workbook"
      >
        <FaFileExcel aria-hidden="true" className="me-1" />
        {exporter.isPending ? 'Exporting...' : 'Export to Excel'}
      </Button>
      {exporter.isError && (
        <ErrorAlert
          error={exporter.error}
          title="The register was not exported."
          className="small py-2 mt-2 mb-0"
          onClose={() => exporter.reset()}
        />
      )}
    </>
  );
}

/** The register (spec §2): every project's entry, filterable; View opens a project the user is on. */
export function RegisterTable({
  entries,
  onView,
}: {
  entries: DsearRegisterEntry[];
  onView: (projectName: string) => void;
}) {
  const [filters, setFilters] = useState<DsearFilters>(EMPTY_DSEAR_FILTERS);
  const shown = useMemo(() => filterDsearRegister(entries, filters), [entries, filters]);

  return (
    <>
      <RegisterFilters entries={entries} filters={filters} onChange={setFilters} />
      <Table size="sm" hover responsive className="dsear-register align-middle" aria-label="DSEAR register">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="text-secondary text-center py-3">
                {entries.length === 0 ? 'The register has no entries yet.' : DSEAR_NO_RESULTS}
              </td>
            </tr>
          ) : (
            shown.map((entry) => (
              <tr key={entry.id}>
                <td>
                  {entry.access ? (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-label="View"
                      title={`View ${entry.projectName}`}
                      onClick={() => onView(entry.projectName)}
                    >
                      <FaEye aria-hidden="true" />
                    </Button>
                  ) : (
                    <span className="text-secondary small text-nowrap">{DSEAR_ACCESS_REQUIRED}</span>
                  )}
                </td>
                <th scope="row" className="fw-normal">
                  {entry.projectName}
                </th>
                <td className="text-nowrap">{formatDate(entry.date, 'date')}</td>
                <td>{entry.tm}</td>
                <td>{entry.sdms.map((sdm) => sdm.name || sdm.email).join(', ')}</td>
                <td>{entry.flidsRisk}</td>
                <td>{entry.flidsOutcome}</td>
                <td>{entry.dsearZone.map((z) => z.zone).join(', ')}</td>
                <td>
                  {entry.dsearZone
                    .map((z) => z.rating)
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td>
                  <RagBadge rag={entry.tmRag} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </>
  );
}
