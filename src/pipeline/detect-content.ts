import { looksLikeHtml } from '../extract/detect.js';

export { looksLikeHtml };

/** What kind of input a document's content string is. Files and fetched bodies are typed by extract/detect.ts. */
export type ContentKind = 'url' | 'html' | 'text';

const URL_RE = /^https?:\/\/\S+$/i;

/** Classifies raw content: a lone http(s) URL, an HTML document/fragment, or plain text/markdown. */
export function detectContent(raw: string): ContentKind {
  const s = raw.trim();
  if (URL_RE.test(s) && !s.includes('\n')) return 'url';
  if (looksLikeHtml(s)) return 'html';
  return 'text';
}
