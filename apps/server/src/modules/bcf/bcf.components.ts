/**
 * What a BCF viewpoint says beyond the camera and the selection (issue 33 §5): which components are shown
 * (DefaultVisibility with its Exceptions and ViewSetupHints), which are coloured, the lines drawn and the
 * clipping planes.
 * Read from BCF 2.0, 2.1 and 3.0 and written back in 2.1 or 3.0, so an imported viewpoint survives an
 * export unchanged. The two versions differ only in where a Color's components sit (3.0 wraps them in
 * Components) and where ViewSetupHints sit (2.1: in Components; 3.0: in Visibility).
 */
import {
  BcfFormatError,
  type BcfClippingPlane,
  type BcfColoring,
  type BcfLine,
  type BcfVector,
  type BcfViewSetupHints,
  type BcfViewpoint,
  type BcfVisibility,
} from './bcf.types.ts';
import { escapeXml, listOf, nodeOf, textOf, type XmlNode } from './bcf.xmlio.ts';

export type ViewpointExtras = Pick<BcfViewpoint, 'visibility' | 'coloring' | 'lines' | 'clippingPlanes'>;

const guidsOf = (components: unknown): string[] =>
  listOf(components)
    .map((c) => textOf(c['@_IfcGuid']))
    .filter(Boolean);

const flag = (value: unknown): boolean | undefined => {
  const text = textOf(value).toLowerCase();
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
};

function readHints(node: unknown): BcfViewSetupHints | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const hints = nodeOf(node);
  const read: BcfViewSetupHints = {};
  const spaces = flag(hints['@_SpacesVisible']);
  const boundaries = flag(hints['@_SpaceBoundariesVisible']);
  const openings = flag(hints['@_OpeningsVisible']);
  if (spaces !== undefined) read.spacesVisible = spaces;
  if (boundaries !== undefined) read.spaceBoundariesVisible = boundaries;
  if (openings !== undefined) read.openingsVisible = openings;
  return Object.keys(read).length ? read : undefined;
}

function readVector(value: unknown, name: string, where: string): BcfVector {
  const v = nodeOf(value);
  const axis = (key: 'X' | 'Y' | 'Z') => {
    const text = textOf(v[key]);
    const n = Number(text);
    if (!text || !Number.isFinite(n)) throw new BcfFormatError(`${where}: ${name}/${key} is not a number`);
    return n;
  };
  return { x: axis('X'), y: axis('Y'), z: axis('Z') };
}

