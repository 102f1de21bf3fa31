// Sanitising SVG markup (issue 13: a symbol file inlined into an exported sketch, or a whole drawing the
// server receives to print). Pure string work, no DOM: a small tokenizer keeps a list of vector elements and
// safe attributes and writes well-formed XML back.

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** An embedded picture an exported sketch may carry (the uploaded-image formats). */
export const SVG_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

// XML 1.0 refuses these characters anywhere, even escaped
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text or an attribute value made safe for XML. */
export function escapeSvgText(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'title',
  'desc',
  'clipPath',
  'mask',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'marker',
  'image',
]);

/**
 * Comments, CDATA, declarations, PIs, end tags, start tags, text and a lone '<'. Names, unquoted values and
 * quoted values never run past a '<', so a failed start tag costs only the text up to the next '<' (no
 * quadratic scans over hostile input).
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<![^<>]*>|<\?[\s\S]*?(?:\?>|$)|<\/\s*([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>"'<]+(?:\s*=\s*(?:"[^"<]*"|'[^'<]*'|[^\s"'<>]+))?)*)\s*(\/?)>|([^<]+)|</g;
const ATTRIBUTE = /([^\s=/>"'<]+)(?:\s*=\s*(?:"([^"<]*)"|'([^'<]*)'|([^\s"'<>]+)))?/g;
const ATTRIBUTE_NAME = /^[A-Za-z_][\w:.-]*$/;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/** Text as written in the source, re-escaped: known entity references kept, anything else escaped. */
function reescape(raw: string): string {
  return escapeSvgText(decodeEntities(raw));
}

/** A safe attribute value (decoded), or null to drop the attribute. */
function safeAttribute(element: string, name: string, value: string, prefix: string): string | null {
  const lower = name.toLowerCase();
  if (!ATTRIBUTE_NAME.test(name) || lower.startsWith('on')) return null;
  if (lower === 'xmlns' || lower.startsWith('xmlns:')) return null;
  // browsers ignore blanks and control characters inside a scheme ('java\tscript:'): check without them
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\s\u0000-\u001F]+/g, '').toLowerCase();
  if (lower === 'href' || lower === 'xlink:href') {
    if (value.startsWith('#')) return `#${prefix}${value.slice(1)}`;
    return element === 'image' && SVG_DATA_IMAGE.test(value.trim()) ? value.trim() : null;
  }
  if (/(javascript|vbscript|data):/.test(squeezed) || squeezed.includes('expression(')) return null;
  if (squeezed.includes('@import') || (lower === 'style' && squeezed.includes('\\'))) return null;
  // every url(...) must point inside this document
  for (const match of squeezed.matchAll(/url\(([^)]*)\)/g)) if (!/^['"]?#/.test(match[1] ?? '')) return null;
  if (lower === 'id') return `${prefix}${value}`;
  return prefix ? value.replace(/url\(\s*(['"]?)#/g, `url($1#${prefix}`) : value;
}

export interface SanitisedSvg {
  /** the root <svg>'s kept attributes, decoded */
  rootAttributes: Array<[string, string]>;
  /** the root's content, safe to inline */
  inner: string;
}

/**
 * Keeps the drawing parts of SVG markup: elements outside a small vector list (script, foreignObject,
 * style, a, animation, filters, ...) are dropped with their content, as are event attributes, links outside
 * the document (an image may keep a data: PNG, JPEG, GIF or WebP), javascript:/data: values, url()s to
 * elsewhere, comments, processing instructions and the doctype (no entity expansion). Ids and the
 * references to them get the prefix, so several inlined files cannot collide. Null when the root is not <svg>.
 */
export function sanitiseSvg(markup: string, prefix = ''): SanitisedSvg | null {
  const out: string[] = [];
  const open: string[] = [];
  let rootAttributes: Array<[string, string]> | null = null;
  let rootClosed = false;
  let skipDepth = 0;
  // the prolog (XML declaration, comments, a doctype with its entities) is skipped whole: no entity expansion
  const root = markup.search(/<svg[\s/>]/);
  if (root < 0) return null;
  for (const token of markup.slice(root).matchAll(TOKEN)) {
    if (rootClosed) break;
    const [whole, cdata, endName, startName, attributeText, selfClosing, text] = token;
    if (endName !== undefined) {
      if (skipDepth > 0) {
        skipDepth -= 1;
        continue;
      }
      const at = open.lastIndexOf(endName);
      if (at < 0) continue;
      while (open.length > at + 1) out.push(`</${open.pop()}>`);
      open.pop();
      if (open.length === 0 && rootAttributes) rootClosed = true;
      else out.push(`</${endName}>`);
      continue;
    }
    if (startName !== undefined) {
      if (skipDepth > 0 || !ALLOWED_ELEMENTS.has(startName) || (!rootAttributes && startName !== 'svg')) {
        if (!rootAttributes && startName !== 'svg') return null;
        if (!selfClosing) skipDepth += 1;
        continue;
      }
      const attributes: Array<[string, string]> = [];
      const seen = new Set<string>();
      for (const attribute of (attributeText ?? '').matchAll(ATTRIBUTE)) {
        const name = attribute[1]!;
        if (seen.has(name)) continue;
        seen.add(name);
        const raw = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
        const safe = safeAttribute(startName, name, decodeEntities(raw), prefix);
        if (safe !== null) attributes.push([name, safe]);
      }
      if (!rootAttributes) {
        rootAttributes = attributes;
        if (selfClosing) rootClosed = true;
        else open.push(startName);
        continue;
      }
      const written = attributes.map(([name, value]) => ` ${name}="${escapeSvgText(value)}"`).join('');
      if (selfClosing) out.push(`<${startName}${written}/>`);
      else {
        out.push(`<${startName}${written}>`);
        open.push(startName);
      }
      continue;
    }
    if (skipDepth > 0 || !rootAttributes) continue;
    if (cdata !== undefined) out.push(escapeSvgText(cdata));
    else if (text !== undefined) out.push(reescape(text));
    else if (whole === '<') out.push('&lt;');
  }
  if (!rootAttributes) return null;
  while (open.length > 1) out.push(`</${open.pop()}>`);
  return { rootAttributes, inner: out.join('') };
}

/** Whole SVG markup, sanitised as symbols are (for text received from elsewhere); null when it is not SVG. */
export function sanitiseSvgMarkup(markup: string): string | null {
  const result = sanitiseSvg(markup);
  if (!result) return null;
  const attributes = result.rootAttributes
    .map(([name, value]) => ` ${name}="${escapeSvgText(value)}"`)
    .join('');
  return `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"${attributes}>${result.inner}</svg>`;
}
