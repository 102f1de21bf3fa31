import { describe, expect, it } from 'vitest';
import { viewerCameraFromBcf } from './bcf.camera.ts';
import { newComments, statusFromBcf, topicChangedAt, typeFromBcf } from './bcf.mapping.ts';
import type { BcfTopic, BcfViewpoint } from './bcf.types.ts';
import { parseMarkupXml, parseViewpointXml } from './bcf.xml.ts';
import {
  parseMarkup2Xml,
  parseViewpoint2Xml,
  writeMarkup21Xml,
  writeVersion21Xml,
  writeViewpoint21Xml,
} from './bcf2.xml.ts';
import { parseVersionXml } from './bcf.xmlio.ts';

const TOPIC = '7d1f0c3a-2b4e-4f60-9a1b-3c5d7e9f1a2b';
const VP_A = '0e6c1d9a-5b3f-4e27-8c41-9a2b3c4d5e6f';
const VP_B = '1f7d2e0b-6c40-4f38-9d52-0b3c4d5e6f70';

/** A BCF 2.1 markup in the 2.1 schema's layout: Topic attributes, Comments and Viewpoints beside it. */
const MARKUP_21 = `<?xml version="1.0" encoding="utf-8"?>
<Markup xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Header>
    <File IfcProject="3LIQL2UvjC6xkGKOQxhhVW" isExternal="false">
      <Filename>Estructura.ifc</Filename>
      <Date>2014-02-25T11:50:32</Date>
      <Reference>../Estructura.ifc</Reference>
    </File>
  </Header>
  <Topic Guid="${TOPIC.toUpperCase()}" TopicType="Clash" TopicStatus="In Progress">
    <ReferenceLink>https://example.com/issue/7</ReferenceLink>
    <Title>Column clashes with duct</Title>
    <Priority>High</Priority>
    <Index>3</Index>
    <Labels>Structural</Labels>
    <Labels>MEP</Labels>
    <CreationDate>2015-10-16T12:13:15Z</CreationDate>
    <CreationAuthor>dangl@example.com</CreationAuthor>
    <ModifiedDate>2015-10-17T08:00:00</ModifiedDate>
    <ModifiedAuthor>linhard@example.com</ModifiedAuthor>
    <DueDate>2015-11-01T00:00:00Z</DueDate>
    <AssignedTo>ada@example.com</AssignedTo>
    <Description>Column P12 runs through the supply duct &amp; its hanger.</Description>
  </Topic>
  <Comment Guid="a1b2c3d4-0000-4000-8000-000000000001">
    <Date>2015-10-16T13:00:00Z</Date>
    <Author>linhard@example.com</Author>
    <Comment>Seen on site too.</Comment>
    <ModifiedDate>2015-10-16T14:00:00Z</ModifiedDate>
    <ModifiedAuthor>linhard@example.com</ModifiedAuthor>
  </Comment>
  <Comment Guid="a1b2c3d4-0000-4000-8000-000000000002">
    <Date>2015-10-16T13:30:00Z</Date>
    <Author>dangl@example.com</Author>
    <Comment></Comment>
    <Viewpoint Guid="${VP_B}"/>
  </Comment>
  <Viewpoints Guid="${VP_B}">
    <Viewpoint>Viewpoint_${VP_B}.bcfv</Viewpoint>
    <Index>1</Index>
  </Viewpoints>
  <Viewpoints Guid="${VP_A}">
    <Viewpoint>Viewpoint_${VP_A}.bcfv</Viewpoint>
    <Snapshot>Snapshot_${VP_A}.png</Snapshot>
    <Index>0</Index>
  </Viewpoints>
</Markup>`;

/** A BCF 2.1 viewpoint: ViewSetupHints, Selection and Visibility under Components; no AspectRatio. */
const VIEWPOINT_21 = `<?xml version="1.0" encoding="utf-8"?>
<VisualizationInfo Guid="${VP_A}">
  <Components>
    <ViewSetupHints SpacesVisible="false" SpaceBoundariesVisible="false" OpeningsVisible="true" />
    <Selection>
      <Component IfcGuid="1GU8BMEqHBQxVAbwRD$4Jj" />
      <Component IfcGuid="0AQJSsoeDDvwVqSNcwjy55" />
    </Selection>
    <Visibility DefaultVisibility="true">
      <Exceptions><Component IfcGuid="3DOu_tSXP6evQgY8Ml4CtC" /></Exceptions>
    </Visibility>
  </Components>
  <PerspectiveCamera>
    <CameraViewPoint><X>-17.3</X><Y>1.87</Y><Z>4.6</Z></CameraViewPoint>
    <CameraDirection><X>0.874</X><Y>-0.445</Y><Z>-0.195</Z></CameraDirection>
    <CameraUpVector><X>0.17</X><Y>-0.095</Y><Z>0.981</Z></CameraUpVector>
    <FieldOfView>60</FieldOfView>
  </PerspectiveCamera>
</VisualizationInfo>`;

