import { XMLParser } from 'fast-xml-parser';
import { createError } from '../core/errors.js';

/** An XML element with its children in document order; `name` is the local name (namespace prefix dropped). */
export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** Text content of a text node (name '#text'). */
  text?: string;
}

/** Deepest element nesting an XML part may have; office formats need a few dozen levels (tables in tables). */
export const MAX_XML_DEPTH = 256;

const parser = new XMLParser({
  maxNestedTags: MAX_XML_DEPTH,
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Also decodes numeric character references (&#233; &#x4E2D;), which the XML-only mode leaves as they are.
  htmlEntities: true,
});

type Raw = Record<string, unknown>;

/** Parses XML into an ordered tree under a synthetic '#document' node; malformed XML → FILE_CORRUPT naming `what`. */
export function parseXml(xml: string, what: string): XNode {
  let raw: Raw[];
  try {
    raw = parser.parse(xml) as Raw[];
  } catch (err) {
    if (err instanceof Error && /nested tags/i.test(err.message)) throw depthError(what);
    throw createError('FILE_CORRUPT', [`${what} is not well-formed XML`], { permanent: true, cause: err });
  }
  return { name: '#document', attrs: {}, children: raw.map(convert).filter((n): n is XNode => n !== null) };
}

function convert(raw: Raw): XNode | null {
  const attrs = (raw[':@'] as Record<string, string> | undefined) ?? {};
  for (const key of Object.keys(raw)) {
    if (key === ':@') continue;
    if (key === '#text') return { name: '#text', attrs: {}, children: [], text: String(raw[key]) };
    if (key.startsWith('?')) return null;
    const kids = Array.isArray(raw[key]) ? (raw[key] as Raw[]) : [];
    return { name: localName(key), attrs, children: kids.map(convert).filter((n): n is XNode => n !== null) };
  }
  return null;
}

export const localName = (qname: string): string => qname.slice(qname.indexOf(':') + 1);

/** Attribute by local name (namespace prefix ignored). */
export function attr(node: XNode, name: string): string | undefined {
  if (name in node.attrs) return node.attrs[name];
  for (const [k, v] of Object.entries(node.attrs)) if (localName(k) === name) return v;
  return undefined;
}

/** Direct children with the given local name. */
export function kids(node: XNode, name: string): XNode[] {
  return node.children.filter((c) => c.name === name);
}

/** First descendant (depth-first, document order) with the given local name. */
export function find(node: XNode, name: string): XNode | null {
  for (const c of node.children) {
    if (c.name === name) return c;
    const hit = find(c, name);
    if (hit) return hit;
  }
  return null;
}

/** All descendants with the given local name, not descending into matches. */
export function findAll(node: XNode, name: string, out: XNode[] = []): XNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

/** Concatenated text of the descendant elements named `textTag` (e.g. 't'), or of all text nodes when omitted. */
export function textOf(node: XNode, textTag?: string): string {
  let out = '';
  const walk = (n: XNode, inside: boolean) => {
    for (const c of n.children) {
      if (c.name === '#text') {
        if (inside) out += c.text ?? '';
      } else walk(c, inside || c.name === textTag);
    }
  };
  walk(node, textTag === undefined);
  return out;
}

function depthError(what: string) {
  return createError('EXTRACTION_LIMIT', [`${what} nests XML elements more than ${MAX_XML_DEPTH} levels deep`], { permanent: true });
}

/**
 * Element nesting depth of XML text, by one linear scan (comments, CDATA, processing instructions and declarations
 * skipped), stopping once past `stopAt`: a check before handing a part to a parser that recurses (mammoth).
 */
export function xmlDepth(xml: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let i = 0;
  while ((i = xml.indexOf('<', i)) !== -1) {
    let close = '>';
    if (xml.startsWith('<!--', i)) close = '-->';
    else if (xml.startsWith('<![CDATA[', i)) close = ']]>';
    else if (xml.startsWith('<!DOCTYPE', i)) {
      // An internal subset ([...]) may hold markup in entity values: it ends at "]>".
      const bracket = xml.indexOf('[', i);
      const gt = xml.indexOf('>', i);
      if (bracket !== -1 && bracket < gt) close = ']>';
    }
    const end = xml.indexOf(close, i + 1);
    if (end === -1) break;
    const next = xml.charCodeAt(i + 1);
    // 47 '/', 33 '!', 63 '?': a closing tag, a declaration or comment, a processing instruction.
    if (next === 47) depth--;
    else if (next !== 33 && next !== 63 && xml.charCodeAt(end - 1) !== 47) {
      depth++;
      if (depth > max) max = depth;
      if (max > stopAt) return max;
    }
    i = end + close.length;
  }
  return max;
}

/** EXTRACTION_LIMIT when `xml` nests elements deeper than MAX_XML_DEPTH. */
export function assertXmlDepth(xml: string, what: string): void {
  if (xmlDepth(xml, MAX_XML_DEPTH) > MAX_XML_DEPTH) throw depthError(what);
}
