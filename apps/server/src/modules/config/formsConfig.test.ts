import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../env.ts';
import { readFormsConfig, readReportConfig } from './formsConfig.ts';

const defaultsDir = path.join(repoRoot, 'apps/server/config');
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-forms-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'config'), { recursive: true });
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('forms configuration', () => {
  it('ships valid defaults for a UK water-treatment project', async () => {
    const data = await readFormsConfig({ dataDir: dataDir(), defaultsDir }, 'projectDataConfig.json');
    expect(data.forms.map((form) => form.form_id)).toEqual(
      expect.arrayContaining([
        'site_details',
        'design_horizon',
        'population',
        'consent_limits',
        'sampling_data',
        'flow_data',
      ]),
    );
    const calculations = await readFormsConfig(
      { dataDir: dataDir(), defaultsDir },
      'calculationsConfig.json',
    );
    expect(calculations.forms.every((form) => form.fmejob)).toBe(true);
    const reports = await readReportConfig({ dataDir: dataDir(), defaultsDir }, 'any');
    expect(reports.reports[0]?.bim360_folder_id).toBe('WIP/Reports');
  });

  it('uses a valid override, and refuses a broken one with a log line naming the file and field', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'config', 'projectDataConfig.json');
    const form = { form_id: 'ours', form_alias: 'Our form', field_sets: [] };
    fs.writeFileSync(file, JSON.stringify({ version: 1, forms: [form] }));
    expect(
      (await readFormsConfig({ dataDir: dir, defaultsDir }, 'projectDataConfig.json')).forms[0]?.form_id,
    ).toBe('ours');

    const logged: string[] = [];
    const log = { error: (line: string) => logged.push(line) };
    const broken = {
      version: 1,
      forms: [{ ...form, field_sets: [{ field_set_id: 's', input_fields: [{ key: '' }] }] }],
    };
    fs.writeFileSync(file, JSON.stringify(broken));
    const used = await readFormsConfig({ dataDir: dir, defaultsDir }, 'projectDataConfig.json', log as never);
    expect(used.forms.some((f) => f.form_id === 'site_details')).toBe(true);
    expect(logged[0]).toContain(file);
    expect(logged[0]).toMatch(/forms\.0\.field_sets\.0\.input_fields\.0\.key/);

    fs.writeFileSync(file, '{ not json');
    await readFormsConfig({ dataDir: dir, defaultsDir }, 'projectDataConfig.json', log as never);
    expect(logged[1]).toMatch(/is not used/);
  });
});
