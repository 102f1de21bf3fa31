import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEGEND, LegendDataSchema } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { LegendReader } from './legend.service.ts';

describe.each(await testDatabases())('the P&ID legend on %s', (kind) => {
  let penstock: TestPenstock;
  let cookie: string;
  let file: string;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const user = await penstock.createUser({ name: 'Erin Engineer' });
    cookie = await penstock.signIn(user.email);
    file = path.join(penstock.dataDir, 'config', 'legend.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
  });
  afterAll(() => penstock.destroy());

  const get = (withCookie = true) =>
    penstock.app.inject({ method: 'GET', url: '/api/legend', headers: withCookie ? { cookie } : {} });

  it('refuses a request without a session', async () => {
    const response = await get(false);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });

  it('answers the default legend to a signed-in user', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const legend = LegendDataSchema.parse(response.json());
    expect(legend).toEqual(DEFAULT_LEGEND);
    expect(legend.fluidCodes).toHaveLength(38);
  });

  it("serves the installation's valid legend.json", async () => {
    const override = {
      version: 1,
      fluidCodes: [{ fluidCode: 'RS', fluidDescription: 'Crude Sewage' }],
      pipeMaterials: [{ materialCode: 'DISF', materialDescription: 'Ductile iron PN16, flanged' }],
      staticPropertyGuide: [{ ClassName: 'Gate Valve (Open)', PropertyName: 'Valve Type', Value: 'Gate' }],
    };
    fs.writeFileSync(file, JSON.stringify(override));
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(override);
  });

  it('falls back to the default when legend.json is broken', async () => {
    const broken = structuredClone(DEFAULT_LEGEND);
    broken.fluidCodes.push({ fluidCode: 'FE', fluidDescription: 'Final Effluent again' });
    fs.writeFileSync(file, JSON.stringify(broken));
    expect((await get()).json()).toEqual(DEFAULT_LEGEND);
    fs.writeFileSync(file, '{ not json');
    expect((await get()).json()).toEqual(DEFAULT_LEGEND);
  });

  it('logs a broken file once, naming the file and the field', async () => {
    const lines: string[] = [];
    const reader = new LegendReader(penstock.dataDir, { error: (line: string) => lines.push(line) } as never);
    fs.writeFileSync(file, JSON.stringify({ ...DEFAULT_LEGEND, version: 2 }));
    expect(await reader.read()).toBe(DEFAULT_LEGEND);
    expect(await reader.read()).toBe(DEFAULT_LEGEND);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).toContain('version:');
    fs.rmSync(file);
    expect(await reader.read()).toBe(DEFAULT_LEGEND);
    expect(lines).toHaveLength(1);
  });
});
