import Select from 'react-select';
import { Button } from 'react-bootstrap';
import { DISCIPLINES, emptySdcFilters, hasActiveFilters, type SdcRegisterFilters } from '@penstock/shared';
import { menuInBody } from '../../../../components/selectMenu.ts';

interface Option {
  value: string;
  label: string;
}

function MultiFilter({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const toOption = (text: string): Option => ({ value: text, label: text });
  return (
    <div className="mb-3">
      <label className="form-label small fw-semibold mb-1" htmlFor={id}>
        {label}
      </label>
      <Select<Option, true>
        inputId={id}
        isMulti
        classNamePrefix="sdc-select"
        placeholder="All"
        options={options.map(toOption)}
        value={value.map(toOption)}
        noOptionsMessage={() => 'No more options'}
        onChange={(next) => onChange(next.map((option) => option.value))}
        {...menuInBody}
      />
    </div>
  );
}

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
        id="sdc-filter-suppliers"
        label="Supplier"
        options={suppliers}
        value={filters.suppliers}
        onChange={(suppliersChosen) => onChange({ ...filters, suppliers: suppliersChosen })}
      />
      {DISCIPLINES.map((discipline) => (
        <MultiFilter
          key={discipline.key}
          id={`sdc-filter-${discipline.key}`}
          label={discipline.title}
          options={discipline.filterOptions}
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
