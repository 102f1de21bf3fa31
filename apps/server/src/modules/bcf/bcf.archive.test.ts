import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { readBcf, writeBcf } from './bcf.archive.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/bcf', name));

/**
 * What each buildingSMART test case holds, counted from its files:
 * - bcf21_Component_Selection: one topic folder; its markup.bcf has no Comment element and one Viewpoints
 *   element (Viewpoint_817b50b5….bcfv, which selects three columns of Estructura.ifc and has a
 *   PerspectiveCamera); the zip also carries Estructura.ifc, which import does not unzip.
 * - bcf30_component_selection: one topic, `<Comments/>` empty, one ViewPoint (orthogonal camera, three
 *   selected components of Architectural.ifc and MEP.ifc).
 * - bcf30_minimum_information: one topic, `<Comments/>` and `<Viewpoints/>` empty.
 * - bcf30_perspective_camera: one topic, `<Comments/>` empty, one ViewPoint (perspective camera, no selection).
 */
const COUNTS: Array<[string, string, number, number, number, number]> = [
  // file, version, topics, comments, viewpoints, selected components
  ['bcf21_Component_Selection.bcf', '2.1', 1, 0, 1, 3],
  ['bcf30_component_selection.bcf', '3.0', 1, 0, 1, 3],
  ['bcf30_minimum_information.bcf', '3.0', 1, 0, 0, 0],
  ['bcf30_perspective_camera.bcf', '3.0', 1, 0, 1, 0],
];

const count = (topics: Awaited<ReturnType<typeof readBcf>>['topics']) => [
  topics.length,
  topics.flatMap((t) => t.topic.comments).length,
  topics.flatMap((t) => t.viewpoints).length,
  topics.flatMap((t) => t.viewpoints.flatMap((v) => v.selection)).length,
];

describe('BCF zip files', () => {
  it.each(COUNTS)('reads %s (BCF %s)', async (name, version, ...expected) => {
    const read = await readBcf(fixture(name));
    expect(read.version).toBe(version);
    expect(count(read.topics)).toEqual(expected);
  });

  it('reads the 2.1 test case’s viewpoint', async () => {
    const { topics } = await readBcf(fixture('bcf21_Component_Selection.bcf'));
    expect(topics[0]!.topic).toMatchObject({
      guid: '5ed97d64-f1be-487e-9f80-5ad19576f51a',
      title: 'Component Selection',
      creationDate: '2015-10-16T12:13:15Z',
    });
    expect(topics[0]!.viewpoints).toEqual([
      {
        guid: '817b50b5-f6b2-4e5d-8a37-b692d67cdd91',
        camera: expect.objectContaining({ kind: 'perspective', fieldOfView: 60, aspectRatio: 1 }),
        selection: ['1GU8BMEqHBQxVAbwRD$4Jj', '0AQJSsoeDDvwVqSNcwjy55', '3DOu_tSXP6evQgY8Ml4CtC'],
        visibility: {
          defaultVisibility: true,
          exceptions: [],
          viewSetupHints: { spacesVisible: false, spaceBoundariesVisible: false, openingsVisible: true },
        },
      },
    ]);
  });

  it('writes every fixture back as BCF 3.0 and 2.1 and reads the same topics, comments and viewpoints', async () => {
    for (const [name] of COUNTS) {
      const { topics } = await readBcf(fixture(name));
      for (const version of ['3.0', '2.1'] as const) {
        const written = await writeBcf(
          version,
          topics.map(({ topic, viewpoints }) => ({ topic, viewpoints, snapshot: null })),
          { topicTypes: [], topicStatuses: [], users: [] },
        );
        const again = await readBcf(written);
        expect(again.version).toBe(version);
        expect(again.topics.map((t) => t.topic.guid)).toEqual(topics.map((t) => t.topic.guid));
        expect(count(again.topics)).toEqual(count(topics));
        const cameras = (list: typeof topics) =>
          list.flatMap((t) => t.viewpoints.map((v) => [v.guid, v.camera?.kind, v.selection]));
        expect(cameras(again.topics)).toEqual(cameras(topics));
        // visibility (exceptions, view setup hints), colouring and clipping planes survive too (issue 33)
        const components = (list: typeof topics) =>
          list.flatMap((t) =>
            t.viewpoints.map((v) => [
              v.guid,
              v.visibility ?? null,
              v.coloring ?? null,
              v.clippingPlanes ?? null,
            ]),
          );
        expect(components(again.topics)).toEqual(components(topics));
      }
    }
  });

  it('refuses a zip bomb with the cap it breaks, and a file that is not a BCF', async () => {
    const zip = await JSZip.loadAsync(fixture('bcf30_minimum_information.bcf'));
    zip.file('b0ddb128-a997-44c1-8ad8-59492daa5f6b/viewpoint-big.bcfv', Buffer.alloc(21 * 1024 * 1024, 32));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(200_000);
    await expect(readBcf(bomb)).rejects.toThrow(
      'The BCF file was refused: b0ddb128-a997-44c1-8ad8-59492daa5f6b/viewpoint-big.bcfv is larger than 20 MB when unzipped',
    );
    await expect(readBcf(Buffer.from('not a zip'))).rejects.toThrow(
      'The file is not a BCF file: it is not a zip archive',
    );
    const old = new JSZip();
    old.file('bcf.version', '<Version VersionId="0.9"/>');
    await expect(readBcf(await old.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(
      'Only BCF 1.0, 2.0, 2.1 and 3.0 files can be imported (this file is BCF 0.9)',
    );
    await expect(readBcf(bomb)).rejects.toBeInstanceOf(HttpError);
  });

  it('takes a 2.0 topic’s viewpoint.bcfv when the markup lists none', async () => {
    const zip = new JSZip();
    zip.file('bcf.version', '<Version VersionId="2.0"/>');
    const guid = '9898de65-c0ce-414b-857e-1df97ffaed8d';
    zip.file(
      `${guid}/markup.bcf`,
      `<Markup><Topic Guid="${guid}"><Title>Old style</Title><CreationDate>2014-01-01T00:00:00</CreationDate></Topic></Markup>`,
    );
    zip.file(
      `${guid}/viewpoint.bcfv`,
      '<VisualizationInfo><Components><Component IfcGuid="0Gl71cVurFn8bxAOox6M4X" Selected="true"/></Components></VisualizationInfo>',
    );
    const { topics } = await readBcf(await zip.generateAsync({ type: 'nodebuffer' }));
    expect(topics[0]!.viewpoints).toEqual([
      { guid: expect.stringMatching(/^[0-9a-f-]{36}$/), camera: null, selection: ['0Gl71cVurFn8bxAOox6M4X'] },
    ]);
    // the made-up Guid is the same on every import
    const again = await readBcf(await zip.generateAsync({ type: 'nodebuffer' }));
    expect(again.topics[0]!.viewpoints[0]!.guid).toBe(topics[0]!.viewpoints[0]!.guid);
  });
});
