/** BCF 3.0 XML: pure writers and readers of bcf.version, extensions.xml, markup.bcf and .bcfv files. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A problem with an imported file; its message is shown to the user (400). */
export class BcfFormatError extends Error {}

export interface BcfVector {
  x: number;
  y: number;
  z: number;
}
export interface BcfCamera {
  position: BcfVector;
  direction: BcfVector;
  up: BcfVector;
  fieldOfView: number;
  aspectRatio: number;
}
export interface BcfViewpoint {
  guid: string;
  camera: BcfCamera | null;
  /** IfcGuids of the selected components */
  selection: string[];
}
export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  comment: string;
}
export interface BcfTopicViewpoint {
  guid: string;
  viewpoint: string | null;
  snapshot: string | null;
}
export interface BcfTopic {
  guid: string;
  topicType: string;
  topicStatus: string;
  title: string;
  description: string;
  creationDate: string;
  creationAuthor: string;
  modifiedDate: string | null;
  assignedTo: string | null;
  dueDate: string | null;
  comments: BcfComment[];
  viewpoints: BcfTopicViewpoint[];
}

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
const el = (name: string, value: string | number | null | undefined, indent: string): string =>
  value === null || value === undefined || value === ''
    ? ''
    : `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;

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

export function writeMarkupXml(topic: BcfTopic): string {
  const i = '    ';
  let xml = `${HEADER}<Markup>\n  <Topic Guid="${escapeXml(topic.guid)}" TopicType="${escapeXml(topic.topicType)}" TopicStatus="${escapeXml(topic.topicStatus)}">\n`;
  xml += el('Title', topic.title, i);
  xml += el('CreationDate', topic.creationDate, i);
  xml += el('CreationAuthor', topic.creationAuthor, i);
  xml += el('ModifiedDate', topic.modifiedDate, i);
  xml += el('DueDate', topic.dueDate, i);
  xml += el('AssignedTo', topic.assignedTo, i);
  xml += el('Description', topic.description, i);
  if (topic.comments.length) {
    xml += `${i}<Comments>\n`;
    for (const c of topic.comments) {
      xml += `${i}  <Comment Guid="${escapeXml(c.guid)}">\n`;
      xml +=
        el('Date', c.date, `${i}    `) +
        el('Author', c.author, `${i}    `) +
        el('Comment', c.comment, `${i}    `);
      xml += `${i}  </Comment>\n`;
    }
    xml += `${i}</Comments>\n`;
  }
  if (topic.viewpoints.length) {
    xml += `${i}<Viewpoints>\n`;
    for (const v of topic.viewpoints) {
      xml += `${i}  <ViewPoint Guid="${escapeXml(v.guid)}">\n`;
      xml += el('Viewpoint', v.viewpoint, `${i}    `) + el('Snapshot', v.snapshot, `${i}    `);
      xml += `${i}  </ViewPoint>\n`;
    }
    xml += `${i}</Viewpoints>\n`;
  }
  return `${xml}  </Topic>\n</Markup>\n`;
}

export function writeViewpointXml(viewpoint: BcfViewpoint): string {
  const vec = (name: string, v: BcfVector) =>
    `    <${name}>\n      <X>${v.x}</X>\n      <Y>${v.y}</Y>\n      <Z>${v.z}</Z>\n    </${name}>\n`;
  let xml = `${HEADER}<VisualizationInfo Guid="${escapeXml(viewpoint.guid)}">\n`;
  if (viewpoint.selection.length) {
    xml += '  <Components>\n    <Selection>\n';
    for (const guid of viewpoint.selection) xml += `      <Component IfcGuid="${escapeXml(guid)}"/>\n`;
    xml += '    </Selection>\n    <Visibility DefaultVisibility="true"/>\n  </Components>\n';
  }
  const c = viewpoint.camera;
  if (c) {
    xml += '  <PerspectiveCamera>\n';
    xml +=
      vec('CameraViewPoint', c.position) + vec('CameraDirection', c.direction) + vec('CameraUpVector', c.up);
    xml += `    <FieldOfView>${c.fieldOfView}</FieldOfView>\n    <AspectRatio>${c.aspectRatio}</AspectRatio>\n`;
    xml += '  </PerspectiveCamera>\n';
  }
  return `${xml}</VisualizationInfo>\n`;
}

// ---- reading ----------------------------------------------------------------------------------------

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, jpath) =>
    [
      'Markup.Topic.Comments.Comment',
      'Markup.Topic.Viewpoints.ViewPoint',
      'Markup.Header.Files.File',
      'VisualizationInfo.Components.Selection.Component',
    ].includes(String(jpath)),
});

type Node = Record<string, unknown>;

function parse(text: string, where: string): Node {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new BcfFormatError(`${where} is not valid XML: ${valid.err.msg} (line ${valid.err.line})`);
  return parser.parse(text) as Node;
}
const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  return String(value).trim();
};
const nodeOf = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const listOf = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(nodeOf) : value ? [nodeOf(value)] : [];

/** The VersionId of bcf.version. */
export function parseVersionXml(text: string): string {
  const version = nodeOf(parse(text, 'bcf.version').Version);
  const id = textOf(version['@_VersionId']);
  if (!id) throw new BcfFormatError('bcf.version has no VersionId');
  return id;
}

export function parseMarkupXml(text: string, where = 'markup.bcf'): BcfTopic {
  const markup = parse(text, where).Markup;
  if (!markup) throw new BcfFormatError(`${where} has no Markup element`);
  const topic = nodeOf(nodeOf(markup).Topic);
  const guid = textOf(topic['@_Guid']);
  if (!guid) throw new BcfFormatError(`${where}: the Topic has no Guid`);
  if (!GUID.test(guid)) throw new BcfFormatError(`${where}: the Topic Guid '${guid}' is not a GUID`);
  const title = textOf(topic.Title);
  if (!title) throw new BcfFormatError(`${where}: the Topic has no Title`);
  const optional = (value: unknown) => textOf(value) || null;
  return {
    guid: guid.toLowerCase(),
    topicType: textOf(topic['@_TopicType']),
    topicStatus: textOf(topic['@_TopicStatus']),
    title,
    description: textOf(topic.Description),
    creationDate: textOf(topic.CreationDate),
    creationAuthor: textOf(topic.CreationAuthor),
    modifiedDate: optional(topic.ModifiedDate),
    assignedTo: optional(topic.AssignedTo),
    dueDate: optional(topic.DueDate),
    comments: listOf(nodeOf(topic.Comments).Comment).map((c) => ({
      guid: textOf(c['@_Guid']),
      date: textOf(c.Date),
      author: textOf(c.Author),
      comment: textOf(c.Comment),
    })),
    viewpoints: listOf(nodeOf(topic.Viewpoints).ViewPoint).map((v) => ({
      guid: textOf(v['@_Guid']),
      viewpoint: optional(v.Viewpoint),
      snapshot: optional(v.Snapshot),
    })),
  };
}

export function parseViewpointXml(text: string, where = 'viewpoint'): BcfViewpoint {
  const info = parse(text, where).VisualizationInfo;
  if (!info) throw new BcfFormatError(`${where} has no VisualizationInfo element`);
  const node = nodeOf(info);
  const vector = (value: unknown): BcfVector => {
    const v = nodeOf(value);
    return { x: Number(textOf(v.X)), y: Number(textOf(v.Y)), z: Number(textOf(v.Z)) };
  };
  const perspective = node.PerspectiveCamera ? nodeOf(node.PerspectiveCamera) : null;
  const camera: BcfCamera | null = perspective
    ? {
        position: vector(perspective.CameraViewPoint),
        direction: vector(perspective.CameraDirection),
        up: vector(perspective.CameraUpVector),
        fieldOfView: Number(textOf(perspective.FieldOfView)),
        aspectRatio: Number(textOf(perspective.AspectRatio) || '1'),
      }
    : null;
  const selection = listOf(nodeOf(nodeOf(node.Components).Selection).Component)
    .map((c) => textOf(c['@_IfcGuid']))
    .filter(Boolean);
  return { guid: textOf(node['@_Guid']), camera, selection };
}

/**
 * The camera of a viewer state, when it has one: Penstock's `{camera: {position, direction, up, fov}}`
 * or the platform viewer's `{viewport: {eye, target, up, fieldOfView, aspectRatio}}`.
 */
export function cameraFromViewerState(state: unknown): BcfCamera | null {
  const s = nodeOf(state);
  const isVec = (v: unknown): v is BcfVector => {
    const n = nodeOf(v);
    return [n.x, n.y, n.z].every((c) => typeof c === 'number' && Number.isFinite(c));
  };
  const fromArray = (v: unknown): BcfVector | null =>
    Array.isArray(v) && v.length === 3 && v.every((c) => Number.isFinite(Number(c)))
      ? { x: Number(v[0]), y: Number(v[1]), z: Number(v[2]) }
      : null;
  const camera = nodeOf(s.camera);
  if (
    isVec(camera.position) &&
    isVec(camera.direction) &&
    isVec(camera.up) &&
    typeof camera.fov === 'number'
  ) {
    return {
      position: camera.position,
      direction: camera.direction,
      up: camera.up,
      fieldOfView: camera.fov,
      aspectRatio: typeof camera.aspectRatio === 'number' ? camera.aspectRatio : 1,
    };
  }
  const viewport = nodeOf(s.viewport);
  const eye = fromArray(viewport.eye);
  const target = fromArray(viewport.target);
  const up = fromArray(viewport.up);
  if (eye && target && up && typeof viewport.fieldOfView === 'number') {
    const d = { x: target.x - eye.x, y: target.y - eye.y, z: target.z - eye.z };
    const length = Math.hypot(d.x, d.y, d.z) || 1;
    return {
      position: eye,
      direction: { x: d.x / length, y: d.y / length, z: d.z / length },
      up,
      fieldOfView: viewport.fieldOfView,
      aspectRatio: typeof viewport.aspectRatio === 'number' ? viewport.aspectRatio : 1,
    };
  }
  return null;
}

/** Penstock's viewer state for an imported camera. */
export const viewerStateFromCamera = (camera: BcfCamera) => ({
  camera: {
    position: camera.position,
    direction: camera.direction,
    up: camera.up,
    fov: camera.fieldOfView,
    aspectRatio: camera.aspectRatio,
  },
});
