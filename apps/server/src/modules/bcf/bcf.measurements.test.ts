import { describe, expect, it } from 'vitest';
import { readBcf, writeBcf } from './bcf.archive.ts';
import { drawsLines, measurementsFileOf } from './bcf.measurements.ts';
import type { BcfExportVersion, BcfViewpoint } from './bcf.types.ts';
import { viewerStateOfViewpoint, viewpointOfState, type VersionObject } from './bcf.viewpoint.ts';
import { readViewerState, type Measurement } from './bcf.viewstate.ts';
import JSZip from 'jszip';

const OWN = 'v.11111111-1111-4111-8111-111111111111';
const MEP = 'v.22222222-2222-4222-8222-222222222222';
/** the IfcProject GlobalIds of the two models (their 3D viewables) */
const PROJECT_GUID: Record<string, string> = {
  [OWN]: '0OWNPROJECT00000000001',
  [MEP]: '0MEPPROJECT00000000002',
};
const objectsOf = (guid: string): VersionObject[] =>
  Object.entries(PROJECT_GUID)
    .filter(([, g]) => g === guid)
    .map(([versionId]) => ({ versionId, localId: 1 }));

/** One measurement of each kind, on both models (viewer frame, Y up). */
const MEASUREMENTS: Measurement[] = [
  {
    id: 'm1',
    name: 'Pump to wall',
    kind: 'distance',
    points: [
      { x: 1.25, y: 0.5, z: -2 },
      { x: 3.125, y: 0.5, z: -2.75 },
    ],
    value: 2.0194,
    model: `urn:${OWN}`,
  },
  {
    id: 'm2',
    name: 'Duct clearance',
    kind: 'perpendicular',
    points: [
      { x: 0, y: 2.8, z: 0 },
      { x: 0, y: 3.35, z: 0 },
    ],
    value: 0.55,
    model: `urn:${MEP}`,
  },
  {
    id: 'm3',
    name: 'Bend',
    kind: 'angle',
    points: [
      { x: 1, y: 0, z: 0 },
      { x: 0, y: 0, z: 0 },
      { x: 0, y: 1, z: 0 },
    ],
    value: 90,
    model: `urn:${MEP}`,
  },
  {
    id: 'm4',
    name: 'Slab',
    kind: 'area',
    points: [
      { x: 0, y: 0, z: 0 },
      { x: 4, y: 0, z: 0 },
      { x: 4, y: 0, z: -3 },
      { x: 0, y: 0, z: -3 },
    ],
    value: 12,
    model: `urn:${OWN}`,
  },
  {
    id: 'm5',
    name: 'Pipe run',
    kind: 'run',
    // three segments with gaps between them (fittings): each its own line
    points: [
      { x: 0, y: 1, z: 0 },
      { x: 2, y: 1, z: 0 },
      { x: 2.2, y: 1, z: 0 },
      { x: 2.2, y: 1, z: -3 },
      { x: 2.2, y: 1.2, z: -3.2 },
      { x: 2.2, y: 4.2, z: -3.2 },
    ],
    value: 8,
    model: `urn:${MEP}`,
  },
  {
    id: 'm6',
    name: 'Nozzle',
    kind: 'point',
    points: [{ x: 5, y: 1.5, z: -1 }],
    value: 1.5,
    model: `urn:${OWN}`,
  },
  {
    id: 'm7',
    name: 'Sketch line',
    kind: 'distance',
    points: [
      { x: 0, y: 0, z: 0 },
      { x: 1, y: 0, z: 0 },
    ],
    value: 1,
  },
];

const STATE = {
  version: 2,
  kind: '3d',
  camera: { position: { x: 10, y: 5, z: 10 }, target: { x: 0, y: 1, z: 0 } },
  plan: null,
  selection: [],
  measurements: MEASUREMENTS,
};

