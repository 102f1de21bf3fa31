import { useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { StaticPropertyGuideRow } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { ListDialog, ListTable } from '../../../components/ListDialog.tsx';
import { useLegend } from '../hooks/useLegend.ts';
import '../legend.css';

export const NO_STATIC_PROPERTY_RESULTS = 'Found no results matching selected filters';

const unique = (values: string[]) => [...new Set(values)];

/** The guide rows passing both filters ('' means any). */
export function filterStaticProperties(
  rows: readonly StaticPropertyGuideRow[],
  item: string,
  propertyName: string,
): StaticPropertyGuideRow[] {
  return rows.filter(
    (row) => (!item || row.ClassName === item) && (!propertyName || row.PropertyName === propertyName),
  );
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id} className="static-filter">
      <Form.Label className="fw-semibold small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function StaticPropertyOptionsBody() {
  const legend = useLegend();
  const [item, setItem] = useState('');
  const [propertyName, setPropertyName] = useState('');
  const rows = useMemo(() => legend.data?.staticPropertyGuide ?? [], [legend.data]);
  const items = useMemo(() => unique(rows.map((r) => r.ClassName)), [rows]);
  // Property names of the chosen item (all when none is chosen); a chosen name stays listed.
  const propertyNames = useMemo(() => {
    const names = unique(filterStaticProperties(rows, item, '').map((r) => r.PropertyName));
    return propertyName && !names.includes(propertyName) ? [...names, propertyName] : names;
  }, [rows, item, propertyName]);
  const shown = useMemo(() => filterStaticProperties(rows, item, propertyName), [rows, item, propertyName]);

  if (legend.isPending) return <Loading label="Loading static properties..." />;
  if (legend.isError) {
    return <ErrorAlert error={legend.error} title="The static property options could not be loaded." />;
  }
  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <FilterSelect id="static-filter-item" label="Item" value={item} options={items} onChange={setItem} />
        <FilterSelect
          id="static-filter-property"
          label="Property Name"
          value={propertyName}
          options={propertyNames}
          onChange={setPropertyName}
        />
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => {
            setItem('');
            setPropertyName('');
          }}
        >
          Reset Filters
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="text-secondary mb-0">{NO_STATIC_PROPERTY_RESULTS}</p>
      ) : (
        <ListTable
          size="sm"
          hover
          bordered
          className="legend-table mb-0"
          aria-label="Static property options"
          columns={['Item', 'Property Name', 'Value']}
        >
          {shown.map((row) => (
            <tr key={`${row.ClassName}\u0000${row.PropertyName}\u0000${row.Value}`}>
              <td>{row.ClassName}</td>
              <td>{row.PropertyName}</td>
              <td>{row.Value}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </>
  );
}

/** The sketch editor's Static Property Options: the values each symbol class's properties may take. */
export function StaticPropertyOptionsModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <ListDialog
      show={show}
      onHide={onHide}
      size="lg"
      scrollable
      titleId="static-property-options-title"
      title="Static Property Options"
    >
      <StaticPropertyOptionsBody />
    </ListDialog>
  );
}
