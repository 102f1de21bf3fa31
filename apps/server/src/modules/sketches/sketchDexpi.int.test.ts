import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DEXPI_BYTES,
  dexpiExportUrl,
  dexpiImportUrl,
  type DexpiImportAnswer,
  type SavedSketch,
} from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/dexpi/fixtures');

/** A multipart body of text fields and at most one file, for inject(). */
function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const symbol = (id: string, src: string, x: number, y: number, tag: string) => ({
  id,
  tool: 'image',
  src,
  pidItem: src.split('/').pop(),
  x,
  y,
  width: 80,
  height: 60,
  tag,
});
const IMAGES = [
  symbol('pump', '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg', 100, 100, 'P-101'),
  symbol('valve', '/symbols/valves/gate-valve.svg', 300, 100, 'GV-201'),
  symbol('tank', '/symbols/tanks-vessels/tank.svg', 500, 100, 'TK-301'),
];
const line = (id: string, from: string, fromPort: string, to: string, toPort: string, points: number[]) => ({
  id,
  tool: 'pipeline',
  points,
  start: { itemId: from, portId: fromPort },
  end: { itemId: to, portId: toPort },
  line: { lineNumber: 'RS-100', fluidCode: 'RS', nominalSize: 'DN150', pipeSpec: 'DISF' },
});
const PIPELINES = [
  line('l1', 'pump', 'E', 'valve', 'W', [180, 130, 300, 130]),
  line('l2', 'valve', 'E', 'tank', 'W', [380, 130, 500, 130]),
];

for (const kind of await testDatabases()) {
  describe(`DEXPI export and import of sketches (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    const cookies: Record<string, string> = {};

    const inject = (who: string, method: 'GET' | 'POST', url: string, body?: ReturnType<typeof multipart>) =>
      penstock.app.inject({
        method,
        url,
        ...(body ? { payload: body.payload } : {}),
        headers: { ...(body?.headers ?? {}), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
      });
    const sketches = async (): Promise<SavedSketch[]> =>
      (
        await inject('member', 'POST', '/api/getpidsketch', multipart({ Project: projectId }))
      ).json() as SavedSketch[];
    const importFile = (
      who: string,
      content: string | Buffer,
      fields: Record<string, string> = {},
      name = 'plant.xml',
    ) => inject(who, 'POST', dexpiImportUrl(projectId), multipart(fields, { name, content }));

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const ids: Record<string, string> = {};
      for (const who of ['member', 'viewer', 'outsider']) {
        ids[who] = (await penstock.createUser({ name: `The ${who}`, email: `${who}@dexpi.test` })).id;
        cookies[who] = await penstock.signIn(`${who}@dexpi.test`);
      }
      projectId = (
        await penstock.createProject('DEXPI Project', [
          { userId: ids.member!, role: 'member' },
          { userId: ids.viewer!, role: 'viewer' },
        ])
      ).id;
    });
    afterAll(() => penstock.destroy());

    it('exports a saved sketch as DEXPI and imports it again as a new sketch with the same tags and connections', async () => {
      const saved = await inject(
        'member',
        'POST',
        '/api/savepidsketch',
        multipart({
          Project: projectId,
          DrawingName: 'Inlet pumping - 29/11/2026, 10:00:00',
          Images: JSON.stringify(IMAGES),
          Pipelines: JSON.stringify(PIPELINES),
        }),
      );
      expect(saved.statusCode).toBe(200);
      const { id: sketchId } = saved.json() as { id: string };

      const exported = await inject('viewer', 'GET', dexpiExportUrl(projectId, sketchId));
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(exported.headers['content-disposition']).toContain('Inlet pumping.dexpi.xml');
      expect(exported.body).toContain('<PlantModel>');
      expect(exported.body).toContain('ComponentClass="CentrifugalPump"');

      const imported = await importFile('member', exported.body, {}, 'Inlet pumping.dexpi.xml');
      expect(imported.statusCode).toBe(201);
      const answer = imported.json() as DexpiImportAnswer;
      expect(answer.report).toEqual({
        equipment: 2,
        nozzles: 6,
        pipingSegments: 2,
        connections: 4,
        inlineComponents: 1,
        instruments: 0,
        signalLines: 0,
        unmappedClasses: [],
      });
      // the same name is taken by the sketch it came from
      expect(answer.drawingName).toMatch(/^Inlet pumping \(2\) - /);
      const copy = (await sketches()).find((sketch) => sketch.id === answer.sketchId)!;
      expect(copy.DrawingName).toBe(answer.drawingName);
      expect(copy.Images.map((image) => image.tag).sort()).toEqual(['GV-201', 'P-101', 'TK-301']);
      expect(copy.Pipelines.map((p) => [p.start, p.end, p.line.lineNumber])).toEqual(
        PIPELINES.map((p) => [p.start, p.end, 'RS-100']),
      );
    });

    it('imports another tool’s file under the name given, and reports the classes it could not map', async () => {
      const xml = fs.readFileSync(path.join(FIXTURES, 'disc-style.xml'), 'utf8');
      const response = await importFile('member', xml, { name: 'From the design house' });
      expect(response.statusCode).toBe(201);
      const answer = response.json() as DexpiImportAnswer;
      expect(answer.drawingName).toMatch(/^From the design house - /);
      expect(answer.report).toMatchObject({
        equipment: 3,
        nozzles: 5,
        connections: 8,
        instruments: 2,
        unmappedClasses: ['Deaerator', 'SpectacleBlind'],
      });
    });

    it('refuses XML that is not well-formed with the line and the reason, and writes nothing', async () => {
      const before = (await sketches()).length;
      const broken = await importFile(
        'member',
        '<?xml version="1.0"?>\n<PlantModel>\n  <Equipment ID="x">\n</PlantModel>\n',
      );
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toMatch(/^The file is not well-formed XML: line 4, column \d+: /);
      const notDexpi = await importFile('member', '<Model name="x"/>');
      expect(notDexpi.statusCode).toBe(400);
      expect(notDexpi.json().error).toMatch(/root element is <Model>/);
      const noFile = await inject('member', 'POST', dexpiImportUrl(projectId), multipart({ name: 'x' }));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error).toMatch(/field 'file'/);
      const tooBig = await importFile('member', Buffer.alloc(MAX_DEXPI_BYTES + 10, 32));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error).toMatch(/at most 20 MB/);
      expect((await sketches()).length).toBe(before);
    });

    it('lets viewers export but not import, and outsiders do neither', async () => {
      const [sketch] = await sketches();
      const xml = fs.readFileSync(path.join(FIXTURES, 'metre-style.xml'), 'utf8');
      expect((await importFile('viewer', xml)).statusCode).toBe(403);
      expect([403, 404]).toContain((await importFile('outsider', xml)).statusCode);
      expect([403, 404]).toContain(
        (await inject('outsider', 'GET', dexpiExportUrl(projectId, sketch!.id!))).statusCode,
      );
      expect((await inject('anonymous', 'GET', dexpiExportUrl(projectId, sketch!.id!))).statusCode).toBe(401);
      const missing = await inject('member', 'GET', dexpiExportUrl(projectId, 's.nothing'));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: expect.stringMatching(/No saved sketch/) });
    });
  });
}
