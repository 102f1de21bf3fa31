import { describe, expect, it } from 'vitest';
import { BcfFormatError, type BcfViewpoint } from './bcf.types.ts';
import { parseViewpointXml, writeViewpointXml } from './bcf.xml.ts';
import { parseViewpoint2Xml, writeViewpoint21Xml } from './bcf2.xml.ts';

const GUID = '5c4a0e43-2b59-4b7b-9d55-6b3d1c1e8a11';

// BCF 3.0: only the exceptions shown, hints inside Visibility, a Color's components wrapped in Components
const VIEWPOINT_30 = `<?xml version="1.0" encoding="UTF-8"?>
<VisualizationInfo Guid="${GUID}">
  <Components>
    <Selection><Component IfcGuid="0KkZ20so9BsO1d1hFcfLOl"/></Selection>
    <Visibility DefaultVisibility="false">
      <ViewSetupHints SpacesVisible="true" OpeningsVisible="false"/>
      <Exceptions>
        <Component IfcGuid="0KkZ20so9BsO1d1hFcfLOl"/>
        <Component IfcGuid="1XbKhGD91DvhOpYZbhzGTI"/>
      </Exceptions>
    </Visibility>
    <Coloring>
      <Color Color="ff00ff00">
        <Components>
          <Component IfcGuid="0KkZ20so9BsO1d1hFcfLOl"/>
        </Components>
      </Color>
      <Color Color="0000FF"><Components><Component IfcGuid="1XbKhGD91DvhOpYZbhzGTI"/></Components></Color>
    </Coloring>
  </Components>
  <Lines/>
  <ClippingPlanes>
    <ClippingPlane>
      <Location><X>1.5</X><Y>-2</Y><Z>3.25</Z></Location>
      <Direction><X>0</X><Y>0</Y><Z>1</Z></Direction>
    </ClippingPlane>
    <ClippingPlane>
      <Location><X>0</X><Y>4</Y><Z>0</Z></Location>
      <Direction><X>0</X><Y>-1</Y><Z>0</Z></Direction>
    </ClippingPlane>
  </ClippingPlanes>
  <Bitmaps/>
</VisualizationInfo>`;

const EXPECTED: Omit<BcfViewpoint, 'guid' | 'camera'> = {
  selection: ['0KkZ20so9BsO1d1hFcfLOl'],
  visibility: {
    defaultVisibility: false,
    exceptions: ['0KkZ20so9BsO1d1hFcfLOl', '1XbKhGD91DvhOpYZbhzGTI'],
    viewSetupHints: { spacesVisible: true, openingsVisible: false },
  },
  coloring: [
    { color: 'FF00FF00', guids: ['0KkZ20so9BsO1d1hFcfLOl'] },
    { color: '0000FF', guids: ['1XbKhGD91DvhOpYZbhzGTI'] },
  ],
  clippingPlanes: [
    { location: { x: 1.5, y: -2, z: 3.25 }, direction: { x: 0, y: 0, z: 1 } },
    { location: { x: 0, y: 4, z: 0 }, direction: { x: 0, y: -1, z: 0 } },
  ],
};

