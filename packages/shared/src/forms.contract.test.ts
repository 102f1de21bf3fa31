import { describe, expect, it } from 'vitest';
import {
  isoDateText,
  FormsFileSchema,
  allValid,
  failedMessage,
  fieldMessage,
  fieldValid,
  FormFieldSchema,
  isIsoDate,
  flowChartYMax,
  formValidity,
  FLOW_CHART_HOURS,
  type FormConfig,
} from './forms.contract.ts';

const form: FormConfig = FormsFileSchema.parse({
  version: 1,
  forms: [
    {
      form_id: 'f',
      form_alias: 'Form',
      field_sets: [
        {
          field_set_id: 'a',
          input_fields: [
            { key: 'name', field_alias: 'Name', required: true },
            { key: 'kind', field_alias: 'Kind', unit: 'select', options: ['A', 'B'], required: true },
            { key: 'flow', field_alias: 'Flow', unit: 'l/s', datatype: 'number', min: 0, max: 100 },
            { key: 'survey', field_alias: 'Survey', unit: 'file', required: true },
          ],
        },
        {
          field_set_id: 'limits',
          combined_validation: true,
          input_fields: [
            { key: 'bod', field_alias: 'BOD', datatype: 'number' },
            { key: 'tss', field_alias: 'TSS', datatype: 'number' },
          ],
        },
      ],
    },
  ],
}).forms[0]!;
const fields = Object.fromEntries(form.field_sets.flatMap((s) => s.input_fields).map((f) => [f.key, f]));

describe('form validity rules', () => {
  it('requires text and select values; optional empty fields are valid', () => {
    expect(fieldValid(fields.name!, '')).toBe(false);
    expect(fieldValid(fields.name!, ' x ')).toBe(true);
    expect(fieldValid(fields.kind!, 'C')).toBe(false);
    expect(fieldValid(fields.kind!, 'B')).toBe(true);
    expect(fieldValid(fields.flow!, '')).toBe(true);
    expect(fieldValid(fields.flow!, '101')).toBe(false);
    expect(fieldValid(fields.flow!, '100')).toBe(true);
    expect(fieldValid(fields.flow!, 'abc')).toBe(false);
  });

  it('accepts a file field only once its upload answered 200', () => {
    expect(fieldValid(fields.survey!, 'survey.pdf', false)).toBe(false);
    expect(fieldValid(fields.survey!, 'survey.pdf', true)).toBe(true);
  });

  it('makes a combined set valid as soon as any one input is', () => {
    const base = { name: 'x', kind: 'A' };
    const uploaded = new Set(['survey']);
    expect(formValidity(form, base, uploaded)).toMatchObject({ bod: false, tss: false });
    const one = formValidity(form, { ...base, tss: '20' }, uploaded);
    expect(one).toMatchObject({ bod: true, tss: true });
    expect(allValid(one)).toBe(true);
    expect(allValid(formValidity(form, { ...base, tss: '20' }))).toBe(false);
  });

  it('inserts the form title into the failed message', () => {
    expect(failedMessage('Could not save {title}.', 'Population')).toBe('Could not save Population.');
    expect(failedMessage(undefined, 'Population')).toBe('Saving Population failed');
  });

  it('draws 24 hours and tops the y-axis at the highest flow plus 5', () => {
    expect(FLOW_CHART_HOURS[0]).toBe('00:00');
    expect(FLOW_CHART_HOURS[23]).toBe('23:00');
    expect(flowChartYMax([{ values: [1, 112] }, { values: [40] }])).toBe(117);
    expect(flowChartYMax([])).toBe(5);
  });

  it('refuses a config with a field without a key, naming where', () => {
    const parsed = FormsFileSchema.safeParse({
      version: 1,
      forms: [
        { form_id: 'f', form_alias: 'F', field_sets: [{ field_set_id: 's', input_fields: [{ key: '' }] }] },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['forms', 0, 'field_sets', 0, 'input_fields', 0, 'key']);
  });
});

describe('fieldMessage: values validated as typed', () => {
  const percentiles = FormFieldSchema.parse({
    key: 'percentiles',
    field_alias: 'Percentiles',
    datatype: 'number_list',
    required: true,
    min: 0,
    max: 100,
  });
  const date = FormFieldSchema.parse({ key: 'sample_date', field_alias: 'Date', datatype: 'date' });
  const value = FormFieldSchema.parse({
    key: 'v',
    field_alias: 'Value',
    unit: 'mg/l',
    datatype: 'number',
    min: 0,
  });

  it('takes percentile lists of numbers from 0 to 100 only', () => {
    expect(fieldMessage(percentiles, '10, 50,90;95 100')).toBeNull();
    expect(fieldValid(percentiles, '10,50,90,95')).toBe(true);
    for (const bad of ['10,abc', '10,101', '-5', '10,,x'])
      expect(fieldMessage(percentiles, bad), bad).toBe(
        'Percentiles must be numbers from 0 to 100, separated by commas',
      );
    expect(fieldValid(percentiles, '10,101')).toBe(false);
    // empty: no message, only the non-valid style of a required field
    expect(fieldMessage(percentiles, '')).toBeNull();
    expect(fieldValid(percentiles, '')).toBe(false);
  });

  it('takes real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(fieldMessage(date, '2026-11-28')).toBeNull();
    expect(fieldMessage(date, '31/02/2026')).toBe('Date must be a valid date');
    expect(fieldValid(date, 'yesterday')).toBe(false);
  });

  it('reads dates kept as dd/mm/yyyy before the field was a date field', () => {
    expect(isoDateText('05/03/2026')).toBe('2026-03-05');
    expect(isoDateText('5.3.2026')).toBe('2026-03-05');
    expect(isoDateText('2026-03-05')).toBe('2026-03-05');
    expect(isoDateText('31/02/2026')).toBe('31/02/2026');
    expect(fieldMessage(date, '05/03/2026')).toBeNull();
  });

  it('names the range of a number', () => {
    expect(fieldMessage(value, '-1')).toBe('Value must be a number of at least 0');
    expect(fieldMessage(value, '12abc')).toBe('Value must be a number of at least 0');
    expect(fieldMessage(value, '12.5')).toBeNull();
  });
});
