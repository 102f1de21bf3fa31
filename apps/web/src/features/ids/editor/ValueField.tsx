import { useId } from 'react';
import type { IdsRestriction, IdsValue } from '@penstock/ids/document';
import {
  BASES,
  VALUE_MODE_LABELS,
  boundsOf,
  describeValue,
  modeOf,
  switchMode,
  withBounds,
  type Bound,
  type ValueMode,
} from './valueForm.ts';

/**
 * One IDS value: how it is given (exactly, one of a list, a pattern, a range; any value where the value may
 * be left out) and the value itself. A restriction the editor has no way for is shown as written and kept.
 */
export function ValueField({
  label,
  value,
  onChange,
  optional = false,
  suggestions,
  placeholder,
  capitals = false,
}: {
  label: string;
  value: IdsValue | undefined;
  onChange: (value: IdsValue | undefined) => void;
  /** the value may be left out ('Any value') */
  optional?: boolean;
  /** a datalist's id for an exact value */
  suggestions?: string;
  placeholder?: string;
  /** IFC names: what is typed is put in capitals */
  capitals?: boolean;
}) {
  const id = useId();
  const mode = modeOf(value);
  const modes: ValueMode[] = [
    ...(optional ? (['any'] as const) : []),
    'exact',
    'oneOf',
    'pattern',
    ...(capitals ? [] : (['range'] as const)),
    ...(mode === 'other' ? (['other'] as const) : []),
  ];
  const text = (typed: string) => (capitals ? typed.toUpperCase() : typed);
  const restriction = value?.kind === 'restriction' ? value : null;
  const setRestriction = (patch: Partial<IdsRestriction>) =>
    restriction && onChange({ ...restriction, ...patch });

  return (
    <div className="ids-value mb-2">
      <label className="form-label small mb-1" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="d-flex gap-2 align-items-start flex-wrap">
        <select
          className="form-select form-select-sm ids-value-mode"
          aria-label={`${label}: how`}
          value={mode}
          onChange={(event) => onChange(switchMode(value, event.target.value as ValueMode))}
        >
          {modes.map((m) => (
            <option key={m} value={m}>
              {VALUE_MODE_LABELS[m]}
            </option>
          ))}
        </select>
        {mode === 'any' && (
          <span id={`${id}-input`} className="small text-body-secondary align-self-center">
            Any value is accepted.
          </span>
        )}
        {value?.kind === 'simple' && (
          <input
            id={`${id}-input`}
            className="form-control form-control-sm ids-value-input"
            value={value.value}
            list={suggestions}
            placeholder={placeholder}
            onChange={(event) => onChange({ kind: 'simple', value: text(event.target.value) })}
          />
        )}
        {restriction && mode === 'oneOf' && (
          <>
            <textarea
              id={`${id}-input`}
              className="form-control form-control-sm ids-value-input"
              rows={Math.min(6, Math.max(2, restriction.enumeration?.length ?? 1))}
              value={(restriction.enumeration ?? []).join('\n')}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setRestriction({ enumeration: text(event.target.value).split('\n') })}
            />
            <BaseSelect label={label} restriction={restriction} onChange={setRestriction} />
            <div id={`${id}-hint`} className="form-text w-100 mt-0">
              One accepted value a line.
            </div>
          </>
        )}
        {restriction && mode === 'pattern' && (
          <>
            <input
              id={`${id}-input`}
              className="form-control form-control-sm ids-value-input font-monospace"
              value={restriction.pattern?.[0] ?? ''}
              aria-describedby={`${id}-hint`}
              onChange={(event) => setRestriction({ pattern: [event.target.value] })}
            />
            <div id={`${id}-hint`} className="form-text w-100 mt-0">
              A regular expression (XML Schema) the whole value must match, such as <code>P-\d{'{3}'}</code>.
            </div>
          </>
        )}
        {restriction && mode === 'range' && (
          <RangeInputs id={`${id}-input`} label={label} restriction={restriction} onChange={onChange} />
        )}
        {restriction && mode === 'other' && (
          <span id={`${id}-input`} className="small align-self-center ids-value-other">
            {describeValue(restriction)}
          </span>
        )}
      </div>
    </div>
  );
}

function BaseSelect({
  label,
  restriction,
  onChange,
  bases = BASES,
}: {
  label: string;
  restriction: IdsRestriction;
  onChange: (patch: Partial<IdsRestriction>) => void;
  bases?: readonly string[];
}) {
  const current = restriction.base ?? 'string';
  return (
    <select
      className="form-select form-select-sm ids-value-base"
      aria-label={`${label}: type of value`}
      value={current}
      onChange={(event) => onChange({ base: event.target.value })}
    >
      {[...new Set([...bases, current])].map((base) => (
        <option key={base} value={base}>
          {BASE_LABELS[base] ?? base}
        </option>
      ))}
    </select>
  );
}

const BASE_LABELS: Record<string, string> = {
  string: 'Text',
  double: 'Number',
  integer: 'Whole number',
  boolean: 'True or false',
};

function RangeInputs({
  id,
  label,
  restriction,
  onChange,
}: {
  id: string;
  label: string;
  restriction: IdsRestriction;
  onChange: (value: IdsValue) => void;
}) {
  const { lower, upper } = boundsOf(restriction);
  const set = (side: 'lower' | 'upper', bound: Bound | null) =>
    onChange(withBounds(restriction, side === 'lower' ? bound : lower, side === 'upper' ? bound : upper));
  const side = (which: 'lower' | 'upper', bound: Bound | null) => (
    <div className="d-flex align-items-center gap-1">
      <input
        id={which === 'lower' ? id : undefined}
        className="form-control form-control-sm ids-bound"
        inputMode="decimal"
        aria-label={`${label}: ${which === 'lower' ? 'from' : 'to'}`}
        placeholder={which === 'lower' ? 'no lower bound' : 'no upper bound'}
        value={bound?.value ?? ''}
        onChange={(event) =>
          set(
            which,
            event.target.value === ''
              ? null
              : { value: event.target.value, inclusive: bound?.inclusive ?? true },
          )
        }
      />
      <label className="small text-nowrap">
        <input
          type="checkbox"
          className="form-check-input me-1"
          aria-label={`${label}: ${which === 'lower' ? 'lower' : 'upper'} bound included`}
          checked={bound?.inclusive ?? true}
          disabled={!bound}
          onChange={(event) => bound && set(which, { ...bound, inclusive: event.target.checked })}
        />
        included
      </label>
    </div>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {side('lower', lower)}
      <span className="small">to</span>
      {side('upper', upper)}
      <BaseSelect
        label={label}
        restriction={restriction}
        bases={['double', 'integer']}
        onChange={(patch) => onChange({ ...restriction, ...patch })}
      />
    </div>
  );
}
