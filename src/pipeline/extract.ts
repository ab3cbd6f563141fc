import { createError } from '../core/errors.js';
import { summarize } from '../text/summary.js';
import type { DocumentRecord, DocumentType } from '../core/types.js';
import { detectContent } from './detect-content.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { extractFetchedFile, extractStoredFile } from './extract-file.js';
import { withFailurePatch } from './failure-patch.js';
import { fetchUrl } from '../providers/fetch-url.js';
import { detectBufferType } from '../extract/detect.js';
import { htmlToMarkdown } from '../extract/html-to-markdown.js';
import { decodeText } from '../extract/text-decode.js';

export interface Extraction {
  content: string;
  title: string | null;
  type: DocumentType;
  url: string | null;
  summary: string | null;
  /** What a file extractor reported (mime, extractor, pages, engine...), for processingMetadata. */
  details?: Record<string, unknown>;
}

type Extracted = Omit<Extraction, 'summary'>;

/** Text types a fetched URL's body is decoded as directly; everything else (JSON included) goes to the file extractors. */
const TEXT_MIMES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);

/**
 * Step 1: turns the document's raw content (text, markdown, HTML or a URL) or its uploaded file into text. The summary
 * is computed from that text the same way whatever the input was (see summarize).
 */
export async function extractDocument(deps: PipelineDeps, doc: DocumentRecord, progress?: ProgressFn): Promise<Extraction> {
  let result: Extracted;
  if (doc.file) {
    const x = await extractStoredFile(deps, doc, progress);
    result = { content: x.content, title: x.title, type: x.type, url: null, details: { mime: x.mime, extractor: x.extractor, ...x.details } };
  } else {
    const kind = detectContent(doc.raw);
    if (kind === 'url') result = await extractUrl(deps, doc, doc.raw.trim(), progress);
    else if (kind === 'html') {
      const html = htmlToMarkdown(doc.raw);
      result = { content: html.markdown, title: html.title, type: 'webpage', url: null };
    } else {
      result = { content: normalizeText(doc.raw), title: null, type: 'text', url: null };
    }
  }
  if (result.content.trim() === '') throw withFailurePatch(createError('EMPTY_CONTENT', [], { permanent: true }), { type: result.type, url: result.url });
  const title = doc.title ?? result.title ?? (doc.file ? doc.file.filename : null) ?? firstLineTitle(result.content);
  return { ...result, title, summary: summarize(result.content, title) };
}

async function extractUrl(deps: PipelineDeps, doc: DocumentRecord, url: string, progress?: ProgressFn): Promise<Extracted> {
  const res = await fetchUrl(url, deps.config.urlFetch);
  const filename = decodeURIComponent(new URL(res.url).pathname.split('/').pop() ?? '') || null;
  const detected = await detectBufferType(res.body, { filename, declared: [res.contentType] });
  if (detected.mime === 'text/html' || detected.mime === 'application/xhtml+xml') {
    const html = htmlToMarkdown(decode(res.body, res.contentType), res.url);
    return { content: html.markdown, title: html.title, type: 'webpage', url: res.url };
  }
  if (TEXT_MIMES.has(detected.mime)) return { content: normalizeText(decode(res.body, res.contentType)), title: null, type: 'webpage', url: res.url };
  // A PDF, image, office document, audio or video: the same extractors as an upload. A failure keeps the detected
  // type and final address on the document, so it lists as the PDF (image, ...) it is.
  try {
    const x = await extractFetchedFile(deps, doc, res.body, filename, detected, progress);
    return { content: x.content, title: x.title, type: x.type, url: res.url, details: { mime: x.mime, extractor: x.extractor, ...x.details } };
  } catch (err) {
    throw withFailurePatch(err as Error, { url: res.url, type: detected.documentType });
  }
}

/** A fetched text body → string: BOM, then the Content-Type's charset, then the same sniffing as uploaded text. */
function decode(body: Buffer, contentType: string): string {
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1] ?? null;
  return decodeText(body, { declared: charset }).text;
}

function normalizeText(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(/\u0000/g, '').trim();
}

function firstLineTitle(content: string): string | null {
  const line = content.split('\n').find((l) => l.trim() !== '');
  if (!line) return null;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