/** A BCF 2.0 markup: comments carry Topic, VerbalStatus and Status; Viewpoints have no Index. */
const MARKUP_20 = `<?xml version="1.0" encoding="utf-8"?>
<Markup>
  <Topic Guid="${TOPIC}" TopicType="rfi" TopicStatus="Closed">
    <ReferenceLink>https://example.com</ReferenceLink>
    <Title>Pile cap level</Title>
    <CreationDate>2014-10-27T16:27:27Z</CreationDate>
    <CreationAuthor>dangl@example.com</CreationAuthor>
  </Topic>
  <Comment Guid="b1b2c3d4-0000-4000-8000-000000000001">
    <VerbalStatus>Open</VerbalStatus>
    <Status>Open</Status>
    <Date>2015-08-31T12:40:17Z</Date>
    <Author>dangl@example.com</Author>
    <Comment>Which level?</Comment>
    <Topic Guid="${TOPIC}" />
    <Viewpoint Guid="${VP_A}" />
  </Comment>
  <Viewpoints Guid="${VP_A}">
    <Viewpoint>viewpoint.bcfv</Viewpoint>
    <Snapshot>snapshot.png</Snapshot>
  </Viewpoints>
</Markup>`;

/** A BCF 2.0 viewpoint: components listed directly, with Selected and Visible; no Guid; orthogonal. */
const VIEWPOINT_20 = `<?xml version="1.0" encoding="utf-8"?>
<VisualizationInfo>
  <Components>
    <Component IfcGuid="0Gl71cVurFn8bxAOox6M4X" Selected="true" Visible="true" />
    <Component IfcGuid="23Zwlpd71EyvHlH6OZ77nK" Selected="false" Visible="true" />
    <Component IfcGuid="3DvyPxGIn8qR0KDwbL_9r1" Selected="true" />
  </Components>
  <OrthogonalCamera>
    <CameraViewPoint><X>12.2</X><Y>52.3</Y><Z>5.24</Z></CameraViewPoint>
    <CameraDirection><X>-0.38</X><Y>-0.83</Y><Z>-0.42</Z></CameraDirection>
    <CameraUpVector><X>0.06</X><Y>0.13</Y><Z>0.99</Z></CameraUpVector>
    <ViewToWorldScale>25</ViewToWorldScale>
  </OrthogonalCamera>
</VisualizationInfo>`;

