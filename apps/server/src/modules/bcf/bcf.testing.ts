/**
 * Test helpers of the BCF round-trip tests: the buildingSMART test cases (../shared/fixtures/bcf) as they
 * are and with clipping planes, colouring and visibility added in their schemas' shape, and a semantic reading
 * of a viewpoint file with fast-xml-parser alone (not the module's own reader), to compare two files by what
 * they say rather than by their bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import { expect } from 'vitest';

export const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/bcf', name));
export const ifcFixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/ifc', name));

/** The topic of each viewpoint test case, its viewpoint and the models its components are in. */
export const CASES = {
  selection30: {
    file: 'bcf30_component_selection.bcf',
    topic: '647bca1c-cac3-4f16-84a8-912e081edd57',
    viewpoint: '7b2c1bf5-5854-433d-8136-981c957ed910',
  },
  camera30: {
    file: 'bcf30_perspective_camera.bcf',
    topic: '01777b21-ba39-4c2b-ad1d-a9320f81214a',
    viewpoint: 'f99eb1ed-6bd2-46da-95f1-663a86d5a38d',
  },
  selection21: {
    file: 'bcf21_Component_Selection.bcf',
    topic: '5ed97d64-f1be-487e-9f80-5ad19576f51a',
    viewpoint: '817b50b5-f6b2-4e5d-8a37-b692d67cdd91',
  },
} as const;

/** A cut 3 m up and a section box (IFC frame: x 0..20, y −40..−10, z 0..6) as BCF clipping planes. */
export const CUT_AND_BOX = `<ClippingPlanes>
    <ClippingPlane><Location><X>10</X><Y>-20</Y><Z>3</Z></Location><Direction><X>0</X><Y>0</Y><Z>1</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>20</X><Y>-25</Y><Z>3</Z></Location><Direction><X>1</X><Y>0</Y><Z>0</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>0</X><Y>-25</Y><Z>3</Z></Location><Direction><X>-1</X><Y>0</Y><Z>0</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>10</X><Y>-10</Y><Z>3</Z></Location><Direction><X>0</X><Y>1</Y><Z>0</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>10</X><Y>-40</Y><Z>3</Z></Location><Direction><X>0</X><Y>-1</Y><Z>0</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>10</X><Y>-25</Y><Z>6</Z></Location><Direction><X>0</X><Y>0</Y><Z>1</Z></Direction></ClippingPlane>
    <ClippingPlane><Location><X>10</X><Y>-25</Y><Z>0</Z></Location><Direction><X>0</X><Y>0</Y><Z>-1</Z></Direction></ClippingPlane>
  </ClippingPlanes>`;
/** What CUT_AND_BOX is in the viewer's frame (Y up). */
export const CUT_AND_BOX_SECTIONS = {
  planes: [{ id: 'bcf-1', origin: { x: 10, y: 3, z: 20 }, normal: { x: 0, y: 1, z: 0 }, visible: true }],
  box: { min: { x: 0, y: 0, z: 10 }, max: { x: 20, y: 6, z: 40 } },
  capColour: null,
};

/**
 * A test case under another topic Guid (so it imports beside the original), its viewpoint file changed by
 * `edit`. The folder, the markup's Topic Guid and the viewpoint file name follow the new Guid.
 */
export async function variantOf(
  which: keyof typeof CASES,
  topic: string,
  edit: (viewpointXml: string) => string,
  title?: string,
): Promise<Buffer> {
  const source = await JSZip.loadAsync(fixture(CASES[which].file));
  const out = new JSZip();
  for (const entry of Object.values(source.files)) {
    if (entry.dir) continue;
    const name = entry.name.replace(CASES[which].topic, topic);
    if (/\.(bcfv|bcf)$/.test(entry.name) && entry.name !== 'bcf.version') {
      let text = (await entry.async('string')).replace(CASES[which].topic, topic);
      if (entry.name.endsWith('.bcfv')) text = edit(text);
      if (title) text = text.replace(/<Title>[^<]*<\/Title>/, `<Title>${title}</Title>`);
      out.file(name, text);
    } else out.file(name, await entry.async('nodebuffer'));
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ['Component', 'Color', 'ClippingPlane', 'Line'].includes(name),
});
const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : []);
const vector = (value: unknown) => {
  const v = node(value);
  return { x: Number(v.X), y: Number(v.Y), z: Number(v.Z) };
};
const guids = (value: unknown) => list(value).map((c) => String(c['@_IfcGuid']));
const sorted = (values: string[]) => [...values].sort();

