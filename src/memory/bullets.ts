import { attributeKey } from './attributes.js';
import { resolveDates } from './temporal-expressions.js';
import type { ExtractedFact } from './types.js';

/**
 * Facts from "label: value" lines of notes (`- Budget: $40k`, `* **Deadline:** March 3`, `Lead: Priya`), about the
 * heading above them, the document's title, or "the project". Only labels with a catalogue attribute count: a line
 * like "Note: bring slides" is left to the sentence reader. The lines are returned so they are not read twice.
 */

const LABELS: Record<string, { id: string; noun: string }> = {
  budget: { id: 'budget', noun: 'budget' },
  'total budget': { id: 'budget', noun: 'budget' },
  cost: { id: 'budget', noun: 'cost' },
  deadline: { id: 'deadline', noun: 'deadline' },
  due: { id: 'deadline', noun: 'due date' },
  'due date': { id: 'deadline', noun: 'due date' },
  'launch date': { id: 'deadline', noun: 'launch date' },
  launch: { id: 'deadline', noun: 'launch date' },
  'go-live': { id: 'deadline', noun: 'go-live date' },
  'start date': { id: 'deadline', noun: 'start date' },
  'end date': { id: 'deadline', noun: 'end date' },
  lead: { id: 'lead', noun: 'lead' },
  'project lead': { id: 'lead', noun: 'lead' },
  'tech lead': { id: 'lead', noun: 'tech lead' },
  owner: { id: 'lead', noun: 'owner' },
  manager: { id: 'lead', noun: 'manager' },
  pm: { id: 'lead', noun: 'project manager' },
  'project manager': { id: 'lead', noun: 'project manager' },
};

const LINE = /^\s*(?:[-*+•]\s+|\d{1,2}[.)]\s+)?(?:\*\*|__)?([A-Za-z][A-Za-z -]{1,24}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.{1,200}?)\s*$/;
const HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*$|(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*$)/;

export interface BulletFacts {
  facts: ExtractedFact[];
  /** Line numbers the facts came from. */
  lines: Set<number>;
}

export function bulletFacts(content: string, title: string | null, documentDate: string): BulletFacts {
  const facts: ExtractedFact[] = [];
  const used = new Set<number>();
  let heading = title?.trim() || null;
  const lines = content.split(/\r\n?|\n/);
  for (const [i, raw] of lines.entries()) {
    const h = HEADING.exec(raw);
    if (h) {
      heading = (h[1] ?? h[2] ?? '').replace(/[*_`]/g, '').trim() || heading;
      continue;
    }
    const m = LINE.exec(raw);
    const label = m ? LABELS[m[1]!.trim().toLowerCase()] : undefined;
    if (!m || !label) continue;
    const value = m[2]!.replace(/\*\*|__|`/g, '').replace(/[.;]+$/, '').trim();
    if (!value) continue;
    const subject = heading ?? 'the project';
    const dates = label.id === 'deadline' ? resolveDates(value, documentDate) : { text: value, dates: [] as string[] };
    const about = /^the\s/i.test(subject) ? subject : subject;
    facts.push({
      text: `${capitalise(`the ${label.noun} of ${about}`)} is ${dates.text}.`,
      isStatic: label.id !== 'deadline',
      eventDate: dates.dates[0] ?? null,
      forgetAfter: null,
      subject,
      attribute: attributeKey(label.id, subject),
      speaker: null,
    });
    used.add(i);
  }
  return { facts, lines: used };
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}
