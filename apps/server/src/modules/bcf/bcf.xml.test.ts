import { describe, expect, it } from 'vitest';
import {
  cameraFromViewerState,
  ifcToThree,
  viewerCameraFromBcf,
  threeToIfc,
  upVectorFor,
} from './bcf.camera.ts';
import { BcfFormatError, type BcfTopic, type BcfViewpoint } from './bcf.types.ts';
import {
  parseMarkupXml,
  parseViewpointXml,
  writeMarkupXml,
  writeVersionXml,
  writeViewpointXml,
} from './bcf.xml.ts';
import { bcfInstant, nameGuid, parseVersionXml } from './bcf.xmlio.ts';

const topic: BcfTopic = {
  guid: '0f3c2a8e-1111-4222-8333-444455556666',
  topicType: 'design_query',
  topicStatus: 'Answered',
  title: 'Valve <V-101> & "bypass"',
  description: 'Check the bypass line',
  creationDate: '2026-11-21T10:00:00.000Z',
  creationAuthor: 'ada@example.com',
  modifiedDate: '2026-11-21T11:00:00.000Z',
  assignedTo: 'grace@example.com',
  dueDate: '2026-12-01',
  labels: ['Process', 'Civils & structures'],
  comments: [
    {
      guid: '5f0c8a2e-1111-4222-8333-000000000001',
      date: '2026-11-21T10:30:00.000Z',
      author: 'grace@example.com',
      comment: 'Seen',
      viewpointGuid: null,
    },
    {
      guid: '5f0c8a2e-1111-4222-8333-000000000002',
      date: '2026-11-21T10:40:00.000Z',
      author: 'grace@example.com',
      comment: '',
      viewpointGuid: 'vp-1',
    },
  ],
  viewpoints: [
    { guid: 'vp-1', viewpoint: 'viewpoint-vp-1.bcfv', snapshot: 'snapshot-vp-1.png', index: null },
  ],
};
const viewpoint: BcfViewpoint = {
  guid: 'vp-1',
  camera: {
    kind: 'perspective',
    position: { x: 1.5, y: -2, z: 3 },
    direction: { x: 0, y: 1, z: 0 },
    up: { x: 0, y: 0, z: 1 },
    fieldOfView: 60,
    aspectRatio: 1.5,
  },
  selection: ['0KkZ20so9BsO1d1hFcfLOl', '1XbKhGD91DvhOpYZbhzGTI'],
};

