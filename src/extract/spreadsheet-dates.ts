/** Excel serial dates: which number formats show dates or times, and how to print such a serial. */
export type DateKind = 'date' | 'time' | 'datetime';

const BUILTIN: Record<number, DateKind> = {
  14: 'date',
  15: 'date',
  16: 'date',
  17: 'date',
  22: 'datetime',
  18: 'time',
  19: 'time',
  20: 'time',
  21: 'time',
  45: 'time',
  46: 'time',
  47: 'time',
  27: 'date',
  28: 'date',
  29: 'date',
  30: 'date',
  31: 'date',
  32: 'time',
  33: 'time',
  34: 'time',
  35: 'time',
  36: 'date',
  50: 'date',
  51: 'date',
  52: 'date',
  53: 'date',
  54: 'date',
  55: 'time',
  56: 'time',
  57: 'date',
  58: 'date',
};

/** The kind of date a number format shows (built-in id or custom format code), or null for plain numbers. */
export function dateKind(numFmtId: number, formatCode?: string): DateKind | null {
  if (formatCode === undefined) return BUILTIN[numFmtId] ?? null;
  // Quoted literals, escapes and [colour]/[$-locale] sections are not date tokens ([h] elapsed hours is a time).
  const code = formatCode
    .replace(/"[^"]*"|\\.|_.|\*./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .toLowerCase();
  const date = /[dy]/.test(code) || /(^|[^hs:])m+(?![ms:]*[s])/.test(code.replace(/[hs]+:m+|m+:s+/g, ''));
  const time = /[hs]/.test(code);
  if (date && time) return 'datetime';
  if (date) return 'date';
  if (time) return 'time';
  return null;
}

/** Whether a number format shows a percentage (built-in 9 and 10, or a % outside quoted literals). */
export function isPercentFormat(numFmtId: number, formatCode?: string): boolean {
  if (formatCode === undefined) return numFmtId === 9 || numFmtId === 10;
  return /%/.test(formatCode.replace(/"[^"]*"|\\./g, ''));
}

/** A serial day number as ISO text (UTC, no time zone): 2024-03-01, 13:45:10, or 2024-03-01 13:45. */
export function excelDate(serial: number, date1904: boolean, kind: DateKind): string {
  if (!Number.isFinite(serial)) return String(serial);
  // Day 25569 is 1970-01-01 in the 1900 system, which counts a non-existent 1900-02-29 (day 60): days before it shift
  // by one. The 1904 system starts 1462 days later.
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  const day = iso.slice(0, 10);
  const seconds = iso.slice(17, 19) === '00' ? iso.slice(11, 16) : iso.slice(11, 19);
  if (kind === 'time') return serial < 1 ? seconds : `${day} ${seconds}`;
  if (kind === 'date' && Number.isInteger(serial)) return day;
  return Number.isInteger(serial) ? day : `${day} ${seconds}`;
}
