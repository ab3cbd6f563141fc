import { addMonths, isoDate, weekdayOf } from './calendar.js';

/**
 * "Monday the 9th", "on Friday, the 3rd": a weekday with its day of the month names one date, the month whose Nth
 * falls on that weekday (issue 26, round 23: "moved to Monday the 9th" said on 3 February became "2026-02-09 the 9th"
 * when the nearest Monday was taken and the ordinal left beside it). The nearest such date after the day written,
 * or before it in a sentence about the past; null when no month within a year has one.
 */
export function weekdayOfMonthDate(ref: string, weekday: number, dayOfMonth: number, backwards: boolean): string | null {
  const month = addMonths(ref, 0);
  for (let i = 0; i <= 12; i++) {
    const first = addMonths(month, backwards ? -i : i);
    const date = isoDate(Number(first.slice(0, 4)), Number(first.slice(5, 7)), dayOfMonth);
    if (!date || weekdayOf(date) !== weekday) continue;
    if (backwards ? date <= ref : date >= ref) return date;
  }
  return null;
}
