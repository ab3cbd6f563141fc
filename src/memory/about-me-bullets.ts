/**
 * Fragments listed under a heading that says they are the author's (round 20): "about me:\n- 34\n- nurse in Leeds\n- 2
 * kids\n- allergic to latex". Each bullet is a statement with its "I" left out, as people write them in a bio or a
 * profile note; it is given back ("I'm 34", "I'm nurse in Leeds", "I have 2 kids", "I'm allergic to latex", "I love
 * hiking") so the statement rules read it. Bullets with a subject of their own, and lines under any other heading,
 * are left as written.
 */
const HEADING = /^\s*(?:#{1,6}\s*)?(?:about me|me|myself|my (?:details|info|bio|profile|stats|basics)|personal (?:details|info))\s*:?\s*$/i;
const BULLET = /^(\s*(?:[-*•·]|\d+[.)])\s+)(.+)$/u;
const HAS_SUBJECT = /^(?:I|I'm|I've|I'd|my|we|we're|our|\p{Lu}[\p{L}'-]+\s+(?:is|was|has|lives|works)\b)/u;

const BIO_VERB =
  /^(?:(?:love|like|enjoy|hate|play|speak|live|work|run|cook|drive|own|have|study|teach|go|do)s?|(?!(?:based|married|engaged|divorced|retired|separated|widowed|qualified|employed|self-employed)\b)\p{Ll}+ed)\b/u;

function withSubject(fragment: string): string {
  const f = fragment.trim();
  // "Name: Tomás", "Based in: Valencia": a labelled line, read as one (note-lines.ts).
  if (HAS_SUBJECT.test(f) || /^[^:]{1,30}:(?:\s|$)/.test(f)) return fragment;
  if (/^\d{1,3}(?:\s*(?:y\/?o|yo|years? old))?\s*$/i.test(f)) return `I'm ${f}`;
  if (/^(?:\d+|one|two|three|four|five|no)\s+\p{Ll}/iu.test(f)) return `I have ${f}`;
  // A verb a bio opens with ("love hiking", "moved here in 2019", "speak French"); a noun or adjective takes "I'm".
  if (BIO_VERB.test(f)) return `I ${f}`;
  return `I'm ${f}`;
}

/** The text with the bullets under an "about me" heading said in the first person; other text unchanged. */
export function aboutMeBullets(text: string): string {
  if (!/about me|\bme\s*:|myself|my (?:details|info|bio|profile|stats|basics)|personal (?:details|info)/i.test(text)) return text;
  const lines = text.split(/\r\n?|\n/);
  let under = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (HEADING.test(line)) {
      under = true;
      continue;
    }
    const b = under ? BULLET.exec(line) : null;
    if (!b) {
      under = under && line.trim() === '' ? under : false;
      continue;
    }
    lines[i] = `${b[1]}${withSubject(b[2]!)}`;
  }
  return lines.join('\n');
}
