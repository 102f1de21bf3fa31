// A small element tree for the Proteus XML: the writer builds one and prints it, the reader and the rule
// check walk one parsed by fast-xml-parser (order kept, since the order of a segment's children is data).
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** the element's own text (Proteus puts data in attributes; Description and a few others hold text) */
  text?: string;
}

/** An element with its attributes (undefined and '' values left out) and children. */
export function el(
  name: string,
  attrs: Record<string, string | number | undefined> = {},
  children: Array<XmlElement | null | undefined | false> = [],
): XmlElement {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(attrs))
    if (value !== undefined && value !== '') kept[key] = typeof value === 'number' ? num(value) : value;
  return { name, attrs: kept, children: children.filter((child): child is XmlElement => !!child) };
}

/** A number as the file writes it: at most three decimals, no '-0'. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

const escapeAttr = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The document as text: an XML declaration, then the tree indented by two spaces. */
export function printXml(root: XmlElement): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const print = (node: XmlElement, depth: number) => {
    const pad = '  '.repeat(depth);
    const attrs = Object.entries(node.attrs)
      .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
      .join('');
    if (node.children.length === 0 && !node.text) lines.push(`${pad}<${node.name}${attrs}/>`);
    else if (node.children.length === 0)
      lines.push(`${pad}<${node.name}${attrs}>${escapeText(node.text!)}</${node.name}>`);
    else {
      lines.push(`${pad}<${node.name}${attrs}>`);
      for (const child of node.children) print(child, depth + 1);
      lines.push(`${pad}</${node.name}>`);
    }
  };
  print(root, 0);
  return `${lines.join('\n')}\n`;
}

/** XML that is not well-formed: where (line, column) and why. */
export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`The file is not well-formed XML: line ${line}, column ${column}: ${reason}`);
    this.name = 'XmlSyntaxError';
  }
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string>; '#text'?: unknown };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

function toElement(node: Ordered): XmlElement | null {
  const name = Object.keys(node).find((key) => key !== ':@');
  if (!name || name === '#text') return null;
  const content = (node[name] as Ordered[]) ?? [];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of content) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const element = toElement(child);
      if (element) children.push(element);
    }
  }
  return { name, attrs: { ...(node[':@'] ?? {}) }, children, ...(text ? { text } : {}) };
}

/** The document's root element; XmlSyntaxError when the text is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const check = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (check !== true) throw new XmlSyntaxError(check.err.line, check.err.col, check.err.msg);
  const nodes = parser.parse(text) as Ordered[];
  const roots = nodes.map(toElement).filter((node): node is XmlElement => !!node);
  if (roots.length !== 1) throw new XmlSyntaxError(1, 1, 'the file has no single root element');
  return roots[0]!;
}

/** The children of an element with a given name. */
export const childrenNamed = (node: XmlElement, name: string) =>
  node.children.filter((child) => child.name === name);
export const childNamed = (node: XmlElement, name: string) =>
  node.children.find((child) => child.name === name);

/** Every element below (and including) a node, depth first, in document order. */
export function* walk(node: XmlElement): Generator<XmlElement> {
  yield node;
  for (const child of node.children) yield* walk(child);
}
