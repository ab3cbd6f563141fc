import { createError, isAppError } from '../core/errors.js';
import { summarize } from '../text/summary.js';
import type { DocumentRecord, DocumentType } from '../core/types.js';
import { detectContent } from './detect-content.js';
import type { PipelineDeps, ProgressFn } from './deps.js';
import { DEFAULT_EXTRACT_LIMITS, extractFetchedFile, extractStoredFile } from './file-to-text.js';
import { withFailurePatch } from './failure-patch.js';
import { fetchUrl } from '../providers/fetch-url.js';
import { detectBufferType } from '../extract/detect.js';
import type { HtmlExtraction } from '../extract/html-to-markdown.js';
import { runInSandbox } from '../extract/sandbox/isolated.js';
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
      const html = await htmlPage(deps, doc.raw);
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
    const html = await htmlPage(deps, decode(res.body, res.contentType), res.url);
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

/**
 * An HTML page → its readable part as markdown, parsed in the extraction sandbox under the parse time limit: a
 * hostile page (thousands of nested elements) fails with EXTRACTION_LIMIT and never blocks the event loop.
 */
async function htmlPage(deps: PipelineDeps, html: string, url?: string): Promise<HtmlExtraction> {
  const limits = deps.config.extraction?.limits ?? DEFAULT_EXTRACT_LIMITS;
  try {
    return await runInSandbox<HtmlExtraction>('html-page', { html, url }, limits, { what: 'the HTML page' });
  } catch (err) {
    if (isAppError(err)) throw err;
    deps.logger.warn('HTML extraction failed', { error: err instanceof Error ? err.message : String(err) });
    throw createError('EXTRACTION_FAILED', ['the HTML page could not be read'], { permanent: true, cause: err });
  }
}

/** A fetched text body → string: BOM, then the Content-Type's charset, then the same sniffing as uploaded text. */
function decode(body: Buffer, contentType: string): string {
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1] ?? null;
  return decodeText(body, { declared: charset }).text;
}

function normalizeText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(/\u0000/g, '')
    .trim();
}

function firstLineTitle(content: string): string | null {
  const line = content.split('\n').find((l) => l.trim() !== '');
  if (!line) return null;
  const clean = line.replace(/^#+\s*/, '').trim();
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
