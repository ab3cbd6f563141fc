/**
 * A note's markdown reduced to the lines the note readers know (note-lines.ts, bullets.ts), so what a person writes
 * in Obsidian, Notion or a README reads like the plain note it is:
 * - `[Lisbon](https://…)` is "Lisbon", `[[Lisbon]]` and `[[lisbon-page|Lisbon]]` are "Lisbon", an image is nothing,
 *   trailing `#tags` are dropped;
 * - `> quoted` lines are their text; `Title\n=====` (setext) is `# Title`; emoji in a heading are dropped;
 * - a bullet that is only a short label over one indented bullet ("* Home" / "    * Lisbon") is "- Home: Lisbon";
 * - a heading over a single short value line ("## Home" / "Lisbon") is "- Home: Lisbon".
 * Lines of other shapes are returned unchanged.
 */

// A label or a target holds no "[": a run of "[" is then read once, not again from each "[" (quadratic).
const LINK = /!?\[([^[\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g;
const WIKI_LINK = /\[\[([^[\]|\n]+)(?:\|([^[\]\n]+))?\]\]/g;
const TRAILING_TAGS = /(?:\s+#[\p{L}][\p{L}\p{N}_/-]*)+\s*$/u;
const QUOTE = /^\s*>\s?/;
const SETEXT = /^\s*(=+|-+)\s*$/;
const HEADING = /^(\s*#{1,6}\s+)(.+?)\s*#*\s*$/;
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]/gu;
const BULLET = /^(\s*)(?:[-*+•]|\d{1,2}[.)])\s+(.*)$/;
/** A label: one to four words, no sentence punctuation, no verb-like ending ("Home", "Current city", "Where I live"). */
const LABEL = /^[\p{L}][\p{L}' -]{0,40}$/u;

function inline(line: string): string {
  const text = line.replace(LINK, (_, label: string, offset: number, all: string) => (all[offset] === '!' ? '' : label)).replace(WIKI_LINK, (_, target: string, alias?: string) => (alias ?? target).trim());
  return /^\s*#{1,6}\s/.test(text) ? text : text.replace(TRAILING_TAGS, '');
}

function isLabel(text: string): boolean {
  const t = text.trim();
  return LABEL.test(t) && t.split(/\s+/).length <= 4;
}

/** A short value: a name, a place, a few words, not a sentence of its own. */
function isValue(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 80 && !/[.!?]\s+\S/.test(t) && !/^[-*+•>#|]/.test(t);
}

export function plainNoteMarkdown(content: string): string {
  const lines = content.split(/\r\n?|\n/).map((raw) => inline(raw.replace(QUOTE, '')));
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    // "About me\n========": a setext heading (a lone "---" under a blank line is a rule, not an underline).
    if (next !== undefined && SETEXT.test(next) && line.trim() && !BULLET.test(line) && isLabel(line.replace(/[:]$/, ''))) {
      out.push(`${next.trim().startsWith('=') ? '#' : '##'} ${line.trim()}`);
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const title = heading[2]!.replace(EMOJI, '').replace(/\s+/g, ' ').trim();
      // "## Home" over one short line and then a blank line, another heading or the end: that line is the value.
      const value = next?.trim();
      const after = lines[i + 2];
      if (value && isLabel(title) && isValue(value) && !HEADING.test(next!) && !BULLET.test(next!) && (after === undefined || !after.trim() || HEADING.test(after))) {
        out.push(`- ${title}: ${value.replace(/[.;]+$/, '')}`);
        i++;
        continue;
      }
      out.push(title ? `${heading[1]}${title}` : '');
      continue;
    }
    // "* Home" over one deeper bullet "    * Lisbon": the parent labels the child.
    const parent = BULLET.exec(line);
    const child = next !== undefined ? BULLET.exec(next) : null;
    const third = lines[i + 2] !== undefined ? BULLET.exec(lines[i + 2]!) : null;
    if (parent && child && child[1]!.length > parent[1]!.length && isLabel(parent[2]!.replace(/:$/, '')) && !(third && third[1]!.length > parent[1]!.length)) {
      out.push(`${parent[1]}- ${parent[2]!.replace(/:$/, '').trim()}: ${child[2]!.trim()}`);
      i++;
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}
