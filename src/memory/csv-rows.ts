import { isKnownName } from './lexicon.js';

/**
 * A CSV export of the author's own log (issue 26, round 23): a header row naming a date column and a free-text column
 * ("date,event,detail\n2026-05-31,employment_end,\"Left Ørsted after 3 years\""). Each row's text is a note of the
 * author's written on the row's date ("Left Ørsted after 3 years." on 2026-05-31), read as any short note is; codes
 * ("employment_end"), numbers and ids are not text. Null when the content is not such a table (no header with both
 * columns, fewer than one row, or rows of other widths).
 *
 * A table about other people (review 23, F4) is not the author's log: "date,person,note\n2026-05-01,Anna,Moved to
 * Berlin" is Anna's move. A header with a person-like column, or a cell outside the text columns that is a known first
 * name, gives null (the rows are read as any other content, as before this rule).
 */

const DATE_COLUMN = /^(?:date|day|when|timestamp|time|created(?:_at)?|logged(?:_at)?)$/i;
const TEXT_COLUMN = /^(?:detail|details|note|notes|description|text|comment|comments|summary|entry|status|message|what|event_detail)$/i;
const PERSON_COLUMN =
  /(?:^|[\s_-])(?:person|people|name|names|who|whom|contact|contacts|member|members|employee|employees|client|clients|patient|patients|child|children|kid|kids|customer|customers|student|students|staff|attendee|attendees|guest|guests|owner|assignee|author|friend|friends)(?:$|[\s_-])/i;
const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+Z?)?$/;
const MAX_ROWS = 50;

export interface DatedNote {
  content: string;
  date: string | null;
}

/** The rows' texts as dated notes, or null. */
export function csvRowStatements(content: string): DatedNote[] | null {
  const lines = content
    .split(/\r\n?|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length < 2 || !lines[0]!.includes(',')) return null;
  const header = cells(lines[0]!).map((c) => c.trim());
  const dateAt = header.findIndex((h) => DATE_COLUMN.test(h));
  const textAt = header.map((h, i) => (TEXT_COLUMN.test(h) ? i : -1)).filter((i) => i >= 0);
  if (dateAt < 0 || textAt.length === 0 || header.some((h) => !/^[\p{L}_ ]{1,30}$/u.test(h))) return null;
  if (header.some((h) => PERSON_COLUMN.test(h))) return null;
  const rows = lines.slice(1, MAX_ROWS + 1).map(cells);
  if (rows.some((r) => r.length !== header.length)) return null;
  if (rows.some((r) => r.some((c, i) => !textAt.includes(i) && isFirstName(c.trim())))) return null;
  const notes: DatedNote[] = [];
  for (const row of rows) {
    const date = ISO_DAY.exec(row[dateAt]!.trim())?.[1] ?? null;
    const text = textAt
      .map((i) => row[i]!.trim())
      .filter((t) => /\p{L}{2,}\s+\p{L}/u.test(t) && !/^[\p{Ll}\d]+(?:_[\p{Ll}\d]+)+$/u.test(t))
      .map((t) => (/[.!?]$/.test(t) ? t : `${t}.`))
      .join(' ');
    if (text) notes.push({ content: text, date });
  }
  return notes.length > 0 ? notes : null;
}

/** A cell that is a person's name ("Anna", "Tom Berg"): a capitalised word the lexicon knows as a name. */
function isFirstName(cell: string): boolean {
  const first = /^(\p{Lu}\p{Ll}+)(?:\s+\p{Lu}[\p{Ll}'’-]+)?$/u.exec(cell)?.[1];
  return first !== undefined && isKnownName(first);
}

/** One CSV line's cells, quotes ("a, b" and "" inside) honoured. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}
