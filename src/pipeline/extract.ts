import { createError } from '../errors.js';
import type { DocumentRecord, DocumentType } from '../types.js';
import { classifyMime, detectContent, sniffBinary } from './detect-content.js';
import type { PipelineDeps } from './deps.js';
import { fetchUrl } from './fetch-url.js';
import { htmlToMarkdown } from './html-to-markdown.js';

export interface Extraction {
  content: string;
  title: string | null;
  type: DocumentType;
  url: string | null;
  summary: string | null;
}

/** Step 1: turns the document's raw content (text, markdown, HTML or a URL) into text. */
export async function extractDocument(deps: PipelineDeps, doc: DocumentRecord): Promise<Extraction> {
  const kind = detectContent(doc.raw);
  let result: Extraction;
  if (kind === 'url') result = await extractUrl(deps, doc.raw.trim());
  else if (kind === 'html') {
    const html = htmlToMarkdown(doc.raw);
    result = { content: html.markdown, title: html.title, type: 'webpage', url: null, summary: html.excerpt };
  } else {
    result = { content: normalizeText(doc.raw), title: null, type: 'text', url: null, summary: null };
  }
  if (result.content.trim() === '') throw createError('EMPTY_CONTENT');
  return { ...result, title: doc.title ?? result.title ?? firstLineTitle(result.content) };
}

async function extractUrl(deps: PipelineDeps, url: string): Promise<Extraction> {
  const res = await fetchUrl(url, deps.config.urlFetch);
  const sniffed = sniffBinary(res.body);
  const mime = sniffed ?? res.contentType;
  const kind = classifyMime(mime);
  if (typeof kind === 'object') {
    throw createError('UNSUPPORTED_CONTENT', [
      `${res.url} is ${kind.unsupported}; this version extracts text, markdown and HTML only (PDF, image, audio, video and office formats come with the file-extraction support)`,
    ]);
  }
  const text = decode(res.body, res.contentType);
  if (kind === 'html') {
    const html = htmlToMarkdown(text, res.url);
    return { content: html.markdown, title: html.title, type: 'webpage', url: res.url, summary: html.excerpt };
  }
  return { content: normalizeText(text), title: null, type: 'webpage', url: res.url, summary: null };
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
