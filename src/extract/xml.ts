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

const parser = new XMLParser({
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
