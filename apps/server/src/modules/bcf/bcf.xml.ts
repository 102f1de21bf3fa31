/** BCF 3.0 XML: pure writers and readers of bcf.version, extensions.xml, markup.bcf and .bcfv files. */
import { BcfFormatError, type BcfComment, type BcfTopic, type BcfViewpoint } from './bcf.types.ts';
import {
  readViewpointExtras,
  writeClippingPlanesXml,
  writeComponentsXml,
  writeLinesXml,
} from './bcf.components.ts';
import {
  GUID,
  HEADER,
  el,
  escapeXml,
  indexOf,
  listOf,
  nodeOf,
  optionalText,
  readCamera,
  textOf,
  writeCameraXml,
  xmlReader,
  type XmlNode,
} from './bcf.xmlio.ts';

/** BCF dates are xs:dateTime: a Penstock due day (yyyy-mm-dd) becomes midnight UTC of that day. */
export const bcfDateTime = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;

export function writeVersionXml(): string {
  return `${HEADER}<Version VersionId="3.0"/>\n`;
}

export function writeExtensionsXml(ext: {
  topicTypes: readonly string[];
  topicStatuses: readonly string[];
  users: readonly string[];
}): string {
  const list = (outer: string, inner: string, values: readonly string[]) =>
    values.length
      ? `  <${outer}>\n${values.map((v) => `    <${inner}>${escapeXml(v)}</${inner}>\n`).join('')}  </${outer}>\n`
      : `  <${outer}/>\n`;
  return (
    `${HEADER}<Extensions>\n` +
    list('TopicTypes', 'TopicType', ext.topicTypes) +
    list('TopicStatuses', 'TopicStatus', ext.topicStatuses) +
    list('Users', 'User', ext.users) +
    '</Extensions>\n'
  );
}

/** One Comment element; BCF 3.0 leaves out the Comment text of a comment that only points at a viewpoint. */
export function writeCommentXml(c: BcfComment, indent: string, textRequired: boolean): string {
  const inner = `${indent}  `;
  let xml = `${indent}<Comment Guid="${escapeXml(c.guid)}">\n`;
  xml += el('Date', c.date, inner) + el('Author', c.author, inner);
  xml += c.comment || !textRequired ? el('Comment', c.comment, inner) : `${inner}<Comment/>\n`;
  if (c.viewpointGuid) xml += `${inner}<Viewpoint Guid="${escapeXml(c.viewpointGuid)}"/>\n`;
  return `${xml}${indent}</Comment>\n`;
}

/**
 * The start of a markup file up to the Topic's Description, the same in BCF 3.0 and 2.1 but for the shape
 * of the labels (`nestedLabels`: 3.0's `<Labels><Label>`).
 */
export function writeTopicStartXml(topic: BcfTopic, nestedLabels: boolean): string {
  const i = '    ';
  let xml = `${HEADER}<Markup>\n  <Topic Guid="${escapeXml(topic.guid)}" TopicType="${escapeXml(topic.topicType)}" TopicStatus="${escapeXml(topic.topicStatus)}">\n`;
  xml += el('Title', topic.title, i);
  xml += writeLabelsXml(topic.labels, nestedLabels, i);
  xml += el('CreationDate', topic.creationDate, i);
  xml += el('CreationAuthor', topic.creationAuthor, i);
  xml += el('ModifiedDate', topic.modifiedDate, i);
  xml += el('DueDate', bcfDateTime(topic.dueDate), i);
  xml += el('AssignedTo', topic.assignedTo, i);
  return xml + el('Description', topic.description, i);
}

export function writeMarkupXml(topic: BcfTopic): string {
  const i = '    ';
  let xml = writeTopicStartXml(topic, true);
  if (topic.comments.length) {
    xml += `${i}<Comments>\n`;
    for (const c of topic.comments) xml += writeCommentXml(c, `${i}  `, false);
    xml += `${i}</Comments>\n`;
  }
  if (topic.viewpoints.length) {
    xml += `${i}<Viewpoints>\n`;
    for (const v of topic.viewpoints) {
      xml += `${i}  <ViewPoint Guid="${escapeXml(v.guid)}">\n`;
      xml += el('Viewpoint', v.viewpoint, `${i}    `) + el('Snapshot', v.snapshot, `${i}    `);
      xml += el('Index', v.index, `${i}    `);
      xml += `${i}  </ViewPoint>\n`;
    }
    xml += `${i}</Viewpoints>\n`;
  }
  return `${xml}  </Topic>\n</Markup>\n`;
}

export function writeViewpointXml(viewpoint: BcfViewpoint): string {
  let xml = `${HEADER}<VisualizationInfo Guid="${escapeXml(viewpoint.guid)}">\n`;
  xml += writeComponentsXml(viewpoint, '3.0');
  if (viewpoint.camera) xml += writeCameraXml(viewpoint.camera, true);
  xml += writeLinesXml(viewpoint.lines);
  xml += writeClippingPlanesXml(viewpoint.clippingPlanes);
  return `${xml}</VisualizationInfo>\n`;
}

