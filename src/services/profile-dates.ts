import type { MemoryRecord } from '../core/types.js';

/**
 * The days a profile reads a memory by. A memory learned from a dated document (a backfilled chat, an imported note)
 * was said on that document's date, not on the day it was ingested: a profile built the day a year of notes is
 * imported must not call every one of them recent, nor a plan made in March and done in May a plan still to come.
 */

/** The day a memory was said: its document's date (`metadata.date`) when it has one, else the day it was learned. */
export function statedDay(m: Pick<MemoryRecord, 'createdAt'> & Partial<Pick<MemoryRecord, 'metadata'>>): string {
  const d = m.metadata?.date;
  return typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : m.createdAt.slice(0, 10);
}

/** The day a memory happened, for "recent context": its event date when that is not after the day it was said, else the day it was said. */
export function happenedDay(m: Pick<MemoryRecord, 'eventDate' | 'createdAt'> & Partial<Pick<MemoryRecord, 'metadata'>>): string {
  const said = statedDay(m);
  const event = m.eventDate?.slice(0, 10);
  return event && event <= said ? event : said;
}

/** A plan: a fact said before the date it is about. */
export function plannedAhead(m: Pick<MemoryRecord, 'eventDate' | 'createdAt'> & Partial<Pick<MemoryRecord, 'metadata'>>): boolean {
  return !!m.eventDate && m.eventDate.slice(0, 10) > statedDay(m);
}

/** A plan (said before its date) whose date has come by `today` (YYYY-MM-DD): "starts at KPMG in July", read in November. */
export function planDue(m: Pick<MemoryRecord, 'eventDate' | 'createdAt'> & Partial<Pick<MemoryRecord, 'metadata'>>, today: string): boolean {
  return plannedAhead(m) && m.eventDate!.slice(0, 10) <= today;
}

/** A plan (said before its date) whose date lies before the tag's latest activity. */
export function finishedPlan(m: Pick<MemoryRecord, 'eventDate' | 'createdAt'> & Partial<Pick<MemoryRecord, 'metadata'>>, anchorDay: string): boolean {
  if (!m.eventDate) return false;
  const event = m.eventDate.slice(0, 10);
  return event > statedDay(m) && event < anchorDay;
}

/** The day `days` before a day (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isFinite(t) ? new Date(t - days * 86_400_000).toISOString().slice(0, 10) : day;
}
