import { describe, expect, it } from 'vitest';
import {
  FormsFileSchema,
  allValid,
  failedMessage,
  fieldValid,
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