describe('BCF 3.0 XML', () => {
  it('writes and reads one topic with a viewpoint', () => {
    expect(parseVersionXml(writeVersionXml())).toBe('3.0');
    // a due day is written as the xs:dateTime BCF asks for: midnight UTC
    expect(parseMarkupXml(writeMarkupXml(topic))).toEqual({ ...topic, dueDate: '2026-12-01T00:00:00Z' });
    expect(writeMarkupXml(topic)).toContain(
      '<Labels>\n      <Label>Process</Label>\n      <Label>Civils &amp; structures</Label>\n    </Labels>\n',
    );
    expect(parseViewpointXml(writeViewpointXml(viewpoint))).toEqual(viewpoint);
  });

  it('writes a comment that only points at a viewpoint without Comment text (BCF 3.0 allows it)', () => {
    const xml = writeMarkupXml(topic);
    expect(xml).toContain(
      '<Comment Guid="5f0c8a2e-1111-4222-8333-000000000002">\n' +
        '        <Date>2026-11-21T10:40:00.000Z</Date>\n' +
        '        <Author>grace@example.com</Author>\n' +
        '        <Viewpoint Guid="vp-1"/>\n' +
        '      </Comment>',
    );
    expect(parseMarkupXml(xml).comments[1]).toEqual(topic.comments[1]);
  });

  it('reads dates without a zone as UTC, and names GUIDs it has to make up', () => {
    expect(bcfInstant('2014-02-25T11:50:32')).toBe('2014-02-25T11:50:32.000Z');
    expect(bcfInstant('2017-05-12T10:26:20.4410751Z')).toBe('2017-05-12T10:26:20.441Z');
    expect(bcfInstant('2015-10-16T12:13:15+02:00')).toBe('2015-10-16T10:13:15.000Z');
    expect(bcfInstant('yesterday')).toBeNull();
    expect(bcfInstant(null)).toBeNull();
    expect(nameGuid('a/b')).toBe(nameGuid('a/b'));
    expect(nameGuid('a/b')).not.toBe(nameGuid('a/c'));
    expect(nameGuid('a/b')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes and reads an orthogonal camera, and refuses cameras with values that are not numbers', () => {
    const orthogonal: BcfViewpoint = {
      guid: 'vp-2',
      camera: {
        kind: 'orthogonal',
        position: { x: 9, y: -39, z: 37 },
        direction: { x: 0, y: 0.6, z: -0.8 },
        up: { x: 0, y: 0.8, z: 0.6 },
        viewToWorldScale: 18.97,
        aspectRatio: 1.75,
      },
      selection: [],
    };
    const xml = writeViewpointXml(orthogonal);
    expect(xml).toContain('<OrthogonalCamera>');
    expect(xml).toContain('<ViewToWorldScale>18.97</ViewToWorldScale>');
    expect(parseViewpointXml(xml)).toEqual(orthogonal);
    expect(() => parseViewpointXml(xml.replace('<X>9</X>', '<X>nine</X>'))).toThrow(
      /CameraViewPoint\/X is not a number/,
    );
    expect(() => parseViewpointXml(xml.replace(/<ViewToWorldScale>.*<\/ViewToWorldScale>/, ''))).toThrow(
      /ViewToWorldScale is not a number/,
    );
  });

  it('turns IFC/BCF coordinates (Z up) into the viewer frame (Y up) and back', () => {
    expect(ifcToThree({ x: 1, y: 2, z: 3 })).toEqual({ x: 1, y: 3, z: -2 });
    expect(threeToIfc({ x: 1, y: 3, z: -2 })).toEqual({ x: 1, y: 2, z: 3 });
    // IFC up (Z) is the viewer's up (Y); IFC north (Y) looks into the screen (−Z)
    expect(ifcToThree({ x: 0, y: 0, z: 1 })).toEqual({ x: 0, y: 1, z: 0 });
    expect(ifcToThree({ x: 0, y: 1, z: 0 })).toEqual({ x: 0, y: 0, z: -1 });
    const v = { x: -4.5, y: 7.25, z: 0.5 };
    expect(threeToIfc(ifcToThree(v))).toEqual(v);
    const state = {
      version: 2,
      kind: '3d',
      camera: viewerCameraFromBcf({
        ...viewpoint.camera!,
        position: { x: 1, y: 2, z: 3 },
        direction: { x: 0, y: 2, z: 0 },
      }),
      plan: null,
      selection: [5, 7],
    };
    expect(state.camera).toEqual({ position: { x: 1, y: 3, z: -2 }, target: { x: 1, y: 3, z: -12 } });
    // and a viewer state's camera comes back in the IFC frame, looking the same way
    const camera = cameraFromViewerState(state)!;
    expect(camera.position).toEqual({ x: 1, y: 2, z: 3 });
    expect(camera.direction).toEqual({ x: 0, y: 1, z: 0 });
    expect(camera.up).toEqual({ x: 0, y: 0, z: 1 });
    expect(upVectorFor({ x: 0, y: 0, z: -1 })).toEqual({ x: 0, y: 1, z: 0 });
  });

  it('writes a topic without optional parts', () => {
    const bare = {
      ...topic,
      assignedTo: null,
      dueDate: null,
      modifiedDate: null,
      comments: [],
      viewpoints: [],
      description: '',
    };
    expect(parseMarkupXml(writeMarkupXml(bare))).toEqual(bare);
  });

  it('refuses invalid XML and topics without a Guid or Title', () => {
    expect(() => parseMarkupXml('<Markup><Topic>')).toThrow(BcfFormatError);
    expect(() => parseMarkupXml('<Markup><Topic><Title>x</Title></Topic></Markup>')).toThrow(/no Guid/);
    expect(() => parseMarkupXml(`<Markup><Topic Guid="${topic.guid}"></Topic></Markup>`)).toThrow(/no Title/);
    expect(() => parseVersionXml('<Version/>')).toThrow(/VersionId/);
  });

  it('reads a camera from either viewer state shape', () => {
    expect(
      cameraFromViewerState({
        camera: {
          position: { x: 1, y: 2, z: 3 },
          direction: { x: 0, y: 1, z: 0 },
          up: { x: 0, y: 0, z: 1 },
          fov: 45,
        },
      }),
    ).toMatchObject({ position: { x: 1, y: 2, z: 3 }, fieldOfView: 45 });
    expect(
      cameraFromViewerState({
        viewport: { eye: [0, 0, 0], target: [0, 10, 0], up: [0, 0, 1], fieldOfView: 50 },
      }),
    ).toMatchObject({ direction: { x: 0, y: 1, z: 0 }, fieldOfView: 50 });
    expect(cameraFromViewerState({ objectSet: [] })).toBeNull();
    expect(cameraFromViewerState(null)).toBeNull();
  });
});