/** What a .bcfv says, read with fast-xml-parser: components (as sets), cameras, colours, planes and lines. */
export function semanticViewpoint(xml: string, withAspectRatio: boolean) {
  const info = node(parser.parse(xml).VisualizationInfo);
  const components = node(info.Components);
  const visibility = node(components.Visibility);
  const hints = node(visibility.ViewSetupHints ?? components.ViewSetupHints);
  const cameraOf = (name: 'PerspectiveCamera' | 'OrthogonalCamera') => {
    const c = node(info[name]);
    return {
      kind: name,
      position: vector(c.CameraViewPoint),
      direction: vector(c.CameraDirection),
      up: vector(c.CameraUpVector),
      size: Number(name === 'PerspectiveCamera' ? c.FieldOfView : c.ViewToWorldScale),
      ...(withAspectRatio ? { aspectRatio: Number(c.AspectRatio ?? 1) } : {}),
    };
  };
  return {
    selection: sorted(guids(node(components.Selection).Component)),
    defaultVisibility: String(visibility['@_DefaultVisibility'] ?? 'true'),
    exceptions: sorted(guids(node(visibility.Exceptions).Component)),
    hints: Object.fromEntries(Object.entries(hints).filter(([key]) => key.startsWith('@_'))),
    colours: list(node(components.Coloring).Color)
      .map((c) => ({
        color: String(c['@_Color']).toUpperCase(),
        guids: sorted([...guids(c.Component), ...guids(node(c.Components).Component)]),
      }))
      .sort((a, b) => a.color.localeCompare(b.color)),
    camera: info.PerspectiveCamera
      ? cameraOf('PerspectiveCamera')
      : info.OrthogonalCamera
        ? cameraOf('OrthogonalCamera')
        : null,
    planes: list(node(info.ClippingPlanes).ClippingPlane).map((p) => ({
      location: vector(p.Location),
      direction: vector(p.Direction),
    })),
    lines: list(node(info.Lines).Line).map((l) => ({ start: vector(l.StartPoint), end: vector(l.EndPoint) })),
  };
}

type Semantic = ReturnType<typeof semanticViewpoint>;

/** Equal, numbers to 1e-9. */
function expectClose(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === 'number') {
    expect(typeof actual, where).toBe('number');
    expect(Math.abs((actual as number) - expected), where).toBeLessThanOrEqual(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, where).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${where}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    const a = node(actual);
    expect(Object.keys(a).sort(), where).toEqual(Object.keys(expected).sort());
    for (const [key, e] of Object.entries(expected)) expectClose(a[key], e, `${where}.${key}`);
  } else expect(actual, where).toEqual(expected);
}

/** Two viewpoints say the same: equal components, hints and colours; planes, cameras and lines to 1e-9. */
export function expectSameViewpoint(actual: Semantic, expected: Semantic, where: string): void {
  expectClose(actual, expected, where);
}

const markupParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (_name, jpath) =>
    ['Markup.Viewpoints', 'Markup.Topic.Viewpoints.ViewPoint'].includes(String(jpath)),
});

/** The viewpoint files of a BCF zip's topic (3.0 or 2.1), and its snapshots, by viewpoint Guid. */
export async function topicFiles(zip: JSZip, topic: string) {
  const markup = node(markupParser.parse(await zip.file(`${topic}/markup.bcf`)!.async('string')).Markup);
  const entries = [...list(node(node(markup.Topic).Viewpoints).ViewPoint), ...list(markup.Viewpoints)];
  const viewpoints: Record<string, string> = {};
  const snapshots: Record<string, Buffer> = {};
  for (const entry of entries) {
    const guid = String(entry['@_Guid']);
    if (entry.Viewpoint)
      viewpoints[guid] = await zip.file(`${topic}/${String(entry.Viewpoint)}`)!.async('string');
    if (entry.Snapshot)
      snapshots[guid] = await zip.file(`${topic}/${String(entry.Snapshot)}`)!.async('nodebuffer');
  }
  return { viewpoints, snapshots };
}

