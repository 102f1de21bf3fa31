/** BCF 3.0 XML: pure writers and readers of bcf.version, extensions.xml, markup.bcf and .bcfv files. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A problem with an imported file; its message is shown to the user (400). */
export class BcfFormatError extends Error {}

export interface BcfVector {
  x: number;
  y: number;
  z: number;
}
interface BcfCameraBase {
  position: BcfVector;
  direction: BcfVector;
  up: BcfVector;
  aspectRatio: number;
}
/** A BCF camera, in the IFC world frame (metres, Z up), as in the file. */
export type BcfCamera =
  | (BcfCameraBase & { kind: 'perspective'; fieldOfView: number })
  | (BcfCameraBase & { kind: 'orthogonal'; viewToWorldScale: number });
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
    const element = c.kind === 'orthogonal' ? 'OrthogonalCamera' : 'PerspectiveCamera';
    xml += `  <${element}>\n`;
    xml +=
      vec('CameraViewPoint', c.position) + vec('CameraDirection', c.direction) + vec('CameraUpVector', c.up);
    xml +=
      c.kind === 'orthogonal'
        ? `    <ViewToWorldScale>${c.viewToWorldScale}</ViewToWorldScale>\n`
        : `    <FieldOfView>${c.fieldOfView}</FieldOfView>\n`;
    xml += `    <AspectRatio>${c.aspectRatio}</AspectRatio>\n`;
    xml += `  </${element}>\n`;
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
  const number = (value: unknown, name: string): number => {
    const text = textOf(value);
    const n = Number(text);
    if (!text || !Number.isFinite(n)) throw new BcfFormatError(`${where}: ${name} is not a number`);
    return n;
  };
  const vector = (value: unknown, name: string): BcfVector => {
    const v = nodeOf(value);
    return { x: number(v.X, `${name}/X`), y: number(v.Y, `${name}/Y`), z: number(v.Z, `${name}/Z`) };
  };
  const base = (element: Node, name: string) => ({
    position: vector(element.CameraViewPoint, `${name}/CameraViewPoint`),
    direction: vector(element.CameraDirection, `${name}/CameraDirection`),
    up: vector(element.CameraUpVector, `${name}/CameraUpVector`),
    aspectRatio: textOf(element.AspectRatio) ? number(element.AspectRatio, `${name}/AspectRatio`) : 1,
  });
  let camera: BcfCamera | null = null;
  if (node.PerspectiveCamera) {
    const element = nodeOf(node.PerspectiveCamera);
    camera = {
      kind: 'perspective',
      ...base(element, 'PerspectiveCamera'),
      fieldOfView: number(element.FieldOfView, 'PerspectiveCamera/FieldOfView'),
    };
  } else if (node.OrthogonalCamera) {
    const element = nodeOf(node.OrthogonalCamera);
    camera = {
      kind: 'orthogonal',
      ...base(element, 'OrthogonalCamera'),
      viewToWorldScale: number(element.ViewToWorldScale, 'OrthogonalCamera/ViewToWorldScale'),
    };
  }
  const selection = listOf(nodeOf(nodeOf(node.Components).Selection).Component)
    .map((c) => textOf(c['@_IfcGuid']))
    .filter(Boolean);
  return { guid: textOf(node['@_Guid']), camera, selection };
}

/**
 * IFC and BCF are Z-up (right-handed, metres); the three.js viewer (and That Open's IfcImporter, which
 * builds the .frag files) is Y-up. The rotation between them is a quarter turn about X:
 * (x, y, z)_ifc → (x, z, −y)_three, and back (x, y, z)_three → (x, −z, y)_ifc.
 *
 * Assumption, not checked here: IfcImporter also runs web-ifc with COORDINATE_TO_ORIGIN, which shifts a
 * model far from the origin by its coordination matrix; that offset is not recorded by the conversion, so
 * it is not applied. For models placed near the origin (the usual case, and the fixtures) the two frames
 * then agree; for geo-referenced models the imported camera is off by that offset.
 */
