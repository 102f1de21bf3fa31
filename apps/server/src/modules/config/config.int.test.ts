import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_FILES, GeneralSettingsSchema } from '@penstock/shared';
import { createTestPenstock, type TestPenstock } from '../../test/harness.ts';

describe('configuration files under /config/', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
  });
  afterAll(() => penstock.destroy());
  const get = (url: string) => penstock.app.inject({ method: 'GET', url });

  it('serves every default file without credentials', async () => {
    for (const file of Object.values(CONFIG_FILES)) {
      const response = await get(`/config/${file}`);
      expect(response.statusCode, file).toBe(200);
      if (file.endsWith('.json')) expect(() => response.json()).not.toThrow();
    }
    expect(
      GeneralSettingsSchema.parse((await get('/config/generalSettings.json')).json()).maxViewers,
    ).toBeGreaterThan(0);
    const pdf = await get('/config/readMore.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a file in the data folder overrides the default', async () => {
    fs.mkdirSync(path.join(penstock.dataDir, 'config'), { recursive: true });
    fs.writeFileSync(path.join(penstock.dataDir, 'config', 'startPage.md'), '# Our works');
    expect((await get('/config/startPage.md')).body).toBe('# Our works');
  });

  it('renders the start page as HTML, with raw HTML shown as text and unsafe links dropped', async () => {
    fs.writeFileSync(
      path.join(penstock.dataDir, 'config', 'startPage.md'),
      '# Our works\n\n<script>alert(1)</script>\n\nA [link](javascript:alert(2))',
    );
    const page = await get('/config/startPage.html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Our works</h1>');
    expect(page.body).toContain('&lt;script&gt;');
    expect(page.body).toContain('<a href="">link</a>');
  });

  it('serves a checked file only when it has its shape: a broken override is logged and the default served', async () => {
    const dir = path.join(penstock.dataDir, 'config');
    const original = (await get('/config/generalSettings.json')).json();
    // a valid override is served as written (keys the schema does not name included)
    fs.writeFileSync(
      path.join(dir, 'generalSettings.json'),
      JSON.stringify({ ...original, maxViewers: 3, ownKey: 'kept' }),
    );
    expect((await get('/config/generalSettings.json')).json()).toMatchObject({
      maxViewers: 3,
      ownKey: 'kept',
    });
    fs.writeFileSync(
      path.join(dir, 'generalSettings.json'),
      JSON.stringify({ ...original, maxViewers: 'many' }),
    );
    expect((await get('/config/generalSettings.json')).json()).toEqual(original);
    fs.writeFileSync(path.join(dir, 'fileExtensionWhitelist.json'), '{ not json');
    const types = (await get('/config/fileExtensionWhitelist.json')).json();
    expect(Array.isArray(types) && types.length).toBeGreaterThan(0);
    fs.rmSync(path.join(dir, 'generalSettings.json'));
    fs.rmSync(path.join(dir, 'fileExtensionWhitelist.json'));
  });

  it('serves nothing else', async () => {
    expect((await get('/config/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/config/secrets.json')).statusCode).toBe(404);
    expect((await get('/config/reports/not-an-id/reports_config.json')).statusCode).toBe(404);
  });
});