// ---- reading ----------------------------------------------------------------------------------------

const parse = xmlReader([
  'Markup.Topic.Comments.Comment',
  'Markup.Topic.Viewpoints.ViewPoint',
  'Markup.Topic.Labels.Label',
  'Markup.Header.Files.File',
  'VisualizationInfo.Components.Selection.Component',
]);

/** The Guid, Title and plain fields of a Topic element (the same in BCF 2.x and 3.0). */
export function readTopicFields(topic: XmlNode, where: string): Omit<BcfTopic, 'comments' | 'viewpoints'> {
  const guid = textOf(topic['@_Guid']);
  if (!guid) throw new BcfFormatError(`${where}: the Topic has no Guid`);
  if (!GUID.test(guid)) throw new BcfFormatError(`${where}: the Topic Guid '${guid}' is not a GUID`);
  const title = textOf(topic.Title);
  if (!title) throw new BcfFormatError(`${where}: the Topic has no Title`);
  return {
    guid: guid.toLowerCase(),
    topicType: textOf(topic['@_TopicType']),
    topicStatus: textOf(topic['@_TopicStatus']),
    title,
    description: textOf(topic.Description),
    creationDate: textOf(topic.CreationDate),
    creationAuthor: textOf(topic.CreationAuthor),
    modifiedDate: optionalText(topic.ModifiedDate),
    assignedTo: optionalText(topic.AssignedTo),
    dueDate: optionalText(topic.DueDate),
    labels: readLabels(topic.Labels),
  };
}

/**
 * The Labels of a Topic: BCF 3.0 nests them (`Labels/Label`), BCF 2.x repeats `Labels`; a topic without any
 * gives undefined, so topics without labels keep the shape they had.
 */
function readLabels(value: unknown): string[] | undefined {
  const entries = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const labels: string[] = [];
  for (const entry of entries) {
    const nested = entry && typeof entry === 'object' ? (entry as XmlNode).Label : undefined;
    const texts = nested === undefined ? [entry] : Array.isArray(nested) ? nested : [nested];
    for (const text of texts.map(textOf)) if (text && !labels.includes(text)) labels.push(text);
  }
  return labels.length ? labels : undefined;
}

/** Labels in the 3.0 (`<Labels><Label>`) or 2.1 (repeated `<Labels>`) shape; they sit after the Title. */
export function writeLabelsXml(
  labels: readonly string[] | undefined,
  nested: boolean,
  indent: string,
): string {
  if (!labels?.length) return '';
  if (!nested) return labels.map((l) => el('Labels', l, indent)).join('');
  return `${indent}<Labels>\n${labels.map((l) => el('Label', l, `${indent}  `)).join('')}${indent}</Labels>\n`;
}

/**
 * A Comment element (the same in BCF 1.0, 2.x and 3.0). 1.0 and 2.0's Status and VerbalStatus are read
 * (a comment may be only a status change); their Topic and ReplyToComment are ignored.
 */
export function readComment(c: XmlNode): BcfComment {
  return {
    guid: textOf(c['@_Guid']).toLowerCase(),
    date: textOf(c.Date),
    author: textOf(c.Author),
    comment: textOf(c.Comment),
    viewpointGuid: optionalText(nodeOf(c.Viewpoint)['@_Guid'])?.toLowerCase() ?? null,
    status: optionalText(c.Status) ?? undefined,
    verbalStatus: optionalText(c.VerbalStatus) ?? undefined,
  };
}

/** A ViewPoint (3.0) or Viewpoints (2.x) entry of a markup. */
export function readTopicViewpoint(v: XmlNode) {
  return {
    guid: textOf(v['@_Guid']).toLowerCase(),
    viewpoint: optionalText(v.Viewpoint),
    snapshot: optionalText(v.Snapshot),
    index: indexOf(v.Index),
  };
}

export function parseMarkupXml(text: string, where = 'markup.bcf'): BcfTopic {
  const markup = parse(text, where).Markup;
  if (!markup) throw new BcfFormatError(`${where} has no Markup element`);
  const topic = nodeOf(nodeOf(markup).Topic);
  return {
    ...readTopicFields(topic, where),
    comments: listOf(nodeOf(topic.Comments).Comment).map(readComment),
    viewpoints: listOf(nodeOf(topic.Viewpoints).ViewPoint).map(readTopicViewpoint),
  };
}

export function parseViewpointXml(text: string, where = 'viewpoint'): BcfViewpoint {
  const info = parse(text, where).VisualizationInfo;
  if (!info) throw new BcfFormatError(`${where} has no VisualizationInfo element`);
  const node = nodeOf(info);
  const selection = listOf(nodeOf(nodeOf(node.Components).Selection).Component)
    .map((c) => textOf(c['@_IfcGuid']))
    .filter(Boolean);
  return {
    guid: textOf(node['@_Guid']).toLowerCase(),
    camera: readCamera(node, where),
    selection,
    ...readViewpointExtras(node, where),
  };
}