/** A BCF zip with its topics' Guids changed by `rename` (folders, file names and texts): a copy to import. */
export async function renameTopics(content: Buffer, rename: (guid: string) => string): Promise<Buffer> {
  const source = await JSZip.loadAsync(content);
  const topics = [
    ...new Set(Object.keys(source.files).flatMap((name) => /^([0-9a-f-]{36})\//.exec(name)?.[1] ?? [])),
  ];
  const swap = (text: string) => topics.reduce((t, guid) => t.split(guid).join(rename(guid)), text);
  const out = new JSZip();
  for (const entry of Object.values(source.files)) {
    if (entry.dir) continue;
    if (/\.(bcf|bcfv)$/.test(entry.name)) out.file(swap(entry.name), swap(await entry.async('string')));
    else out.file(swap(entry.name), await entry.async('nodebuffer'));
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The bytes of a PNG's signature and IHDR (width × height) and IEND: enough for the server's checks. */
export function pngOf(width: number, height: number): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    u32(13),
    Buffer.from('IHDR'),
    u32(width),
    u32(height),
    Buffer.from([8, 2, 0, 0, 0]),
    u32(0),
    u32(0),
    Buffer.from('IEND'),
    u32(0xae426082),
  ]);
}

/** A model of the view beside the own one, as the viewer stores it (no offset, fully shown). */
export const federated = (versionId: string) => ({
  modelId: `urn:${versionId}`,
  versionId,
  visible: true,
  opacity: 1,
  colour: null,
  offset: { x: 0, y: 0, z: 0 },
  rotation: 0,
});

/**
 * What an engineer leaves in the viewer on the Architectural model with MEP beside it: a wall and the duct
 * selected, an orthographic view, a cut, a hidden cut, a section box, a measurement, a hidden wall, x-ray and
 * a colour-by (ModelViewerState version 2).
 */
/**
 * The same view as engineersView as the web app stores it now (version 3): every model's objects by model
 * version + GlobalId.
 */
export function storedEngineersView(ids: {
  arch: string;
  mep: string;
  wallA: string;
  wallB: string;
  duct: string;
}) {
  const ref = (versionId: string, globalId: string) => ({ versionId, globalId });
  const {
    version: _legacy,
    selection: _own,
    otherSelection: _others,
    appearance,
    ...rest
  } = engineersView({
    arch: ids.arch,
    mep: ids.mep,
    wallA: 0,
    wallB: 0,
    duct: 0,
  });
  return {
    ...rest,
    version: 3,
    selection: [ref(ids.arch, ids.wallA), ref(ids.mep, ids.duct)],
    appearance: {
      ...appearance,
      hidden: [ref(ids.arch, ids.wallB)],
      isolated: null as Array<{ versionId: string; globalId: string }> | null,
      colours: [{ colour: '#ff8800', objects: [ref(ids.arch, ids.wallA), ref(ids.mep, ids.duct)] }],
    },
  };
}

export function engineersView(ids: {
  arch: string;
  mep: string;
  wallA: number;
  wallB: number;
  duct: number;
}) {
  const ref = (version: string, localId: number) => ({ model: `urn:${version}`, localId });
  return {
    version: 2,
    kind: '3d',
    camera: {
      position: { x: 30, y: 20, z: 30 },
      target: { x: 5, y: 1, z: -20 },
      projection: 'orthographic',
      viewHeight: 24,
    },
    plan: null,
    selection: [ids.wallA],
    otherSelection: [ref(ids.mep, ids.duct)],
    models: [federated(ids.mep)],
    sections: {
      planes: [
        { id: 's1', origin: { x: 4, y: 1.5, z: -3 }, normal: { x: 0.6, y: 0, z: -0.8 }, visible: true },
        { id: 's2', origin: { x: 0, y: 0, z: 0 }, normal: { x: 1, y: 0, z: 0 }, visible: false },
      ],
      box: { min: { x: -10, y: -1, z: -40 }, max: { x: 25, y: 8, z: 5 } },
      capColour: '#ff0000',
    },
    measurements: [
      {
        id: 'm1',
        name: 'Clearance',
        kind: 'distance',
        points: [
          { x: 1, y: 1, z: 1 },
          { x: 1, y: 1, z: 1.6 },
        ],
        value: 0.6,
      },
    ],
    appearance: {
      hidden: [ref(ids.arch, ids.wallB)],
      isolated: null as Array<{ model: string; localId: number }> | null,
      xray: true,
      colours: [{ colour: '#ff8800', objects: [ref(ids.arch, ids.wallA), ref(ids.mep, ids.duct)] }],
      colourBy: { property: 'Category', legend: [{ value: 'Wall', colour: '#ff8800', count: 2 }] },
    },
  };
}