describe('BCF viewpoint components and clipping planes (issue 33)', () => {
  it('reads 3.0 visibility with exceptions and hints, colouring and clipping planes', () => {
    expect(parseViewpointXml(VIEWPOINT_30, 'v.bcfv')).toEqual({ guid: GUID, camera: null, ...EXPECTED });
  });

  it('writes them back in 3.0 and in 2.1 and reads the same again', () => {
    const viewpoint = parseViewpointXml(VIEWPOINT_30, 'v.bcfv');
    const as30 = writeViewpointXml(viewpoint);
    expect(parseViewpointXml(as30)).toEqual(viewpoint);
    // 3.0: hints inside Visibility, a Color's components inside Components
    expect(as30).toMatch(/<Visibility DefaultVisibility="false">\s*<ViewSetupHints SpacesVisible="true"/);
    expect(as30).toMatch(/<Color Color="FF00FF00">\s*<Components>\s*<Component/);
    const as21 = writeViewpoint21Xml(viewpoint);
    expect(parseViewpoint2Xml(as21)).toEqual(viewpoint);
    // 2.1: hints first in Components, a Color's components directly inside it; planes after the camera
    expect(as21).toMatch(/<Components>\s*<ViewSetupHints SpacesVisible="true" OpeningsVisible="false"\/>/);
    expect(as21).toMatch(/<Color Color="FF00FF00">\s*<Component IfcGuid/);
    expect(as21.indexOf('<ClippingPlanes>')).toBeGreaterThan(as21.indexOf('</Components>'));
  });

  it('reads 2.1 colouring (components directly in Color) and 2.0 Visible and Color attributes', () => {
    const v21 = parseViewpoint2Xml(`<VisualizationInfo Guid="${GUID}"><Components>
      <Visibility DefaultVisibility="true"/>
      <Coloring><Color Color="FFFF0000"><Component IfcGuid="a"/><Component IfcGuid="b"/></Color></Coloring>
    </Components></VisualizationInfo>`);
    expect(v21.coloring).toEqual([{ color: 'FFFF0000', guids: ['a', 'b'] }]);
    expect(v21.visibility).toBeUndefined();
    const v20 = parseViewpoint2Xml(`<VisualizationInfo Guid="${GUID}"><Components>
      <Component IfcGuid="a" Selected="true" Visible="true" Color="FF0000"/>
      <Component IfcGuid="b" Visible="false"/>
      <Component IfcGuid="c" Color="FF0000"/>
    </Components></VisualizationInfo>`);
    expect(v20).toMatchObject({
      selection: ['a'],
      visibility: { defaultVisibility: true, exceptions: ['b'] },
      coloring: [{ color: 'FF0000', guids: ['a', 'c'] }],
    });
  });

  it('says nothing more for a viewpoint that shows everything', () => {
    const plain = parseViewpointXml(`<VisualizationInfo Guid="${GUID}"><Components>
      <Visibility DefaultVisibility="true"/><Coloring/></Components><ClippingPlanes/></VisualizationInfo>`);
    expect(plain).toEqual({ guid: GUID, camera: null, selection: [] });
    expect(writeViewpointXml(plain)).not.toContain('<Components>');
  });

  it('reads and writes Lines (between the camera and the clipping planes) in 3.0 and 2.1', () => {
    const withLines = VIEWPOINT_30.replace(
      '<Lines/>',
      `<Lines>
        <Line><StartPoint><X>0</X><Y>0</Y><Z>0</Z></StartPoint><EndPoint><X>0.6</X><Y>0</Y><Z>1e-3</Z></EndPoint></Line>
        <Line><StartPoint><X>1</X><Y>2</Y><Z>3</Z></StartPoint><EndPoint><X>-1</X><Y>-2</Y><Z>-3</Z></EndPoint></Line>
      </Lines>`,
    );
    const viewpoint = parseViewpointXml(withLines, 'v.bcfv');
    expect(viewpoint.lines).toEqual([
      { start: { x: 0, y: 0, z: 0 }, end: { x: 0.6, y: 0, z: 0.001 } },
      { start: { x: 1, y: 2, z: 3 }, end: { x: -1, y: -2, z: -3 } },
    ]);
    for (const [write, read] of [
      [writeViewpointXml, parseViewpointXml],
      [writeViewpoint21Xml, parseViewpoint2Xml],
    ] as const) {
      const xml = write(viewpoint);
      expect(read(xml)).toEqual(viewpoint);
      expect(xml.indexOf('<Lines>')).toBeLessThan(xml.indexOf('<ClippingPlanes>'));
      expect(xml.indexOf('<Lines>')).toBeGreaterThan(xml.indexOf('</Components>'));
    }
    expect(() =>
      parseViewpointXml(
        `<VisualizationInfo Guid="${GUID}"><Lines><Line><StartPoint><X>0</X><Y>0</Y><Z>0</Z></StartPoint></Line></Lines></VisualizationInfo>`,
      ),
    ).toThrow(new BcfFormatError('viewpoint: Line 1/EndPoint/X is not a number'));
  });

  it('refuses a colour that is not hex and a plane coordinate that is not a number, naming them', () => {
    expect(() =>
      parseViewpointXml(`<VisualizationInfo Guid="${GUID}"><Components><Coloring>
        <Color Color="red"><Components><Component IfcGuid="a"/></Components></Color>
      </Coloring></Components></VisualizationInfo>`),
    ).toThrow(new BcfFormatError("viewpoint: Coloring: the Color 'red' is not an RGB or ARGB hex colour"));
    expect(() =>
      parseViewpointXml(`<VisualizationInfo Guid="${GUID}"><ClippingPlanes><ClippingPlane>
        <Location><X>1</X><Y>x</Y><Z>0</Z></Location><Direction><X>0</X><Y>0</Y><Z>1</Z></Direction>
      </ClippingPlane></ClippingPlanes></VisualizationInfo>`),
    ).toThrow(new BcfFormatError('viewpoint: ClippingPlane 1/Location/Y is not a number'));
  });
});
