import { sentenceSpans } from './sentences.js';

/** Upper bound of a summary, in characters. */
export const SUMMARY_MAX_CHARS = 300;
/** A paragraph with fewer words is a caption, a byline or a label rather than prose, unless nothing better follows. */
const MIN_PROSE_WORDS = 8;
/**
 * Content looked at for a summary: its first paragraphs (a summary is found far earlier in any real document), so a
 * summary costs the same for a 5 MB document as for a 100 KB one.
 */
const SCAN_CHARS = 100_000;
/** Characters of a paragraph made plain: the summary keeps at most SUMMARY_MAX_CHARS of them. */
const PARAGRAPH_CHARS = 2000;

/**
 * A short plain-text summary of extracted text or markdown, the same for every kind of content: the first paragraph of
 * prose (not a heading, code, table, list or the title line), without markdown syntax, cut to whole sentences within
 * SUMMARY_MAX_CHARS. Falls back to the first short paragraph (or the title line alone); null when there are no words.
 */
export function summarize(content: string, title?: string | null): string | null {
  let fallback: string | null = null;
  let titleOnly: string | null = null;
  for (const para of paragraphs(content.length > SCAN_CHARS ? content.slice(0, SCAN_CHARS) : content)) {
    const all = head(para)
      .split('\n')
      .filter((l) => !/^\s*#{1,6}(\s|$)/.test(l));
    const lines = all.filter((l) => !isTitle(l, title));
    if (all.length > 0 && lines.length === 0) titleOnly ??= plain(all.join(' '));
    if (lines.length === 0 || /^\s*(\||<!--|([-*_])(\s*\2){2,}\s*$)/.test(lines[0]!)) continue;
    const isList = lines.every((l) => /^\s*([-*+]|\d+[.)])\s/.test(l));
    const raw = lines.join(' ');
    // Once there is a fallback, a paragraph can only be the summary: a list cannot, nor one with too few words (the
    // markdown's words are at least the plain text's). Skipped unread, many such paragraphs cost next to nothing.
    if (fallback !== null && (isList || wordCount(raw) < MIN_PROSE_WORDS)) continue;
    const text = plain(raw);
    const words = wordCount(text);
    if (words === 0) continue;
    if (words >= MIN_PROSE_WORDS && !isList) return bound(text);
    fallback ??= text;
  }
  // A one-line note is its own title; its summary is still the note.
  const best = fallback ?? titleOnly;
  return best ? bound(best) : null;
}

const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** The paragraph's first PARAGRAPH_CHARS characters, cut at a space or line break (or there when it has none). */
function head(para: string): string {
  if (para.length <= PARAGRAPH_CHARS) return para;
  const cut = Math.max(para.lastIndexOf(' ', PARAGRAPH_CHARS), para.lastIndexOf('\n', PARAGRAPH_CHARS));
  return para.slice(0, cut > 0 ? cut : PARAGRAPH_CHARS);
}

/** Blank-line separated paragraphs outside fenced code. */
function paragraphs(content: string): string[] {
  const out: string[] = [];
  let para: string[] = [];
  let fence: string | null = null;
  const end = () => {
    if (para.length > 0) out.push(para.join('\n'));
    para = [];
  };
  for (const line of content.split(/\r\n?|\n/)) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fence) {
      if (marker === fence) fence = null;
    } else if (marker) {
      end();
      fence = marker;
    } else if (line.trim() === '') end();
    else para.push(line);
  }
  end();
  return out;
}

/** The first line often repeats the title (a first-line title, or a page's H1 turned into text). */
function isTitle(line: string, title: string | null | undefined): boolean {
  if (!title) return false;
  const l = plain(line.replace(/^\s*#{1,6}\s+/, ''));
  const t = title.trim();
  return l === t || (t.endsWith('...') && t.length > 3 && l.startsWith(t.slice(0, -3)));
}

/**
 * Markdown inline syntax removed, whitespace collapsed. Every span has a bounded length, so text full of unclosed
 * openers ("**x **x **x...", "[a[a[a...") costs linear time: unbounded, each opener scanned to the end of the text
 * (80 KB of "**x " took 23 s on the event loop).
 */
function plain(md: string): string {
  return md
    .replace(/!\[([^\]]{0,300})\]\([^)]{0,300}\)/g, '$1') // images: alt text
    .replace(/\[([^\]]{0,300})\]\([^)]{0,300}\)/g, '$1') // links: link text
    .replace(/<((?:https?|mailto):[^>\s]{1,300})>/g, '$1') // autolinks
    .replace(/^\s*(>\s*)+/gm, '') // blockquotes
    .replace(/^\s*([-*+]|\d+[.)])\s+/gm, '') // list markers
    .replace(/(\*\*|__)(?=\S)(.{1,300}?)(?<=\S)\1/g, '$2') // strong
    .replace(/(^|[^\p{L}\p{N}*_])([*_])(?=\S)(.{1,300}?)(?<=\S)\2(?![\p{L}\p{N}])/gu, '$1$3') // emphasis (not snake_case)
    .replace(/`([^`]{1,300})`/g, '$1') // inline code
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whole sentences up to the bound; a first sentence longer than that is cut at a word, with an ellipsis. */
function bound(text: string): string {
  if (text.length <= SUMMARY_MAX_CHARS) return text;
  let end = 0;
  for (const s of sentenceSpans(text)) {
    if (s.end > SUMMARY_MAX_CHARS) break;
    end = s.end;
  }
  if (end > 0) return text.slice(0, end);
  const cut = text.lastIndexOf(' ', SUMMARY_MAX_CHARS - 1);
  return `${text.slice(0, cut > 0 ? cut : SUMMARY_MAX_CHARS - 1).trimEnd()}…`;
}