// (0 - v, not -v: no -0 in stored JSON or tests)
export const ifcToThree = (v: BcfVector): BcfVector => ({ x: v.x, y: v.z, z: 0 - v.y });
export const threeToIfc = (v: BcfVector): BcfVector => ({ x: v.x, y: 0 - v.z, z: v.y });

/** Field of view of the model viewer's perspective camera, for states that do not carry one. */
export const VIEWER_FIELD_OF_VIEW = 50;
/** How far ahead of an imported camera the orbit target is put (metres). */
export const TARGET_DISTANCE = 10;

/**
 * A ModelViewerState (packages/viewer: {version: 1, kind: '3d', camera: {position, target}, plan, selection})
 * for an imported camera and the localIds it selects. The orbit target is put TARGET_DISTANCE ahead.
 */
export function modelViewerStateFromBcf(camera: BcfCamera, selection: number[]) {
  const length = Math.hypot(camera.direction.x, camera.direction.y, camera.direction.z) || 1;
  const k = TARGET_DISTANCE / length;
  const target = {
    x: camera.position.x + camera.direction.x * k,
    y: camera.position.y + camera.direction.y * k,
    z: camera.position.z + camera.direction.z * k,
  };
  return {
    version: 1 as const,
    kind: '3d' as const,
    camera: { position: ifcToThree(camera.position), target: ifcToThree(target) },
    plan: null,
    selection,
  };
}

/**
 * The camera of a viewer state, when it has one: the model viewer's ModelViewerState
 * `{version: 1, kind: '3d', camera: {position, target}}` (three.js frame, Y up), Penstock's older
 * `{camera: {position, direction, up, fov}}` or the platform viewer's
 * `{viewport: {eye, target, up, fieldOfView, aspectRatio}}` (both taken as in the IFC frame).
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
      kind: 'perspective',
      position: camera.position,
      direction: camera.direction,
      up: camera.up,
      fieldOfView: camera.fov,
      aspectRatio: typeof camera.aspectRatio === 'number' ? camera.aspectRatio : 1,
    };
  }
  if (s.version === 1 && s.kind === '3d' && isVec(camera.position) && isVec(camera.target)) {
    const position = threeToIfc(camera.position);
    const target = threeToIfc(camera.target);
    const d = { x: target.x - position.x, y: target.y - position.y, z: target.z - position.z };
    const length = Math.hypot(d.x, d.y, d.z);
    if (length > 0) {
      const direction = { x: d.x / length, y: d.y / length, z: d.z / length };
      return {
        kind: 'perspective',
        position,
        direction,
        up: upVectorFor(direction),
        fieldOfView: VIEWER_FIELD_OF_VIEW,
        aspectRatio: 1,
      };
    }
  }
  const viewport = nodeOf(s.viewport);
  const eye = fromArray(viewport.eye);
  const target = fromArray(viewport.target);
  const up = fromArray(viewport.up);
  if (eye && target && up && typeof viewport.fieldOfView === 'number') {
    const d = { x: target.x - eye.x, y: target.y - eye.y, z: target.z - eye.z };
    const length = Math.hypot(d.x, d.y, d.z) || 1;
    return {
      kind: 'perspective',
      position: eye,
      direction: { x: d.x / length, y: d.y / length, z: d.z / length },
      up,
      fieldOfView: viewport.fieldOfView,
      aspectRatio: typeof viewport.aspectRatio === 'number' ? viewport.aspectRatio : 1,
    };
  }
  return null;
}

/** The up vector of a camera that keeps world Z (IFC up) up: Z minus its part along the direction. */
export function upVectorFor(direction: BcfVector): BcfVector {
  const along = direction.z;
  const u = { x: -along * direction.x, y: -along * direction.y, z: 1 - along * direction.z };
  const length = Math.hypot(u.x, u.y, u.z);
  return length > 1e-9
    ? { x: u.x / length + 0, y: u.y / length + 0, z: u.z / length + 0 }
    : { x: 0, y: 1, z: 0 };
}
