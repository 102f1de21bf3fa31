import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { writeDexpi } from './write.ts';
import { checkProteusXml } from './validate.ts';
import { testSketch } from './testSketch.ts';

const { xml } = writeDexpi(testSketch(), { date: new Date('2026-11-29T12:00:00Z') });
const messages = (text: string) => checkProteusXml(text).map((problem) => problem.message);

describe('the Proteus rule check', () => {
  it('passes the writer’s output', () => {
    expect(checkProteusXml(xml)).toEqual([]);
  });

  it('finds a missing required attribute', () => {
    expect(messages(xml.replace(/ Is3D="no"/, ''))).toContain('<PlantInformation> needs the attribute Is3D');
    expect(
      messages(xml.replace(/<Equipment ID="([^"]+)" ComponentClass="[^"]+"/, '<Equipment ID="$1"')),
    ).toContain('<Equipment> needs the attribute ComponentClass');
  });

  it('finds elements out of order or where they are not allowed', () => {
    // the drawing before the plant information
    const drawing = /<Drawing [\s\S]*?<\/Drawing>\n/.exec(xml)![0];
    const moved = xml.replace(drawing, '').replace('<PlantInformation ', `${drawing}<PlantInformation `);
    expect(messages(moved).some((m) => m.startsWith('<PlantModel> needs a <PlantInformation>'))).toBe(true);
    // a nozzle inside a piping segment
    const broken = xml.replace('<CenterLine ', '<Nozzle ID="Stray-1" ComponentClass="Nozzle"/><CenterLine ');
    expect(messages(broken)).toContain(
      '<Nozzle> is not allowed in <PipingNetworkSegment> (allowed: Extent, PersistentID, Position, Label, GenericAttributes, Association, CenterLine, PipingComponent, Connection)',
    );
  });

  it('finds wrong counts, repeated IDs and references to nothing', () => {
    expect(messages(xml.replace('<CenterLine NumPoints="4">', '<CenterLine NumPoints="5">'))).toContain(
      'NumPoints=5 but it holds 4',
    );
    expect(
      messages(xml.replace('ID="Nozzle-2"', 'ID="Nozzle-1"')).some(
        (m) => m === "ID 'Nozzle-1' is used twice",
      ),
    ).toBe(true);
    expect(messages(xml.replace('ToID="GateValve-1" ToNode="1"', 'ToID="GateValve-9" ToNode="1"'))).toContain(
      "ToID='GateValve-9' names no element",
    );
    expect(messages(xml.replace('ToID="GateValve-1" ToNode="1"', 'ToID="GateValve-1" ToNode="7"'))).toContain(
      "ToNode=7 but 'GateValve-1' has 3 nodes",
    );
    expect(messages(xml.replace('<Location X="', '<Location X="east'))[0]).toMatch(/^X must be a number/);
  });

  // the DEXPI/Proteus XSD cannot be shipped (no open licence): given a local copy, the output is checked against it too
  const xsd = process.env.PENSTOCK_DEXPI_XSD;
  it.skipIf(!xsd)('is valid against the Proteus XSD at PENSTOCK_DEXPI_XSD', async () => {
    const result = await validateXML({
      xml: [{ fileName: 'sketch.xml', contents: xml }],
      schema: [{ fileName: 'ProteusPIDSchema.xsd', contents: fs.readFileSync(xsd!, 'utf8') }],
    });
    expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  });
});