async function roundTrip(version: BcfExportVersion, edit?: (zip: JSZip) => Promise<void>) {
  const exported = viewpointOfState({
    raw: STATE,
    state: readViewerState(STATE),
    ownVersion: OWN,
    objectId: null,
    guidOf: () => undefined,
    projectGuidOf: (modelId) => PROJECT_GUID[modelId.replace(/^urn:/, '')],
  })!;
  const viewpoint: BcfViewpoint = { ...exported, guid: '5c8b0b6e-6f35-4d3e-9a36-0d5f2e7b9a11' };
  const topic = {
    guid: 'a7a0e8b4-3b0c-4e53-9f0e-0d4b7a1c2e33',
    topicType: 'Issue',
    topicStatus: 'Open',
    title: 'Clearance',
    description: '',
    creationDate: '2026-11-29T09:00:00.000Z',
    creationAuthor: 'a@example.com',
    modifiedDate: null,
    assignedTo: null,
    dueDate: null,
    comments: [],
  };
  let bytes = await writeBcf(version, [{ topic, viewpoints: [viewpoint], snapshot: null }], {
    topicTypes: ['Issue'],
    topicStatuses: ['Open'],
    users: [],
  });
  if (edit) {
    const zip = await JSZip.loadAsync(bytes);
    await edit(zip);
    bytes = await zip.generateAsync({ type: 'nodebuffer' });
  }
  const { topics } = await readBcf(bytes);
  const read = topics[0]!.viewpoints[0]!;
  return { read, state: viewerStateOfViewpoint(read, OWN, objectsOf)!, bytes };
}

describe.each(['2.1', '3.0'] as const)('measurements through BCF %s', (version) => {
  it('come back unchanged: model, kind, every segment, name, value', async () => {
    const { state, read } = await roundTrip(version);
    expect(state.measurements).toEqual(MEASUREMENTS);
    // the measured-on MEP model is loaded with the view
    expect(state.models?.map((m) => m.versionId)).toEqual([MEP]);
    // other tools see the Lines: 1 + 1 + 2 + 4 + 3 (a run's segments apart) + 0 + 1
    expect(read.lines).toHaveLength(12);
    expect(read.lines![9]).toEqual({ start: { x: 2.2, y: 0, z: 1 }, end: { x: 2.2, y: 3, z: 1 } });
  });

  it('keep the Lines standard: the .bcfv holds no Penstock element, the measurements sit beside it', async () => {
    const { bytes } = await roundTrip(version);
    const zip = await JSZip.loadAsync(bytes);
    const bcfv = Object.keys(zip.files).find((name) => name.endsWith('.bcfv'))!;
    const xml = await zip.file(bcfv)!.async('string');
    expect(xml).not.toMatch(/penstock/i);
    expect((xml.match(/<Line>/g) ?? []).length).toBe(12);
    expect(zip.file(measurementsFileOf(bcfv))).not.toBeNull();
  });

  it('come back from the Lines alone when another tool changed them', async () => {
    const { state } = await roundTrip(version, async (zip) => {
      const bcfv = Object.keys(zip.files).find((name) => name.endsWith('.bcfv'))!;
      const xml = await zip.file(bcfv)!.async('string');
      // another tool dropped the last line
      zip.file(bcfv, xml.replace(/<Line>(?:(?!<Line>)[\s\S])*<\/Line>\s*<\/Lines>/, '</Lines>'));
    });
    expect(state.measurements).toHaveLength(11);
    expect(state.measurements!.every((m) => m.kind === 'distance' && m.name.startsWith('BCF line'))).toBe(
      true,
    );
  });
});

describe('drawsLines', () => {
  it('tells a moved line apart', () => {
    const m = {
      id: 'a',
      name: '',
      kind: 'distance' as const,
      points: [
        { x: 0, y: 0, z: 0 },
        { x: 1, y: 0, z: 0 },
      ],
      value: 1,
    };
    expect(drawsLines([m], [{ start: m.points[0]!, end: m.points[1]! }])).toBe(true);
    expect(drawsLines([m], [{ start: m.points[0]!, end: { x: 1.01, y: 0, z: 0 } }])).toBe(false);
  });
});
