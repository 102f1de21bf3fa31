import Select from 'react-select';
import { menuInBody } from '../../../components/selectMenu.ts';

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled multi-select filter (react-select): any number of values, cleared with its own ×. */
export function MultiFilter({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: FilterOption[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const selected = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: v });
  return (
    <div className="dsear-filter">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <Select<FilterOption, true>
        inputId={id}
        isMulti
        classNamePrefix="dsear-select"
        placeholder="All"
        options={options}
        value={selected}
        noOptionsMessage={() => 'No values in the register'}
        onChange={(next) => onChange(next.map((o) => o.value))}
        {...menuInBody}
      />
    </div>
  );
}
