/** A half-open range `[start, end)` of a string: the text it stands for is always `text.slice(start, end)`. */
export interface Span {
  start: number;
  end: number;
}

// ICU's sentence rules (UAX #29) keep "3.5.2024", "v2.1", "Node.js" and "e.g. the" together. V8 ships them without
// ICU's abbreviation suppressions, so titles, initials and dotted abbreviations are re-joined below.
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Abbreviations that (almost) never end a sentence. */
const TITLES = new Set('mr mrs ms mx dr prof sr jr st mt rev gen col capt lt sgt gov sen rep pres hon vs approx ca cf al inc ltd co corp dept univ'.split(' '));
/** Abbreviations that do not end a sentence when a number follows ("No. 5", "Fig. 3", "pp. 10-12"). */
const NUMBERED = new Set('no nos nr fig figs vol vols p pp ch sec eq art tab ref refs'.split(' '));

const LINE_END = /[\n\r\u0085\u2028\u2029]\s*$/;
const CJK_END = /[。！？｡][」』）)"”’]*$/;

/**
 * Characters segmented at a time: V8's segmenter takes time linear in the string's length for every segment, so a
 * window of many short segments ("A! A! A! ...") costs segments × WINDOW.
 */
const WINDOW = 1024;

/**
 * Sentences of `text.slice(start, end)` as trimmed spans of `text`. A sentence ends where the segmenter says so and
 * whitespace follows (or a line break, or a CJK full stop), so URLs, code and numbers are never split.
 */
export function sentenceSpans(text: string, start = 0, end = text.length): Span[] {
  const steps = sentenceSteps(text, start, end);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * sentenceSpans in steps: it yields after each window it segments, so a caller can let the event loop in between
 * (chunking.ts), and its work is linear in the text's length whatever the text.
 */
export function* sentenceSteps(text: string, start = 0, end = text.length): Generator<void, Span[], void> {
  const spans: Span[] = [];
  let from = start;
  for (let pos = start; pos < end;) {
    // Whitespace where a sentence starts belongs to no sentence: skipped here, so a run of a million line breaks
    // costs no segmenter work (each break is a segment of its own, which took 14 s).
    if (pos === from && /\s/.test(text[pos]!)) {
      while (pos < end && /\s/.test(text[pos]!)) pos++;
      from = pos;
      continue;
    }
    let windowEnd = Math.min(end, pos + WINDOW);
    if (windowEnd < end && /[\uD800-\uDBFF]/.test(text[windowEnd - 1]!)) windowEnd--; // never between surrogates
    const segments = [...segmenter.segment(text.slice(pos, windowEnd))];
    // The last segment of a window that stops short of `end` may continue past it: it is segmented again next time.
    const decided = windowEnd === end ? segments.length : segments.length - 1;
    let next = windowEnd;
    for (let i = 0; i < decided; i++) {
      const seg = segments[i]!;
      const following = segments[i + 1];
      if (following && !endsSentence(seg.segment, following.segment)) continue;
      const to = pos + seg.index + seg.segment.length;
      const span = trimSpan(text, { start: from, end: to });
      if (span) spans.push(span);
      from = next = to;
    }
    pos = next;
    yield;
  }
  const span = trimSpan(text, { start: from, end });
  if (span) spans.push(span);
  return spans;
}

function endsSentence(segment: string, next: string): boolean {
  if (LINE_END.test(segment)) return true;
  // No space after the terminator: "example.com/a?b=1", "It works!Really" stay one sentence; CJK needs no space.
  if (!/\s$/.test(segment)) return CJK_END.test(segment);
  const word = segment
    .trimEnd()
    .split(/\s/)
    .pop()!
    .replace(/^[("'“‘[]+/, '');
  if (/^(?:\p{L}\.){2,}$/u.test(word) || /^\p{Lu}\.$/u.test(word)) return false; // "U.S.", "e.g.", "J. R. R. Tolkien"
  const abbr = /^(\p{L}+)\.$/u.exec(word)?.[1]?.toLowerCase();
  if (abbr && (TITLES.has(abbr) || (NUMBERED.has(abbr) && /^\d/.test(next)))) return false;
  return true;
}

/** Maximal runs of non-whitespace ("words") in `text.slice(start, end)`. */
export function wordSpans(text: string, start = 0, end = text.length): Span[] {
  return matchSpans(text, start, end, /\S+/gu);
}

/** Non-blank lines of `text.slice(start, end)`, trimmed. */
export function lineSpans(text: string, start = 0, end = text.length): Span[] {
  return matchSpans(text, start, end, /[^\n\r]+/g).flatMap((s) => trimSpan(text, s) ?? []);
}

/** The span without leading and trailing whitespace, or null when nothing else is left. */
export function trimSpan(text: string, span: Span): Span | null {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return start < end ? { start, end } : null;
}

function matchSpans(text: string, start: number, end: number, re: RegExp): Span[] {
  const spans: Span[] = [];
  for (const m of text.slice(start, end).matchAll(re)) spans.push({ start: start + m.index, end: start + m.index + m[0].length });
  return spans;
}
