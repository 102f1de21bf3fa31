import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import {
  allValid,
  FLOW_CHART_HEIGHT,
  fieldMessage,
  fieldValid,
  FormFieldSchema,
  type FormConfig,
  type FormField,
} from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { flowIssues, toRows, toSeries } from '../flowRows.ts';
import { allFields, DEFAULT_PERCENTILES, parseFlowData } from '../formValues.ts';
import type { EditorProps } from './FormCard.tsx';
import { FormActions } from './FormActions.tsx';
import { FlowTable } from './FlowTable.tsx';

// ECharts is only loaded when a flow chart shows
const FlowChart = lazy(() => import('./FlowChart.tsx'));

export const FLOW_CHART_LABEL = 'Annual hourly flows chart';
const PERCENTILES_KEY = 'percentiles';

/**
 * The form's percentiles field, else a required 'Percentiles' field; either way a list of numbers from 0 to
 * 100 (a percentile is nothing else, whatever an older config says).
 */
function percentilesField(form: FormConfig): FormField {
  const field =
    allFields(form).find((candidate) => candidate.key === PERCENTILES_KEY) ??
    FormFieldSchema.parse({
      key: PERCENTILES_KEY,
      field_alias: 'Percentiles',
      required: true,
      default_value: DEFAULT_PERCENTILES,
      help: 'Comma-separated, e.g. 10,50,90,95',
    });
  return { ...field, datatype: 'number_list', min: field.min ?? 0, max: field.max ?? 100 };
}

/**
 * The flow-data view (forms spec §2 'Flow data'): the percentiles input, the annual hourly flows as a line
 * chart (Time 00:00-23:00, Flowrate (l/s)) and an editable table with a header row of the same data (names
 * non-empty and different, flows numbers of 0 or more, at most 20 series). The chart follows the edits. It
 * submits {percentiles, annual_hourly_flows} with the flows as numbers.
 */
export function FlowDataView({ form, kind, stored, submitter }: EditorProps) {
  const field = percentilesField(form);
  const [flowData] = useState(() =>
    parseFlowData(
      stored,
      form.form_id,
      field.default_value === null ? undefined : String(field.default_value),
    ),
  );
  const [percentiles, setPercentiles] = useState(flowData.percentiles);
  const [rows, setRows] = useState(() => toRows(flowData.annual_hourly_flows));
  const series = useMemo(() => toSeries(rows), [rows]);
  // Typing stays quick: the chart redraws when React has time
  const chartSeries = useDeferredValue(series);
  const issues = flowIssues(rows);
  const validity = { [field.key]: fieldValid(field, percentiles), annual_hourly_flows: issues.length === 0 };
  const invalid = validity[field.key] === false;
  const message = fieldMessage(field, percentiles);
  const id = `${form.form_id}-${field.key}`;

  const set = form.field_sets.find((entry) => entry.input_fields.some((f) => f.key === field.key));
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label={form.form_alias} noValidate>
      {set?.field_set_description && (
        <p className="small text-body-secondary mb-2">{set.field_set_description}</p>
      )}
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor={id}>
          {field.field_alias}
          {field.required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <input
          id={id}
          type="text"
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          value={percentiles}
          required={field.required}
          readOnly={field.readonly}
          aria-invalid={invalid}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => setPercentiles(event.target.value)}
        />
        {message && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {message}
          </div>
        )}
        {field.help && <div className="form-text">{field.help}</div>}
      </div>
      <h3 className="h6 mt-3">Annual hourly flows</h3>
      {rows.length === 0 ? (
        <p className="small text-body-secondary mb-2">
          {flowData.annual_hourly_flows.length === 0
            ? 'No annual hourly flows are stored for this project yet.'
            : 'Every series is removed: Save clears the stored flows.'}
        </p>
      ) : (
        <div role="img" aria-label={FLOW_CHART_LABEL} style={{ height: FLOW_CHART_HEIGHT }}>
          <Suspense fallback={<Loading label="Loading the chart..." />}>
            <FlowChart series={chartSeries} />
          </Suspense>
        </div>
      )}
      <FlowTable id={`${form.form_id}-flows`} rows={rows} onChange={setRows} />
      <div aria-live="polite">
        {issues.length > 0 && (
          <ul className="small text-danger ps-3 mb-0" aria-label="Why the flows cannot be saved">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        )}
      </div>
      <FormActions
        form={form}
        kind={kind}
        valid={allValid(validity)}
        data={() => ({ percentiles, annual_hourly_flows: series })}
        submitter={submitter}
      />
    </form>
  );
}
