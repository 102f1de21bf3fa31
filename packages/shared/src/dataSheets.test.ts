import { describe, expect, it } from 'vitest';
import { CLOTH_FILTER_SHEET, clothFilterDerived } from './dataSheets.ts';
import { FormConfigSchema, allValid, formValidity } from './forms.contract.ts';

describe('Cloth Filter data sheet', () => {
  it('is a valid form with the spec’s field groups and 8 numbered remarks', () => {
    expect(FormConfigSchema.parse(CLOTH_FILTER_SHEET).form_id).toBe('cloth_filter_datasheet');
    const keys = CLOTH_FILTER_SHEET.field_sets.flatMap((set) => set.input_fields.map((field) => field.key));
    expect(keys).toEqual(
      expect.arrayContaining([
        'model',
        'backwash_frequency',
        'floc_hrt',
        'tss_average',
        'total_p',
        'hazardous_area',
      ]),
    );
    expect(keys.filter((key) => key.startsWith('remark_'))).toHaveLength(8);
  });

  it('takes 10 spot samples above 0.3 mg/l total P, 5 at or below (a boundary)', () => {
    expect(clothFilterDerived({ total_p: '0.31' }).spotSamples).toBe(10);
    expect(clothFilterDerived({ total_p: '0.3' }).spotSamples).toBe(5);
    expect(clothFilterDerived({ total_p: '0.1' }).spotSamples).toBe(5);
  });

  it('states the handover test, defaults the temperatures and warns below one backwash a day', () => {
    const derived = clothFilterDerived({ backwash_frequency: '0.5' });
    expect(derived.handoverTest).toBe('TSS over at least 10 days, 20 spot samples, judged on the average');
    expect(derived.temperatures).toEqual({ maxC: 30, minC: 5 });
    expect(derived.warnings).toEqual(['Backwash at least 1 time a day (entered 0.5)']);
    expect(clothFilterDerived({ backwash_frequency: '1' }).warnings).toEqual([]);
  });

  it('needs its required values before it can be saved', () => {
    const values = {
      units_duty: '2',
      model: 'Mecana',
      flow_dwf: '40',
      flow_fft: '120',
      backwash_frequency: '24',
    };
    expect(allValid(formValidity(CLOTH_FILTER_SHEET, values))).toBe(false);
    expect(allValid(formValidity(CLOTH_FILTER_SHEET, { ...values, tss_average: '12', total_p: '0.4' }))).toBe(
      true,
    );
  });
});
