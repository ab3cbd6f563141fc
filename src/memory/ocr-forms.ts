/**
 * A scanned form as its text recogniser gave it ("PATIENT INTAKE FORM\nName: KWAME ASANTE          DOB: 14/02/1988\n
 * Allergies: Penicil1in") as the labelled lines a note reader takes: fields printed side by side on one line split
 * apart, the form's capitalised title and empty fields (signature lines, boxes) out, names in capitals written as
 * names ("Kwame Asante"), the recogniser's digit-for-letter confusions inside words undone ("Penicil1in" →
 * "Penicillin", "l0mg" → "10mg"), and of "Old address" / "New address" only the new one kept, as "Address". Null
 * when the content is not such a form (fewer than three labelled fields, or no sign of a scan).
 */

const FIELD = /^([\p{L}][\p{L} ./'’()-]{0,40}):\s*(.*)$/u;
const TITLE = /^[\p{Lu}\d][\p{Lu}\d &/'’-]{5,}$/u;
const EMPTY = /^[\s_.\-[\]xX]*$/;
const OLD = /^(?:old|previous|former|prior)\s+/i;
const NEW = /^(?:new|current|updated)\s+/i;
const RENAMED: Record<string, string> = { dob: 'Date of birth', 'd.o.b.': 'Date of birth', tel: 'Phone', 'tel.': 'Phone', mob: 'Mobile' };

export function ocrFormLines(content: string): string | null {
  const raw = content.split(/\r\n?|\n/);
  // Fields printed side by side ("Name: X          DOB: Y") are fields of their own.
  const lines = raw
    .map(fixConfusions)
    .flatMap((l) => (l.split(/\s{3,}/).length > 1 && l.split(/\s{3,}/).every((p) => FIELD.test(p.trim())) ? l.split(/\s{3,}/) : [l]))
    .map((l) => l.trim());
  const fields = lines.filter((l) => FIELD.test(l));
  const scanned = raw.some((l) => TITLE.test(l.trim())) || /\p{L}[10]\p{L}|\p{L}{3}1\b/u.test(content);
  if (fields.length < 3 || !scanned || fields.length < lines.filter((l) => l.trim()).length / 2) return null;
  const out: string[] = [];
  for (const line of lines) {
    if (!line || TITLE.test(line)) continue;
    const f = FIELD.exec(line);
    if (!f) {
      out.push(line);
      continue;
    }
    let label = f[1]!.trim();
    const value = f[2]!.trim();
    if (EMPTY.test(value) || /^(?:signature|please tick|office use)/i.test(label)) continue;
    if (OLD.test(label)) continue;
    label = label.replace(NEW, '');
    label = RENAMED[label.toLowerCase()] ?? label;
    out.push(`${label[0]!.toUpperCase()}${label.slice(1)}: ${asWritten(value)}`);
  }
  return out.join('\n');
}

/** "Penicil1in" → "Penicillin", "dai1y" → "daily", "Te1" → "Tel", "l0mg" → "10mg", "G0RDON" → "GORDON". */
function fixConfusions(line: string): string {
  return line
    .replace(/(?<=\p{L})1(?=\p{Ll})|(?<=\p{L}\p{Ll})1\b/gu, 'l')
    .replace(/(?<=\p{Lu})0(?=\p{Lu})/gu, 'O')
    .replace(/\bl(?=\d)/g, '1');
}

/** A value in capitals ("KWAME ASANTE", "MAEVE O'CONNELL") as written; postcodes and short acronyms stay. */
function asWritten(value: string): string {
  if (!/\p{Lu}{4,}/u.test(value) || /\p{Ll}/u.test(value)) return value;
  return value.replace(/\p{Lu}{2,}(?:['’]\p{Lu}+)?/gu, (w) => (w.length <= 3 && !/['’]/.test(w) ? w : w.toLowerCase().replace(/(^|['’])\p{Ll}/gu, (c) => c.toUpperCase())));
}
