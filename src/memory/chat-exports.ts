/**
 * A phone's chat export (WhatsApp on iOS "[12/03/2026, 18:04:11] Jess 🌸: text", on Android "12/03/2026, 18:04 -
 * Jess: text", an SMS backup "Mar 3, 2026 9:41 AM - Mom: text") as a JSON message array the conversation reader
 * takes: each line a turn with its own timestamp, the export's owner ("Me", "You") the user, emoji and marks left out
 * of names, and "<Media omitted>" or "This message was deleted" left out. Lines that start no message continue the
 * last one. Null when the content is not such an export.
 */

const NUMERIC = /^\[?(\d{1,2})[/.](\d{1,2})[/.](\d{2,4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\]?\s*(?:-\s+)?([^:]{1,40}):\s?(.*)$/i;
const WORDY = /^([A-Z][a-z]{2,8})\.?\s+(\d{1,2}),\s+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::\d{2})?\s*([AP]M)?)?\s*[-–—]\s+([^:]{1,40}):\s?(.*)$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const OWNER = /^(?:me|you|myself)$/i;
const NOISE = /^(?:<media omitted>|<attached:[^>]*>|this message was deleted|you deleted this message|image omitted|video omitted|sticker omitted|audio omitted|‎?missed (?:voice|video) call)\.?$/i;

interface Line {
  d1: number;
  d2: number;
  year: number;
  hour: number;
  minute: number;
  meridiem?: string;
  name: string;
  text: string;
  wordy: boolean;
}

/** The export as a JSON message array (`[{speaker|role, content, timestamp}]`), or null. */
export function chatExportAsMessages(content: string): string | null {
  const lines = content.split(/\r\n?|\n/);
  const parsed: (Line | string)[] = [];
  let starts = 0;
  for (const raw of lines) {
    const l = raw.replace(/^\u200e/, '').trim();
    const n = NUMERIC.exec(l);
    const w = n ? null : WORDY.exec(l);
    if (n) {
      starts++;
      parsed.push({ d1: +n[1]!, d2: +n[2]!, year: year(+n[3]!), hour: +n[4]!, minute: +n[5]!, meridiem: n[7], name: n[8]!, text: n[9]!, wordy: false });
    } else if (w && MONTHS.includes(w[1]!.slice(0, 3).toLowerCase())) {
      starts++;
      parsed.push({ d1: MONTHS.indexOf(w[1]!.slice(0, 3).toLowerCase()) + 1, d2: +w[2]!, year: +w[3]!, hour: w[4] ? +w[4] : 12, minute: w[5] ? +w[5] : 0, meridiem: w[6], name: w[7]!, text: w[8]!, wordy: true });
    } else parsed.push(raw);
  }
  const nonEmpty = lines.filter((l) => l.trim() !== '').length;
  if (starts === 0 || starts < nonEmpty / 2) return null;
  // Day or month first: a first number above 12 settles it for the whole export; else day first.
  const numeric = parsed.filter((p): p is Line => typeof p !== 'string' && !p.wordy);
  const monthFirst = !numeric.some((p) => p.d1 > 12) && numeric.some((p) => p.d2 > 12);
  const messages: { speaker?: string; role?: string; content: string; timestamp: string }[] = [];
  for (const p of parsed) {
    if (typeof p === 'string') {
      const last = messages.at(-1);
      if (last && p.trim()) last.content += `\n${p.trim()}`;
      continue;
    }
    const [month, day] = p.wordy || monthFirst ? [p.d1, p.d2] : [p.d2, p.d1];
    const hour = p.meridiem ? (p.hour % 12) + (/^p/i.test(p.meridiem) ? 12 : 0) : p.hour;
    const timestamp = `${p.year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(p.minute)}:00`;
    const name = p.name
      .replace(/[^\p{L}\p{N}'’ .-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const text = p.text.trim();
    if (!name || NOISE.test(text) || !text) continue;
    const owner = OWNER.test(name);
    messages.push(owner ? { role: 'user', content: text, timestamp } : { speaker: name, content: text, timestamp });
  }
  return messages.length > 0 ? JSON.stringify(messages) : null;
}

const year = (y: number) => (y < 100 ? 2000 + y : y);
const pad = (n: number) => String(n).padStart(2, '0');
