/**
 * BCF 2.0 and 2.1 XML, read into (and BCF 2.1 written from) the same topic and viewpoint shapes as BCF 3.0.
 * BCF 1.0 (no bcf.version; one viewpoint.bcfv beside the markup) has 2.0's shape with fewer Topic fields,
 * so it is read by the same functions.
 *
 * What differs from 3.0: comments are `Markup/Comment` elements beside the Topic (not `Topic/Comments`), the
 * viewpoints are repeated `Markup/Viewpoints` elements (with an Index from 2.1), cameras have no AspectRatio,
 * and a 2.0 viewpoint lists `Components/Component` with `Selected`/`Visible` attributes where 2.1 has
 * `Components/Selection/Component` and `Components/Visibility`. Topic fields Penstock has no place for
 * (ReferenceLink, Priority, Stage, BimSnippet, DocumentReference, RelatedTopic) are not read.
 */
import { BcfFormatError, type BcfTopic, type BcfViewpoint } from './bcf.types.ts';
import {
  readViewpointExtras,
  writeClippingPlanesXml,
  writeComponentsXml,
  writeLinesXml,
} from './bcf.components.ts';
import {
  readComment,
  readTopicFields,
  readTopicViewpoint,
  writeCommentXml,
  writeTopicStartXml,
} from './bcf.xml.ts';
import {
  HEADER,
  el,
  escapeXml,
  listOf,
  nodeOf,
  readCamera,
  textOf,
  writeCameraXml,
  xmlReader,
} from './bcf.xmlio.ts';

const parse = xmlReader([
  'Markup.Header.File',
  'Markup.Comment',
  'Markup.Viewpoints',
  'Markup.Topic.ReferenceLink',
  'Markup.Topic.Labels',
  'VisualizationInfo.Components.Component',
  'VisualizationInfo.Components.Selection.Component',
]);

/** A BCF 2.0 or 2.1 markup.bcf. */
export function parseMarkup2Xml(text: string, where = 'markup.bcf'): BcfTopic {
  const markup = parse(text, where).Markup;
  if (!markup) throw new BcfFormatError(`${where} has no Markup element`);
  const node = nodeOf(markup);
  return {
    ...readTopicFields(nodeOf(node.Topic), where),
    comments: listOf(node.Comment).map(readComment),
    viewpoints: listOf(node.Viewpoints).map(readTopicViewpoint),
  };
}

const isTrue = (value: unknown) => textOf(value).toLowerCase() === 'true' || textOf(value) === '1';

/**
 * A BCF 2.0 or 2.1 viewpoint file: the camera and the selected IfcGuids, from 2.1's Selection or from 2.0's
 * components marked Selected (both are read, whatever the file's version says).
 */
export function parseViewpoint2Xml(text: string, where = 'viewpoint'): BcfViewpoint {
  const info = parse(text, where).VisualizationInfo;
  if (!info) throw new BcfFormatError(`${where} has no VisualizationInfo element`);
  const node = nodeOf(info);
  const components = nodeOf(node.Components);
  const selection: string[] = [];
  const add = (guid: string) => {
    if (guid && !selection.includes(guid)) selection.push(guid);
  };
  for (const c of listOf(nodeOf(components.Selection).Component)) add(textOf(c['@_IfcGuid']));
  for (const c of listOf(components.Component)) if (isTrue(c['@_Selected'])) add(textOf(c['@_IfcGuid']));
  return {
    guid: textOf(node['@_Guid']).toLowerCase(),
    camera: readCamera(node, where),
    selection,
    ...readViewpointExtras(node, where),
  };
}

// ---- writing BCF 2.1 ----------------------------------------------------------------------------------

export function writeVersion21Xml(): string {
  return `${HEADER}<Version VersionId="2.1">\n  <DetailedVersion>2.1</DetailedVersion>\n</Version>\n`;
}

/**
 * A BCF 2.1 markup.bcf (schema order: Topic with its attributes, then every Comment, then every Viewpoints
 * entry with its Index). The Comment text is required in 2.1, so a viewpoint-only comment has an empty one.
 */
export function writeMarkup21Xml(topic: BcfTopic): string {
  const i = '    ';
  let xml = writeTopicStartXml(topic, false);
  xml += '  </Topic>\n';
  for (const c of topic.comments) xml += writeCommentXml(c, '  ', true);
  topic.viewpoints.forEach((v, position) => {
    xml += `  <Viewpoints Guid="${escapeXml(v.guid)}">\n`;
    xml += el('Viewpoint', v.viewpoint, i) + el('Snapshot', v.snapshot, i);
    xml += el('Index', v.index ?? position, i);
    xml += '  </Viewpoints>\n';
  });
  return `${xml}</Markup>\n`;
}

/** A BCF 2.1 viewpoint file: Components (Selection, and the Visibility 2.1 requires) and the camera. */
export function writeViewpoint21Xml(viewpoint: BcfViewpoint): string {
  let xml = `${HEADER}<VisualizationInfo Guid="${escapeXml(viewpoint.guid)}">\n`;
  xml += writeComponentsXml(viewpoint, '2.1');
  if (viewpoint.camera) xml += writeCameraXml(viewpoint.camera, false);
  xml += writeLinesXml(viewpoint.lines);
  xml += writeClippingPlanesXml(viewpoint.clippingPlanes);
  return `${xml}</VisualizationInfo>\n`;
}
