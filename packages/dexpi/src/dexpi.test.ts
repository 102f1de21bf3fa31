import { describe, expect, it } from 'vitest';
import { DexpiFormatError, XmlSyntaxError, readDexpi, writeDexpi } from './index.ts';
import { checkProteusXml } from './validate.ts';
import { signalSketch, testSketch } from './testSketch.ts';

const DATE = new Date('2026-11-29T12:00:00Z');

describe('DEXPI writer', () => {
  const sketch = testSketch();
  const { xml, counts } = writeDexpi(sketch, { date: DATE });

  it('writes equipment with nozzles, piping segments with connections, instruments and signal lines', () => {
    expect(counts).toEqual({
      equipment: 2,
      nozzles: 6,
      pipingSegments: 4,
      inlineComponents: 2,
      instruments: 2,
      signalLines: 1,
    });
    const count = (pattern: RegExp) => xml.match(pattern)?.length ?? 0;
    expect(count(/<Equipment /g)).toBe(2);
    expect(count(/<Nozzle /g)).toBe(6);
    expect(count(/<PipingNetworkSegment /g)).toBe(4);
    expect(count(/<PipingComponent /g)).toBe(2);
    expect(count(/<ProcessInstrumentationFunction /g)).toBe(2);
    expect(count(/<InformationFlow /g)).toBe(1);
    expect(xml).toContain('ComponentClass="CentrifugalPump"');
    expect(xml).toContain('ComponentClass="GateValve"');
    expect(xml).toContain('ComponentClass="Tank"');
    expect(xml).toContain('ComponentClass="PipeReducer"');
    expect(xml).toMatch(/<GenericAttribute Name="TagNameAssignmentClass" Format="string" Value="P-101"\/>/);
    expect(xml).toMatch(
      /Name="ProcessInstrumentationFunctionCategoryAssignmentClass" Format="string" Value="F"/,
    );
    expect(xml).toMatch(/Name="LineNumberAssignmentClass" Format="string" Value="RS-100"/);
    expect(xml).toContain('Value="Acme &amp; Sons &lt;UK&gt;"');
    // the first pipeline runs from the pump's east nozzle to the valve's first node
    expect(xml).toMatch(/<Connection FromID="Nozzle-2" FromNode="1" ToID="GateValve-1" ToNode="1"\/>/);
  });

  it('passes the Proteus rule check', () => {
    expect(checkProteusXml(xml)).toEqual([]);
  });
});

describe('DEXPI round trip', () => {
  const sketch = testSketch();
  const { xml } = writeDexpi(sketch, { date: DATE });
  const back = readDexpi(xml);

  it('reads back the same items, tags, classes, properties and places', () => {
    const key = (image: (typeof sketch.lists.Images)[number]) => ({
      id: image.id,
      src: image.src,
      tag: image.tag,
      itemClass: image.itemClass ?? expect.any(String),
      props: image.props,
      x: image.x,
      y: image.y,
      width: image.width,
      height: image.height,
      rotation: image.rotation,
      scaleX: image.scaleX,
      z: image.z,
      tagOffset: image.tagOffset,
    });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(back.lists.Images.map(key).sort(byId)).toEqual(sketch.lists.Images.map(key).sort(byId));
    expect(back.lists.Texts).toEqual([]);
  });

  it('keeps the connections and the line data', () => {
    const key = (line: (typeof sketch.lists.Pipelines)[number]) => ({
      id: line.id,
      start: line.start,
      end: line.end,
      line: line.line,
      props: line.props,
      points: line.points,
      colour: line.colour,
    });
    expect(back.lists.Pipelines.map(key)).toEqual(sketch.lists.Pipelines.map(key));
    expect(back.lists.SignalLines).toEqual(sketch.lists.SignalLines);
    expect(back.metresPerUnit).toBe(0.01);
    expect(back.name).toBe('Inlet pumping');
  });

  it('reports what it read', () => {
    expect(back.report).toEqual({
      equipment: 2,
      nozzles: 6,
      pipingSegments: 4,
      connections: 5,
      inlineComponents: 2,
      instruments: 2,
      signalLines: 1,
      unmappedClasses: [],
    });
  });
});

describe('DEXPI round trip of signal lines with and without instruments at their ends', () => {
  const sketch = signalSketch();
  const back = readDexpi(writeDexpi(sketch, { date: DATE }).xml);

  it('reads back every signal line, pipeline and item as it was', () => {
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...back.lists.SignalLines].sort(byId)).toEqual([...sketch.lists.SignalLines].sort(byId));
    const ends = (line: (typeof sketch.lists.Pipelines)[number]) => ({
      id: line.id,
      start: line.start,
      end: line.end,
    });
    expect(back.lists.Pipelines.map(ends).sort(byId)).toEqual(sketch.lists.Pipelines.map(ends).sort(byId));
    expect(back.lists.Images.map((image) => image.id).sort()).toEqual(
      sketch.lists.Images.map((image) => image.id).sort(),
    );
  });
});

describe('DEXPI reader on bad input', () => {
  it('names the line and the reason of XML that is not well-formed', () => {
    const broken = '<?xml version="1.0"?>\n<PlantModel>\n  <Equipment ID="a">\n</PlantModel>\n';
    expect(() => readDexpi(broken)).toThrow(XmlSyntaxError);
    try {
      readDexpi(broken);
    } catch (error) {
      expect((error as XmlSyntaxError).line).toBe(4);
      expect((error as Error).message).toMatch(/^The file is not well-formed XML: line 4, column \d+: .+/);
    }
  });

  it('refuses a file that declares entities, without expanding them', () => {
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE PlantModel [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<PlantModel>&b;</PlantModel>';
    expect(() => readDexpi(bomb)).toThrow(/declares a DOCTYPE or entities/);
  });

  it('refuses a well-formed file that is not a plant model', () => {
    expect(() => readDexpi('<Model name="x"/>')).toThrow(DexpiFormatError);
    expect(() => readDexpi('<Model name="x"/>')).toThrow(/root element is <Model>/);
  });
});
