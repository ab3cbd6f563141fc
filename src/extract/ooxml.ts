import path from 'node:path/posix';
import { attr, find, kids, parseXml, textOf, type XNode } from './xml.js';
import type { ZipArchive } from './zip.js';

/** Shared bits of the OOXML packages (DOCX, PPTX, XLSX): relationships and core properties. */

/** Relationship id → target path inside the package, for the part `part` (e.g. "ppt/slides/slide1.xml"). */
export function relationships(zip: ZipArchive, part: string): Map<string, string> {
  const dir = path.dirname(part);
  const relsPath = path.join(dir, '_rels', `${path.basename(part)}.rels`);
  const xml = zip.text(relsPath);
  const out = new Map<string, string>();
  if (!xml) return out;
  for (const rel of kids(find(parseXml(xml, relsPath), 'Relationships') ?? { name: '', attrs: {}, children: [] }, 'Relationship')) {
    const id = attr(rel, 'Id');
    const target = attr(rel, 'Target');
    if (!id || !target || attr(rel, 'TargetMode') === 'External') continue;
    out.set(id, target.startsWith('/') ? target.slice(1) : path.normalize(path.join(dir, target)));
  }
  return out;
}

/**
 * The relationship id an element points through (r:id). Not attr(node, 'id'): p:sldId carries both a numeric id and
 * r:id, and only the prefixed one names a relationship.
 */
export function relId(node: XNode): string | undefined {
  return Object.entries(node.attrs).find(([k]) => k.endsWith(':id'))?.[1];
}

/** dc:title from docProps/core.xml, when set. */
export function coreTitle(zip: ZipArchive): string | null {
  const xml = zip.text('docProps/core.xml');
  if (!xml) return null;
  const node = find(parseXml(xml, 'docProps/core.xml'), 'title');
  const title = node ? textOf(node).trim() : '';
  return title || null;
}

/** Only the XML parts of a package are inflated (media are counted but never decompressed). */
export const isXmlPart = (name: string): boolean => /\.(xml|rels)$/i.test(name);
