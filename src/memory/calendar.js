/**
 * Calendar arithmetic on ISO dates ("YYYY-MM-DD"), all in UTC so that the same input gives the same dates on every
 * machine, and parsing of the timestamps chat transcripts carry ("1:56 pm on 8 May, 2023", "2023/05/20 (Sat) 07:47").
 */
/** Month names and their usual abbreviations, lowercase, to month numbers (1-12). */
export const MONTHS = new Map(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].flatMap((name, i) => [
    [name, i + 1],
    [name.slice(0, 3), i + 1],
    ...(name === 'september' ? [['sept', 9]] : []),
]));
/** Capitalised month names and abbreviations for regular expressions ("May" but not the verb "may"). */
export const MONTH_PATTERN = [...MONTHS.keys()]
    .sort((a, b) => b.length - a.length)
    .map((m) => m[0].toUpperCase() + m.slice(1))
    .join('|');
/** Weekday names, lowercase, to 0 (Monday) - 6 (Sunday). */
export const WEEKDAYS = new Map(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d, i) => [d, i]));
const pad = (n, width = 2) => String(n).padStart(width, '0');
/** "YYYY-MM-DD" for a valid calendar date, else null (no rollover: 31 April is not 1 May). */
export function isoDate(year, month, day) {
    if (!Number.isInteger(year) || year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1)
        return null;
    const d = new Date(Date.UTC(year, month - 1, day));
    return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}
/** The calendar date an ISO date or instant starts with ("2023-05-08T13:56:00Z" → "2023-05-08"), or null. */
export function dateOf(value) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
    return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}
const toUtc = (iso) => new Date(`${iso}T00:00:00.000Z`);
const fromUtc = (d) => d.toISOString().slice(0, 10);
/** The date `days` days after `iso` (negative: before). */
export function addDays(iso, days) {
    const d = toUtc(iso);
    d.setUTCDate(d.getUTCDate() + days);
    return fromUtc(d);
}
/** The first day of the month `months` months after the month of `iso`. */
export function addMonths(iso, months) {
    const d = toUtc(iso);
    return fromUtc(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}
/** 0 (Monday) - 6 (Sunday). */
export function weekdayOf(iso) {
    return (toUtc(iso).getUTCDay() + 6) % 7;
}
/** The Monday of the week (Monday-Sunday) holding `iso`. */
export function startOfWeek(iso) {
    return addDays(iso, -weekdayOf(iso));
}
/** The last day of the month holding `iso`. */
export function endOfMonth(iso) {
    return addDays(addMonths(iso, 1), -1);
}
/** The last instant of a date, as an ISO instant: what a forget-after deadline "until <date>" means. */
export function endOfDay(iso) {
    return `${iso}T23:59:59.999Z`;
}
/** "May 2023" for a date in May 2023. */
export function monthName(iso) {
    const d = toUtc(iso);
    return `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
}
function withTime(date, hour, minute, meridiem) {
    if (!date)
        return null;
    let h = hour;
    if (meridiem) {
        if (h < 1 || h > 12)
            return null;
        h = (h % 12) + (/^p/i.test(meridiem) ? 12 : 0);
    }
    if (h > 23 || minute > 59)
        return null;
    return `${date}T${pad(h)}:${pad(minute)}:00.000Z`;
}
const TIME = String.raw `(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?`;
const DAY_MONTH_YEAR = new RegExp(String.raw `^(?:${TIME}\s*(?:on\s+|,\s*)?)?(\d{1,2})(?:st|nd|rd|th)?\s+(${MONTH_PATTERN})\.?,?\s+(\d{4})(?:,?\s+${TIME})?$`, 'i');
const MONTH_DAY_YEAR = new RegExp(String.raw `^(?:${TIME}\s*(?:on\s+|,\s*)?)?(?:[A-Za-z]+,?\s+)?(${MONTH_PATTERN})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:,?\s+(?:at\s+)?${TIME})?$`, 'i');
/**
 * A transcript timestamp as an ISO instant (UTC: transcripts rarely name a zone), or null when it is not one.
 * Understands ISO ("2023-05-08 13:56", "2023-05-08T13:56:00Z"), "2023/05/20 (Sat) 07:47", "1:56 pm on 8 May, 2023",
 * "May 8, 2023 1:56 pm", and a bare time ("13:56"), which takes its date from `referenceDate`.
 */
export function parseTimestamp(text, referenceDate = null) {
    const s = text.trim();
    let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:\s*\([A-Za-z]+\))?(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
    if (m) {
        const date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
        if (m[4] === undefined)
            return date && `${date}T00:00:00.000Z`;
        if (m[7]) {
            const d = new Date(s.replace(' ', 'T').replace(/\s*\([A-Za-z]+\)/, ''));
            return Number.isNaN(d.getTime()) ? null : d.toISOString();
        }
        return withTime(date, Number(m[4]), Number(m[5]));
    }
    m = DAY_MONTH_YEAR.exec(s);
    if (m) {
        const date = isoDate(Number(m[6]), MONTHS.get(m[5].toLowerCase()), Number(m[4]));
        return time(date, m[1] ?? m[7], m[2] ?? m[8], m[3] ?? m[9]);
    }
    m = MONTH_DAY_YEAR.exec(s);
    if (m) {
        const date = isoDate(Number(m[6]), MONTHS.get(m[4].toLowerCase()), Number(m[5]));
        return time(date, m[1] ?? m[7], m[2] ?? m[8], m[3] ?? m[9]);
    }
    m = new RegExp(`^${TIME}$`, 'i').exec(s);
    if (m)
        return withTime(dateOf(referenceDate), Number(m[1]), Number(m[2]), m[3]);
    return null;
}
function time(date, hour, minute, meridiem) {
    if (hour === undefined || minute === undefined)
        return date && `${date}T00:00:00.000Z`;
    return withTime(date, Number(hour), Number(minute), meridiem);
}