/** A BCF colour: 6 (RGB) or 8 (ARGB) hex digits, kept as written (upper case). */
function readColour(value: unknown, where: string): string {
  const colour = textOf(value);
  if (!/^([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(colour))
    throw new BcfFormatError(`${where}: the Color '${colour}' is not an RGB or ARGB hex colour`);
  return colour.toUpperCase();
}

/**
 * The visibility, colouring and clipping planes of a VisualizationInfo, any version. Only what the file says
 * is returned: a viewpoint that shows everything with no exceptions, hints, colours or planes gets none.
 */
export function readViewpointExtras(info: XmlNode, where: string): ViewpointExtras {
  const extras: ViewpointExtras = {};
  const components = nodeOf(info.Components);

  // 2.1 and 3.0: Visibility (DefaultVisibility, Exceptions); ViewSetupHints in Components (2.1) or Visibility (3.0)
  const visibilityNode = components.Visibility;
  const visibility: BcfVisibility = { defaultVisibility: true, exceptions: [] };
  if (visibilityNode !== undefined) {
    const node = nodeOf(visibilityNode);
    visibility.defaultVisibility = flag(node['@_DefaultVisibility']) ?? true;
    visibility.exceptions = guidsOf(nodeOf(node.Exceptions).Component);
    const hints = readHints(node.ViewSetupHints) ?? readHints(components.ViewSetupHints);
    if (hints) visibility.viewSetupHints = hints;
  } else {
    const hints = readHints(components.ViewSetupHints);
    if (hints) visibility.viewSetupHints = hints;
  }
  // 2.0: Components/Component with Visible="false" are the exceptions to a visible model
  for (const c of listOf(components.Component))
    if (flag(c['@_Visible']) === false) visibility.exceptions.push(textOf(c['@_IfcGuid']));
  if (!visibility.defaultVisibility || visibility.exceptions.length || visibility.viewSetupHints)
    extras.visibility = visibility;

  // Coloring/Color (2.1: Component children; 3.0: Components/Component); 2.0: a Component's Color attribute
  const coloring: BcfColoring[] = [];
  const addColour = (color: string, guids: string[]) => {
    if (!guids.length) return;
    const group = coloring.find((c) => c.color === color);
    if (group) group.guids.push(...guids.filter((g) => !group.guids.includes(g)));
    else coloring.push({ color, guids: [...guids] });
  };
  for (const colour of listOf(nodeOf(components.Coloring).Color)) {
    const guids = [...guidsOf(colour.Component), ...guidsOf(nodeOf(colour.Components).Component)];
    addColour(readColour(colour['@_Color'], `${where}: Coloring`), guids);
  }
  for (const c of listOf(components.Component))
    if (textOf(c['@_Color']))
      addColour(readColour(c['@_Color'], `${where}: Component`), [textOf(c['@_IfcGuid'])]);
  if (coloring.length) extras.coloring = coloring;

  const lines: BcfLine[] = listOf(nodeOf(info.Lines).Line).map((line, n) => ({
    start: readVector(line.StartPoint, `Line ${n + 1}/StartPoint`, where),
    end: readVector(line.EndPoint, `Line ${n + 1}/EndPoint`, where),
  }));
  if (lines.length) extras.lines = lines;

  const planes: BcfClippingPlane[] = listOf(nodeOf(info.ClippingPlanes).ClippingPlane).map((plane, n) => ({
    location: readVector(plane.Location, `ClippingPlane ${n + 1}/Location`, where),
    direction: readVector(plane.Direction, `ClippingPlane ${n + 1}/Direction`, where),
  }));
  if (planes.length) extras.clippingPlanes = planes;
  return extras;
}

const componentXml = (guid: string, indent: string) => `${indent}<Component IfcGuid="${escapeXml(guid)}"/>\n`;

function hintsXml(hints: BcfViewSetupHints | undefined, indent: string): string {
  if (!hints) return '';
  const attributes = [
    hints.spacesVisible !== undefined ? ` SpacesVisible="${hints.spacesVisible}"` : '',
    hints.spaceBoundariesVisible !== undefined
      ? ` SpaceBoundariesVisible="${hints.spaceBoundariesVisible}"`
      : '',
    hints.openingsVisible !== undefined ? ` OpeningsVisible="${hints.openingsVisible}"` : '',
  ].join('');
  return `${indent}<ViewSetupHints${attributes}/>\n`;
}

/**
 * The Components element of a viewpoint file in BCF 2.1 or 3.0 (schema order: 2.1's ViewSetupHints,
 * Selection, Visibility, Coloring), or '' when there is nothing to say. Visibility is always written when
 * Components is (2.1 requires it).
 */
export function writeComponentsXml(viewpoint: BcfViewpoint, version: '2.1' | '3.0'): string {
  const visibility = viewpoint.visibility;
  const coloring = viewpoint.coloring ?? [];
  if (!viewpoint.selection.length && !visibility && !coloring.length) return '';
  let xml = '  <Components>\n';
  if (version === '2.1') xml += hintsXml(visibility?.viewSetupHints, '    ');
  if (viewpoint.selection.length) {
    xml += '    <Selection>\n';
    for (const guid of viewpoint.selection) xml += componentXml(guid, '      ');
    xml += '    </Selection>\n';
  }
  const exceptions = visibility?.exceptions ?? [];
  const hints = version === '3.0' ? hintsXml(visibility?.viewSetupHints, '      ') : '';
  const open = `    <Visibility DefaultVisibility="${visibility?.defaultVisibility ?? true}"`;
  if (!exceptions.length && !hints) xml += `${open}/>\n`;
  else {
    xml += `${open}>\n${hints}`;
    if (exceptions.length) {
      xml += '      <Exceptions>\n';
      for (const guid of exceptions) xml += componentXml(guid, '        ');
      xml += '      </Exceptions>\n';
    }
    xml += '    </Visibility>\n';
  }
  if (coloring.length) {
    xml += '    <Coloring>\n';
    for (const group of coloring) {
      xml += `      <Color Color="${escapeXml(group.color)}">\n`;
      if (version === '3.0') {
        xml += '        <Components>\n';
        for (const guid of group.guids) xml += componentXml(guid, '          ');
        xml += '        </Components>\n';
      } else for (const guid of group.guids) xml += componentXml(guid, '        ');
      xml += '      </Color>\n';
    }
    xml += '    </Coloring>\n';
  }
  return `${xml}  </Components>\n`;
}

const vectorXml = (name: string, v: BcfVector) =>
  `      <${name}>\n        <X>${v.x}</X>\n        <Y>${v.y}</Y>\n        <Z>${v.z}</Z>\n      </${name}>\n`;

/** The Lines element (the same in 2.1 and 3.0; after the camera, before ClippingPlanes), or ''. */
export function writeLinesXml(lines: readonly BcfLine[] | undefined): string {
  if (!lines?.length) return '';
  let xml = '  <Lines>\n';
  for (const line of lines)
    xml += `    <Line>\n${vectorXml('StartPoint', line.start)}${vectorXml('EndPoint', line.end)}    </Line>\n`;
  return `${xml}  </Lines>\n`;
}

/** The ClippingPlanes element (the same in 2.1 and 3.0; after the camera and Lines), or ''. */
export function writeClippingPlanesXml(planes: readonly BcfClippingPlane[] | undefined): string {
  if (!planes?.length) return '';
  const vec = vectorXml;
  let xml = '  <ClippingPlanes>\n';
  for (const plane of planes)
    xml += `    <ClippingPlane>\n${vec('Location', plane.location)}${vec('Direction', plane.direction)}    </ClippingPlane>\n`;
  return `${xml}  </ClippingPlanes>\n`;
}
