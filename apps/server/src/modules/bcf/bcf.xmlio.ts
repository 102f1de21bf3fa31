/** XML reading and writing shared by the BCF 3.0 and 2.x formats: escaping, parsing, cameras, dates. */
import crypto from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BcfFormatError, type BcfCamera, type BcfVector } from './bcf.types.ts';

export const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>value</name>` on its own line, or nothing for an empty value. */
export const el = (name: string, value: string | number | null | undefined, indent: string): string =>
  value === null || value === undefined || value === ''
    ? ''
    : `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;

export type XmlNode = Record<string, unknown>;

/** A parser that validates first (the message names the file) and keeps the listed paths as arrays. */
export function xmlReader(arrayPaths: readonly string[]): (text: string, where: string) => XmlNode {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (_name, jpath) => arrayPaths.includes(String(jpath)),
  });
  return (text, where) => {
    const valid = XMLValidator.validate(text);
    if (valid !== true)
      throw new BcfFormatError(`${where} is not valid XML: ${valid.err.msg} (line ${valid.err.line})`);
    return parser.parse(text) as XmlNode;
  };
}

export const textOf = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return textOf((value as XmlNode)['#text']);
  return String(value).trim();
};
export const nodeOf = (value: unknown): XmlNode =>
  value && typeof value === 'object' ? (value as XmlNode) : {};
export const listOf = (value: unknown): XmlNode[] =>
  Array.isArray(value) ? value.map(nodeOf) : value ? [nodeOf(value)] : [];
export const optionalText = (value: unknown): string | null => textOf(value) || null;

/** An Index element: a whole number, or null when absent or not one. */
export function indexOf(value: unknown): number | null {
  const text = textOf(value);
  return /^-?\d+$/.test(text) ? Number(text) : null;
}

/** The VersionId of bcf.version (any BCF version). */
export function parseVersionXml(text: string): string {
  const version = nodeOf(xmlReader([])(text, 'bcf.version').Version);
  const id = textOf(version['@_VersionId']);
  if (!id) throw new BcfFormatError('bcf.version has no VersionId');
  return id;
}

/**
 * The PerspectiveCamera or OrthogonalCamera of a VisualizationInfo (the same in BCF 2.x and 3.0, which
 * adds AspectRatio), or null when it has neither. A value that is not a number is refused.
 */
export function readCamera(info: XmlNode, where: string): BcfCamera | null {
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
  const base = (element: XmlNode, name: string) => ({
    position: vector(element.CameraViewPoint, `${name}/CameraViewPoint`),
    direction: vector(element.CameraDirection, `${name}/CameraDirection`),
    up: vector(element.CameraUpVector, `${name}/CameraUpVector`),
    aspectRatio: textOf(element.AspectRatio) ? number(element.AspectRatio, `${name}/AspectRatio`) : 1,
  });
  if (info.PerspectiveCamera) {
    const element = nodeOf(info.PerspectiveCamera);
    return {
      kind: 'perspective',
      ...base(element, 'PerspectiveCamera'),
      fieldOfView: number(element.FieldOfView, 'PerspectiveCamera/FieldOfView'),
    };
  }
  if (info.OrthogonalCamera) {
    const element = nodeOf(info.OrthogonalCamera);
    return {
      kind: 'orthogonal',
      ...base(element, 'OrthogonalCamera'),
      viewToWorldScale: number(element.ViewToWorldScale, 'OrthogonalCamera/ViewToWorldScale'),
    };
  }
  return null;
}

/** The camera element of a viewpoint file; BCF 2.1 has no AspectRatio. */
export function writeCameraXml(camera: BcfCamera, withAspectRatio: boolean): string {
  const vec = (name: string, v: BcfVector) =>
    `    <${name}>\n      <X>${v.x}</X>\n      <Y>${v.y}</Y>\n      <Z>${v.z}</Z>\n    </${name}>\n`;
  const element = camera.kind === 'orthogonal' ? 'OrthogonalCamera' : 'PerspectiveCamera';
  let xml = `  <${element}>\n`;
  xml +=
    vec('CameraViewPoint', camera.position) +
    vec('CameraDirection', camera.direction) +
    vec('CameraUpVector', camera.up);
  xml +=
    camera.kind === 'orthogonal'
      ? `    <ViewToWorldScale>${camera.viewToWorldScale}</ViewToWorldScale>\n`
      : `    <FieldOfView>${camera.fieldOfView}</FieldOfView>\n`;
  if (withAspectRatio) xml += `    <AspectRatio>${camera.aspectRatio}</AspectRatio>\n`;
  return `${xml}  </${element}>\n`;
}

/**
 * A BCF dateTime as an ISO instant, or null when it is not one. A time without a zone (common in BCF 2.x
 * files) is taken as UTC, so the answer does not depend on the server's time zone.
 */
export function bcfInstant(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text) ? `${text}Z` : text;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A GUID derived from a name: the same name always gives the same GUID (for files that leave one out). */
export function nameGuid(name: string): string {
  const hex = crypto.createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
