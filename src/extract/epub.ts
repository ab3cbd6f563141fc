import path from 'node:path/posix';
import { createError } from '../core/errors.js';
import { htmlFragmentToMarkdown } from './html-fragment.js';
import type { Extractor } from './types.js';
import { attr, find, findAll, kids, parseXml, textOf } from './xml.js';
import { normalizeText } from './text-decode.js';
import { MAX_PARSED_PART_BYTES, readZip } from './zip.js';

/**
 * EPUB → markdown: the OPF package (found through META-INF/container.xml) gives the title and the spine; each XHTML
 * chapter in spine order goes through htmlFragmentToMarkdown. Images are never inflated.
 */
export const epubExtractor: Extractor = {
  name: 'epub',
  mimes: ['application/epub+zip'],
  async extract(input, ctx) {
    const zip = await readZip(await input.bytes(), ctx, { format: 'EPUB', want: (n) => /\.(xml|opf|x?html?|ncx)$/i.test(n), maxEntryBytes: MAX_PARSED_PART_BYTES });
    const encrypted = encryptedParts(zip.text('META-INF/encryption.xml'));
    const container = zip.text('META-INF/container.xml');
    const rootfile = container ? find(parseXml(container, 'META-INF/container.xml'), 'rootfile') : null;
    const opfPath = (rootfile && attr(rootfile, 'full-path')) || zip.names.find((n) => n.toLowerCase().endsWith('.opf'));
    const opfXml = opfPath ? zip.text(opfPath) : null;
    if (!opfPath || !opfXml) throw createError('FILE_CORRUPT', ['not an EPUB book (no OPF package document)'], { permanent: true });
    const opf = parseXml(opfXml, opfPath);
    const metadata = find(opf, 'metadata');
    const titleNode = metadata ? find(metadata, 'title') : null;
    const title = titleNode ? textOf(titleNode).trim() || null : null;
    const manifest = new Map<string, string>();
    for (const item of findAll(find(opf, 'manifest') ?? opf, 'item')) {
      const id = attr(item, 'id');
      const href = attr(item, 'href');
      if (id && href) manifest.set(id, resolveHref(opfPath, href));
    }
    const spine = find(opf, 'spine');
    const chapters = (spine ? kids(spine, 'itemref') : []).map((r) => manifest.get(attr(r, 'idref') ?? '')).filter((p): p is string => !!p);
    // Font obfuscation also uses encryption.xml; only encrypted chapters (DRM) make the text unreadable.
    if (chapters.some((c) => encrypted.has(c))) throw createError('FILE_ENCRYPTED', ['the EPUB is DRM-protected (its chapters are encrypted)'], { permanent: true });
    if (chapters.length > ctx.limits.maxPages) {
      throw createError('EXTRACTION_LIMIT', [`${chapters.length} chapters; at most ${ctx.limits.maxPages} are extracted`], { permanent: true });
    }
    const parts: string[] = [];
    for (const [i, chapter] of chapters.entries()) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const html = zip.text(chapter);
      if (html) {
        const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
        const md = htmlFragmentToMarkdown(body, { what: `the EPUB chapter ${chapter}` });
        if (md) parts.push(md);
      }
      ctx.progress({ unit: 'pages', done: i + 1, total: chapters.length, phase: 'chapters' });
    }
    const content = normalizeText(parts.join('\n\n'));
    if (!content.trim()) throw createError('EMPTY_CONTENT', [], { permanent: true });
    return { content, title, type: 'text', details: { format: 'epub', chapters: chapters.length } };
  },
};

/** Entry names listed as encrypted in META-INF/encryption.xml (CipherReference URIs are relative to the container root). */
function encryptedParts(xml: string | null): Set<string> {
  if (!xml) return new Set();
  return new Set(findAll(parseXml(xml, 'META-INF/encryption.xml'), 'CipherReference').map((r) => resolveHref('', attr(r, 'URI') ?? '')));
}

/** A manifest href (relative to the OPF file, URL-encoded, maybe with a fragment) → the entry name in the zip. */
function resolveHref(opfPath: string, href: string): string {
  const clean = href.split('#')[0]!;
  let decoded = clean;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    // keep it as written
  }
  return path.normalize(path.join(path.dirname(opfPath), decoded)).replace(/^\.\//, '');
}
