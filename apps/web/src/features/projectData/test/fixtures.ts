import type { CalculationRun, StoredFormValue } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import type { Routes } from '../../../test/fetchMock.ts';
import { configRoutes, PROJECT_ID, project, user } from '../../../test/fixtures.ts';

export { PROJECT_ID, user };
export const OTHER_PROJECT_ID = 'b.22222222-2222-4222-8222-222222222222';

/** projectDataConfig.json: an ordinary form, a file form, flow data and sampling items. */
export const projectDataConfig = {
  version: 1,
  forms: [
    {
      form_id: 'site_details',
      form_alias: 'Site details',
      field_sets: [
        {
          field_set_id: 'general',
          field_set_alias: 'General',
          field_set_description: 'About the works',
          input_fields: [
            { key: 'site_name', field_alias: 'Site name', required: true },
            {
              key: 'population',
              field_alias: 'Population equivalent',
              unit: 'PE',
              datatype: 'integer',
              default_value: 5000,
            },
            {
              key: 'treatment',
              field_alias: 'Treatment type',
              unit: 'select',
              options: ['Activated sludge', 'Trickling filter'],
              default_value: 'Activated sludge',
            },
            { key: 'region', field_alias: 'Region', readonly: true, default_value: 'East' },
          ],
        },
        {
          field_set_id: 'contact',
          field_set_alias: 'Contact',
          combined_validation: true,
          input_fields: [
            { key: 'phone', field_alias: 'Phone', required: true },
            { key: 'email', field_alias: 'Email', required: true },
          ],
        },
      ],
    },
    {
      form_id: 'drawings',
      form_alias: 'Drawings',
      field_sets: [
        {
          field_set_id: 'files',
          input_fields: [{ key: 'layout', field_alias: 'Site layout', unit: 'file', required: true }],
        },
      ],
    },
    {
      form_id: 'flow_data',
      form_alias: 'Flow data',
      field_sets: [
        {
          field_set_id: 'flows',
          input_fields: [{ key: 'percentiles', field_alias: 'Percentiles', required: true }],
        },
      ],
    },
    {
      form_id: 'sampling_data',
      form_alias: 'Sampling data',
      field_sets: [
        {
          field_set_id: 'sample',
          input_fields: [
            { key: 'point', field_alias: 'Sample point', required: true },
            { key: 'cod', field_alias: 'COD', unit: 'mg/l', datatype: 'number' },
          ],
        },
      ],
    },
    { form_id: 'elsewhere', form_alias: 'Only elsewhere', project_id: 'b.other' },
  ],
};

/** calculationsConfig.json: two calculations for every project, one for another project. */
export const calculationsConfig = {
  version: 1,
  forms: [
    {
      form_id: 'pump_sizing',
      form_alias: 'Pump sizing',
      fmejob: 'pump_sizing',
      field_sets: [
        {
          field_set_id: 'duty',
          field_set_alias: 'Duty point',
          input_fields: [
            { key: 'flow', field_alias: 'Flow', unit: 'l/s', datatype: 'number', required: true, min: 0 },
            { key: 'head', field_alias: 'Head', unit: 'm', datatype: 'number', required: true },
          ],
        },
      ],
    },
    { form_id: 'storage_volume', form_alias: 'Storage volume', fmejob: 'storage_volume' },
    { form_id: 'other_calc', form_alias: 'Other project calculation', project_id: 'b.other', fmejob: 'x' },
  ],
};

export const stored = (form: string, category: string, value: string): StoredFormValue => ({
  form,
  category,
  value,
  updatedAt: '2026-11-20T09:30:00.000Z',
  updatedBy: 'Ada Lovelace',
});

export const run = (overrides: Partial<CalculationRun> = {}): CalculationRun => ({
  id: 'run-1',
  form: 'pump_sizing',
  fmejob: 'pump_sizing',
  state: 'done',
  reason: null,
  inputs: { flow: '12', head: '30' },
  results: { power: { label: 'Pump power', value: 4.4, unit: 'kW' } },
  createdBy: 'u1',
  createdByName: 'Ada Lovelace',
  createdAt: '2026-11-21T10:00:00.000Z',
  finishedAt: '2026-11-21T10:00:05.000Z',
  ...overrides,
});

/** The configuration with the fixture forms, and the signed-in user. */
export const formRoutes = (settings?: object): Routes => ({
  ...configRoutes(settings),
  '/config/projectDataConfig.json': { json: projectDataConfig },
  '/config/calculationsConfig.json': { json: calculationsConfig },
  '/api/user': { json: user },
});

export const memberState = (): AppState => ({
  ...initialAppState(),
  selectedProject: {
    projectid: PROJECT_ID,
    text: project.text,
    hrefbim360: project.hrefbim360,
    role: 'member',
  },
});

/** The JSON body of the n-th call to a path. */
export function sentJson(
  fetchMock: { mock: { calls: unknown[][] } },
  path: string,
  index = 0,
): Record<string, unknown> {
  const found = fetchMock.mock.calls.filter(([url]) => String(url) === path)[index];
  if (!found) throw new Error(`${path} was not called ${index + 1} time(s)`);
  return JSON.parse(String((found[1] as RequestInit).body)) as Record<string, unknown>;
}

export const callCount = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).length;