describe('BCF 2.1 markup and viewpoint to Penstock', () => {
  it('reads the Topic attributes, the Comments beside it and the Viewpoints with their Index', () => {
    const topic = parseMarkup2Xml(MARKUP_21, 'topic/markup.bcf');
    expect(topic).toEqual({
      guid: TOPIC,
      topicType: 'Clash',
      topicStatus: 'In Progress',
      title: 'Column clashes with duct',
      description: 'Column P12 runs through the supply duct & its hanger.',
      creationDate: '2015-10-16T12:13:15Z',
      creationAuthor: 'dangl@example.com',
      modifiedDate: '2015-10-17T08:00:00',
      assignedTo: 'ada@example.com',
      dueDate: '2015-11-01T00:00:00Z',
      labels: ['Structural', 'MEP'],
      comments: [
        {
          guid: 'a1b2c3d4-0000-4000-8000-000000000001',
          date: '2015-10-16T13:00:00Z',
          author: 'linhard@example.com',
          comment: 'Seen on site too.',
          viewpointGuid: null,
        },
        {
          guid: 'a1b2c3d4-0000-4000-8000-000000000002',
          date: '2015-10-16T13:30:00Z',
          author: 'dangl@example.com',
          comment: '',
          viewpointGuid: VP_B,
        },
      ],
      viewpoints: [
        { guid: VP_B, viewpoint: `Viewpoint_${VP_B}.bcfv`, snapshot: null, index: 1 },
        { guid: VP_A, viewpoint: `Viewpoint_${VP_A}.bcfv`, snapshot: `Snapshot_${VP_A}.png`, index: 0 },
      ],
    });
    // Penstock's fields: unknown types are quality issues, 'In Progress' is answered, a zone-less date is UTC
    expect(typeFromBcf(topic.topicType)).toBe('quality_issues');
    expect(statusFromBcf(topic.topicStatus)).toBe('answered');
    expect(topicChangedAt(topic)).toBe('2015-10-17T08:00:00.000Z');
  });

  it('reads the 2.1 Selection and the perspective camera (no AspectRatio: 1), and the viewer state', () => {
    const viewpoint = parseViewpoint2Xml(VIEWPOINT_21, 'v.bcfv');
    expect(viewpoint).toEqual({
      guid: VP_A,
      camera: {
        kind: 'perspective',
        position: { x: -17.3, y: 1.87, z: 4.6 },
        direction: { x: 0.874, y: -0.445, z: -0.195 },
        up: { x: 0.17, y: -0.095, z: 0.981 },
        fieldOfView: 60,
        aspectRatio: 1,
      },
      // the Visibility exception is not a selection: it is kept as the visibility's exception (issue 33)
      selection: ['1GU8BMEqHBQxVAbwRD$4Jj', '0AQJSsoeDDvwVqSNcwjy55'],
      visibility: {
        defaultVisibility: true,
        exceptions: ['3DOu_tSXP6evQgY8Ml4CtC'],
        viewSetupHints: { spacesVisible: false, spaceBoundariesVisible: false, openingsVisible: true },
      },
    });
    expect(viewerCameraFromBcf(viewpoint.camera!)).toMatchObject({
      position: { x: -17.3, y: 4.6, z: -1.87 },
    });
  });

  it('keeps a comment that only points at a viewpoint, as "(viewpoint n of m)"', () => {
    const topic = parseMarkup2Xml(MARKUP_21);
    const viewpoints: BcfViewpoint[] = [
      { guid: VP_A, camera: null, selection: ['x'] },
      { guid: VP_B, camera: null, selection: [] },
    ];
    const known = { guids: new Set<string>(), keys: new Set<string>() };
    expect(newComments(topic.guid, topic.comments, viewpoints, known, '2026-01-01T00:00:00.000Z')).toEqual([
      {
        guid: 'a1b2c3d4-0000-4000-8000-000000000001',
        date: '2015-10-16T13:00:00.000Z',
        author: 'linhard@example.com',
        body: 'Seen on site too.',
        viewpoint: null,
      },
      {
        guid: 'a1b2c3d4-0000-4000-8000-000000000002',
        date: '2015-10-16T13:30:00.000Z',
        author: 'dangl@example.com',
        body: '(viewpoint 2 of 2)',
        viewpoint: VP_B,
      },
    ]);
    expect(newComments(topic.guid, topic.comments, viewpoints.slice(1), known, 'x')[1]!.body).toBe(
      '(viewpoint)',
    );
    // known by Guid, or by date and text: not added again
    const again = newComments(
      topic.guid,
      topic.comments,
      viewpoints,
      {
        guids: new Set(['a1b2c3d4-0000-4000-8000-000000000002']),
        keys: new Set(['2015-10-16T13:00:00.000Z\nSeen on site too.']),
      },
      'x',
    );
    expect(again).toEqual([]);
  });

  it('refuses a 2.x topic without a Guid or Title, and camera values that are not numbers', () => {
    expect(() => parseMarkup2Xml('<Markup><Topic><Title>x</Title></Topic></Markup>')).toThrow(/no Guid/);
    expect(() => parseMarkup2Xml(`<Markup><Topic Guid="${TOPIC}"/></Markup>`)).toThrow(/no Title/);
    expect(() => parseMarkup2Xml('<Markup><Topic>')).toThrow(/not valid XML/);
    expect(() => parseViewpoint2Xml(VIEWPOINT_21.replace('<X>-17.3</X>', '<X>far</X>'))).toThrow(
      /PerspectiveCamera\/CameraViewPoint\/X is not a number/,
    );
  });
});

describe('BCF 2.0 markup and viewpoint to Penstock', () => {
  it('reads comments beside the topic (with 2.0 Status and VerbalStatus) and Viewpoints without Index', () => {
    const topic = parseMarkup2Xml(MARKUP_20);
    expect(topic.comments).toEqual([
      {
        guid: 'b1b2c3d4-0000-4000-8000-000000000001',
        date: '2015-08-31T12:40:17Z',
        author: 'dangl@example.com',
        comment: 'Which level?',
        viewpointGuid: VP_A,
        status: 'Open',
        verbalStatus: 'Open',
      },
    ]);
    expect(topic.viewpoints).toEqual([
      { guid: VP_A, viewpoint: 'viewpoint.bcfv', snapshot: 'snapshot.png', index: null },
    ]);
    expect(typeFromBcf(topic.topicType)).toBe('rfi');
    expect(statusFromBcf(topic.topicStatus)).toBe('closed');
    expect(topicChangedAt(topic)).toBe('2014-10-27T16:27:27.000Z');
  });

  it('takes the components marked Selected as the selection, and reads an orthogonal camera', () => {
    expect(parseViewpoint2Xml(VIEWPOINT_20)).toEqual({
      guid: '',
      camera: {
        kind: 'orthogonal',
        position: { x: 12.2, y: 52.3, z: 5.24 },
        direction: { x: -0.38, y: -0.83, z: -0.42 },
        up: { x: 0.06, y: 0.13, z: 0.99 },
        viewToWorldScale: 25,
        aspectRatio: 1,
      },
      selection: ['0Gl71cVurFn8bxAOox6M4X', '3DvyPxGIn8qR0KDwbL_9r1'],
    });
  });
});

