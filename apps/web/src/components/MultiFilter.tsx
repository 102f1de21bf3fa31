import Select from 'react-select';
import { menuInBody } from './selectMenu.ts';

export interface FilterOption {
  value: string;
  label: string;
}

/** Plain texts as filter options, each its own label. */
export const asOptions = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * A labelled multi-select filter (react-select): any number of values, cleared with its own ×. A value the
 * options do not hold is shown as it is. Used by the DSEAR and supplier registers, each with its own look.
 */
export function MultiFilter({
  id,
  label,
  options,
  value,
  onChange,
  className,
  labelClassName,
  classNamePrefix,
  noOptionsText,
}: {
  id: string;
  label: string;
  options: readonly FilterOption[];
  value: string[];
  onChange: (value: string[]) => void;
  className: string;
  labelClassName: string;
  classNamePrefix: string;
  noOptionsText: string;
}) {
  const selected = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: v });
  return (
    <div className={className}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      <Select<FilterOption, true>
        inputId={id}
        isMulti
        classNamePrefix={classNamePrefix}
        placeholder="All"
        options={options}
        value={selected}
        noOptionsMessage={() => noOptionsText}
        onChange={(next) => onChange(next.map((o) => o.value))}
        {...menuInBody}
      />
    </div>
  );
}
