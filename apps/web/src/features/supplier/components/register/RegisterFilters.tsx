import { Button } from 'react-bootstrap';
import { DISCIPLINES, emptySdcFilters, hasActiveFilters, type SdcRegisterFilters } from '@penstock/shared';
import { asOptions, MultiFilter } from '../../../../components/MultiFilter.tsx';

/** The register's filters' look. */
const SDC_FILTER = {
  className: 'mb-3',
  labelClassName: 'form-label small fw-semibold mb-1',
  classNamePrefix: 'sdc-select',
  noOptionsText: 'No more options',
} as const;

/** The register's left column: supplier, then one filter per discipline (spec §9). */
export function RegisterFilters({
  suppliers,
  filters,
  onChange,
}: {
  suppliers: readonly string[];
  filters: SdcRegisterFilters;
  onChange: (filters: SdcRegisterFilters) => void;
}) {
  return (
    <aside aria-label="Register filters">
      <h3 className="h6 text-uppercase text-secondary">Filters</h3>
      <MultiFilter
        {...SDC_FILTER}
        id="sdc-filter-suppliers"
        label="Supplier"
        options={asOptions(suppliers)}
        value={filters.suppliers}
        onChange={(suppliersChosen) => onChange({ ...filters, suppliers: suppliersChosen })}
      />
      {DISCIPLINES.map((discipline) => (
        <MultiFilter
          {...SDC_FILTER}
          key={discipline.key}
          id={`sdc-filter-${discipline.key}`}
          label={discipline.title}
          options={asOptions(discipline.filterOptions)}
          value={filters[discipline.key]}
          onChange={(chosen) => onChange({ ...filters, [discipline.key]: chosen })}
        />
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={!hasActiveFilters(filters)}
        onClick={() => onChange(emptySdcFilters())}
      >
        Reset Filters
      </Button>
    </aside>
  );
}