describe('BCF 2.1 writing', () => {
  const topic: BcfTopic = {
    guid: TOPIC,
    topicType: 'rfi',
    topicStatus: 'Answered',
    title: 'Pump <P-101> & "bypass"',
    description: 'Room for the bypass?',
    creationDate: '2026-11-21T10:00:00.000Z',
    creationAuthor: 'ada@example.com',
    modifiedDate: '2026-11-21T11:00:00.000Z',
    assignedTo: 'grace@example.com',
    dueDate: '2026-12-01',
    comments: [
      {
        guid: 'c1c2c3d4-0000-4000-8000-000000000001',
        date: '2026-11-21T10:30:00.000Z',
        author: 'grace@example.com',
        comment: 'Measured 600 mm',
        viewpointGuid: null,
      },
      {
        guid: 'c1c2c3d4-0000-4000-8000-000000000002',
        date: '2026-11-21T10:40:00.000Z',
        author: 'grace@example.com',
        comment: '',
        viewpointGuid: VP_A,
      },
    ],
    viewpoints: [
      { guid: VP_A, viewpoint: `viewpoint-${VP_A}.bcfv`, snapshot: `snapshot-${VP_A}.png`, index: null },
      { guid: VP_B, viewpoint: null, snapshot: null, index: 1 },
    ],
  };
  const viewpoint: BcfViewpoint = {
    guid: VP_A,
    camera: {
      kind: 'orthogonal',
      position: { x: 9, y: -39, z: 37 },
      direction: { x: 0, y: 0.6, z: -0.8 },
      up: { x: 0, y: 0.8, z: 0.6 },
      viewToWorldScale: 18.97,
      aspectRatio: 1.78,
    },
    selection: ['0KkZ20so9BsO1d1hFcfLOl'],
  };

  it('writes bcf.version 2.1', () => {
    const xml = writeVersion21Xml();
    expect(parseVersionXml(xml)).toBe('2.1');
    expect(xml).toContain('<DetailedVersion>2.1</DetailedVersion>');
  });

  it('writes the 2.1 layout: comments under Markup, attributes on Topic, Viewpoints with Index', () => {
    const xml = writeMarkup21Xml(topic);
    expect(xml).toContain(
      `<Topic Guid="${TOPIC}" TopicType="rfi" TopicStatus="Answered">\n    <Title>Pump &lt;P-101&gt; &amp; &quot;bypass&quot;</Title>`,
    );
    expect(xml).toContain('<DueDate>2026-12-01T00:00:00Z</DueDate>');
    expect(xml).toMatch(/<\/Topic>\n {2}<Comment Guid="c1c2c3d4-0000-4000-8000-000000000001">/);
    // the 2.1 schema requires Comment text: a viewpoint-only comment has an empty one
    expect(xml).toContain('    <Comment/>\n    <Viewpoint Guid="' + VP_A + '"/>');
    expect(xml).toContain(`<Viewpoints Guid="${VP_A}">`);
    expect(xml).toContain('<Index>0</Index>');
    expect(xml).toContain('<Index>1</Index>');
    expect(xml).not.toContain('<Comments>');
    expect(xml.indexOf('<Viewpoints ')).toBeGreaterThan(xml.lastIndexOf('</Comment>'));
    // and it reads back to the same topic (dates as written)
    const back = parseMarkup2Xml(xml);
    expect(back).toEqual({
      ...topic,
      dueDate: '2026-12-01T00:00:00Z',
      viewpoints: topic.viewpoints.map((v, index) => ({ ...v, index })),
    });
    // a 3.0 reader does not see 2.1 comments, which is why the version decides the reader
    expect(parseMarkupXml(xml).comments).toEqual([]);
  });

  it('writes a 2.1 viewpoint: Selection, the Visibility 2.1 requires, a camera without AspectRatio', () => {
    const xml = writeViewpoint21Xml(viewpoint);
    expect(xml).toContain('<Component IfcGuid="0KkZ20so9BsO1d1hFcfLOl"/>');
    expect(xml).toContain('<Visibility DefaultVisibility="true"/>');
    expect(xml).toContain('<ViewToWorldScale>18.97</ViewToWorldScale>');
    expect(xml).not.toContain('AspectRatio');
    expect(parseViewpoint2Xml(xml)).toEqual({
      ...viewpoint,
      camera: { ...viewpoint.camera!, aspectRatio: 1 },
    });
    expect(parseViewpointXml(xml).selection).toEqual(viewpoint.selection);
  });
});
