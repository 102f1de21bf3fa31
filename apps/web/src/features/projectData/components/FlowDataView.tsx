import { lazy, Suspense, useState } from 'react';
import { Table } from 'react-bootstrap';
import {
  allValid,
  FLOW_CHART_HEIGHT,
  FLOW_CHART_HOURS,
  fieldValid,
  FormFieldSchema,
  type FormConfig,
  type FormField,
} from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { allFields, DEFAULT_PERCENTILES, parseFlowData } from '../formValues.ts';
import type { EditorProps } from './FormCard.tsx';
import { FormActions } from './FormActions.tsx';

// ECharts is only loaded when a flow chart shows
const FlowChart = lazy(() => import('./FlowChart.tsx'));

export const FLOW_CHART_LABEL = 'Annual hourly flows chart';
const PERCENTILES_KEY = 'percentiles';

/** The form's percentiles field, else a required 'Percentiles' text field. */
function percentilesField(form: FormConfig): FormField {
  return (
    allFields(form).find((field) => field.key === PERCENTILES_KEY) ??
    FormFieldSchema.parse({
      key: PERCENTILES_KEY,
      field_alias: 'Percentiles',
      required: true,
      default_value: DEFAULT_PERCENTILES,
      help: 'Comma-separated, e.g. 10,50,90,95',
    })
  );
}

/**
 * The flow-data view (forms spec §2 'Flow data'): the percentiles input, the annual hourly flows as a line
 * chart (Time 00:00-23:00, Flowrate (l/s)) and a table with a header row showing the same data. It submits
 * {percentiles, annual_hourly_flows}.
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
  const series = flowData.annual_hourly_flows;
  const validity = { [field.key]: fieldValid(field, percentiles) };
  const invalid = validity[field.key] === false;
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
          onChange={(event) => setPercentiles(event.target.value)}
        />
        {field.help && <div className="form-text">{field.help}</div>}
      </div>
      <h3 className="h6 mt-3">Annual hourly flows</h3>
      {series.length === 0 ? (
        <p className="small text-body-secondary">No annual hourly flows are stored for this project yet.</p>
      ) : (
        <>
          <div role="img" aria-label={FLOW_CHART_LABEL} style={{ height: FLOW_CHART_HEIGHT }}>
            <Suspense fallback={<Loading label="Loading the chart..." />}>
              <FlowChart series={series} />
            </Suspense>
          </div>
          <div className="table-responsive">
            <Table size="sm" bordered className="small flow-data-table">
              <caption className="visually-hidden">Annual hourly flows (l/s)</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  {FLOW_CHART_HOURS.map((hour) => (
                    <th scope="col" key={hour}>
                      {hour}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {series.map((entry) => (
                  <tr key={entry.type}>
                    <th scope="row">{entry.type}</th>
                    {FLOW_CHART_HOURS.map((hour, index) => (
                      <td key={hour}>{entry.values[index] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
      <FormActions
        form={form}
        kind={kind}
        valid={allValid(validity)}
        data={() => ({
          percentiles,
          ...(series.length ? { annual_hourly_flows: series } : {}),
        })}
        submitter={submitter}
      />
    </form>
  );
}
