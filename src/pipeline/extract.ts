import { createError } from '../core/errors.js';
import { summarize } from '../text/summary.js';
import type { DocumentRecord, DocumentType } from '../core/types.js';
import { classifyMime, detectContent, documentTypeOfMime, effectiveMime } from './detect-content.js';
import type { PipelineDeps } from './deps.js';
import { withFailurePatch } from './failure-patch.js';
import { fetchUrl } from '../providers/fetch-url.js';
import { htmlToMarkdown } from '../extract/html-to-markdown.js';

export interface Extraction {
  content: string;
  title: string | null;
  type: DocumentType;
  url: string | null;
  summary: string | null;
}

type Extracted = Omit<Extraction, 'summary'>;

/**
 * Step 1: turns the document's raw content (text, markdown, HTML or a URL) into text. The summary is computed from
 * that text the same way whatever the input was (see summarize).
 */
export async function extractDocument(deps: PipelineDeps, doc: DocumentRecord): Promise<Extraction> {
  const kind = detectContent(doc.raw);
  let result: Extracted;
  if (kind === 'url') result = await extractUrl(deps, doc.raw.trim());
  else if (kind === 'html') {
    const html = htmlToMarkdown(doc.raw);
    result = { content: html.markdown, title: html.title, type: 'webpage', url: null };
  } else {
    result = { content: normalizeText(doc.raw), title: null, type: 'text', url: null };
  }
  if (result.content.trim() === '') throw withFailurePatch(createError('EMPTY_CONTENT'), { type: result.type, url: result.url });
  const title = doc.title ?? result.title ?? firstLineTitle(result.content);
  return { ...result, title, summary: summarize(result.content, title) };
}

async function extractUrl(deps: PipelineDeps, url: string): Promise<Extracted> {
  const res = await fetchUrl(url, deps.config.urlFetch);
  const mime = effectiveMime(res.body, res.contentType);
  const kind = classifyMime(mime);
  if (typeof kind === 'object') {
    // Recorded on the failed document, so it lists as the PDF (image, ...) it is rather than as text.
    const type = documentTypeOfMime(mime) ?? documentTypeOfMime(res.contentType);
    throw withFailurePatch(
      createError('UNSUPPORTED_CONTENT', [
        `${res.url} is ${kind.unsupported}; this version extracts text, markdown and HTML only (PDF, image, audio, video and office formats come with the file-extraction support)`,
      ]),
      { url: res.url, ...(type ? { type } : {}) },
    );
  }
  const text = decode(res.body, res.contentType);
  if (kind === 'html') {
    const html = htmlToMarkdown(text, res.url);
    return { content: html.markdown, title: html.title, type: 'webpage', url: res.url };
  }
  return { content: normalizeText(text), title: null, type: 'webpage', url: res.url };
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().replace(/"/g, '').toLowerCase();
  try {
    return new TextDecoder(charset || 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
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
