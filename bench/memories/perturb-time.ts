/**
 * The time perturbations of perturb-scenarios.ts:
 * - `dates`: every date of a scenario (step dates, and years, month names and ISO dates in every text, answers and
 *   profile included) moved back by whole years and, where the text names no season, holiday or weekday, by months
 *   too, so the scenario is backfilled from another time of year; relative expressions ("last month") are kept;
 * - `split-merge`: a transcript with several user turns split into documents of the same date, one per user turn
 *   with the replies after it, and consecutive documents of the same date and shape joined into one.
 */
import { parseDoc, renderInShape } from './perturb-turns.js';
import type { Scenario, Step } from './scenarios.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, jun: 5, jul: 6, aug: 7, sep: 8, sept: 8, oct: 9, nov: 10, dec: 11 };
const SEASONAL =
  /\b(spring|summer|autumn|fall|winter|christmas|xmas|easter|new year|thanksgiving|halloween|ramadan|diwali|eid|hanukkah|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|quarter|q[1-4]|term|semester|season|birthday)\b/i;
const TEXT_KEYS = new Set(['id', 'family', 'date', 'kind', 'role', 'conversationId']);

/** Moves a scenario by `-years` years and `+months` months (seeded), its texts along with its dates. */
export function shiftDates(s: Scenario, random: () => number): Scenario | null {
  const texts = JSON.stringify(s);
  if (!/"date":|\b(19[5-9]\d|20[0-4]\d)\b/.test(texts)) return null;
  const years = 2 + Math.floor(random() * 3);
  const months = SEASONAL.test(texts) ? 0 : 1 + Math.floor(random() * 11);
  return shiftScenario(s, -12 * years + months);
}

/** Every date of the scenario moved by `by` months (pure; exported for tests). */
export function shiftScenario(s: Scenario, by: number): Scenario {
  const walk = <T>(x: T, key?: string): T => {
    if (typeof x === 'string') {
      if (key === 'date') return shiftIso(x, by) as T;
      return (key && TEXT_KEYS.has(key) ? x : shiftText(x, by)) as T;
    }
    if (Array.isArray(x)) return x.map((y) => walk(y)) as T;
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k)])) as T;
    return x;
  };
  return walk(s);
}

function shiftIso(iso: string, by: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(iso);
  if (!m) return iso;
  const total = Number(m[1]) * 12 + Number(m[2]) - 1 + by;
  const y = Math.floor(total / 12);
  const mo = total - y * 12;
  const days = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}-${String(Math.min(Number(m[3]), days)).padStart(2, '0')}${m[4]}`;
}

const monthIndex = (word: string): number | null => {
  const full = MONTHS.findIndex((m) => m.toLowerCase() === word.toLowerCase());
  return full >= 0 ? full : (SHORT[word.toLowerCase().replace(/\.$/, '')] ?? null);
};
const MONTH_WORD = `(${MONTHS.join('|')}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)`;
// "March 2026", "8 May, 2023", "May 2023": a month with its year moves as one date.
const MONTH_YEAR = new RegExp(`\\b${MONTH_WORD}(,?\\s+)((?:19|20)\\d\\d)\\b`, 'g');
// A month name on its own: only where it reads as a month (capitalised, and "May" only before a day or after a preposition).
const MONTH_ALONE = new RegExp(`(?<![\\p{L}])${MONTH_WORD}(?![\\p{L}])`, 'gu');
const YEAR = /(?<![$£€\d.,-])\b(19[5-9]\d|20[0-4]\d)\b(?!\s?(?:k|mg|ml|km|kcal|calories|steps|words|ft|m\b))/g;
const ISO_IN_TEXT = /\b(\d{4}-\d{2}-\d{2})\b/g;

function monthName(i: number, like: string): string {
  const name = MONTHS[((i % 12) + 12) % 12]!;
  const short = like.length <= 4 && like !== 'May' && like !== 'June' && like !== 'July';
  const out = short ? name.slice(0, name === 'September' && like.startsWith('Sept') ? 4 : 3) : name;
  return like === like.toLowerCase() ? out.toLowerCase() : out;
}

/** One text with its dates moved by `by` months (a bare year moves by `by / 12` rounded). */
export function shiftText(text: string, by: number): string {
  const placeholders: string[] = [];
  const hold = (s: string) => `\u0000${placeholders.push(s) - 1}\u0000`;
  let t = text.replace(ISO_IN_TEXT, (iso) => hold(shiftIso(iso, by)));
  t = t.replace(MONTH_YEAR, (all, mon: string, sep: string, year: string) => {
    const i = monthIndex(mon);
    if (i === null) return all;
    const total = Number(year) * 12 + i + by;
    return hold(`${monthName(total % 12, mon)}${sep}${Math.floor(total / 12)}`);
  });
  if (by % 12 !== 0)
    t = t.replace(MONTH_ALONE, (mon: string, _m: string, offset: number, whole: string) => {
      if (mon === 'May' && !/\b(in|of|since|until|by|from|early|late|mid|end of|start of)\s+$/i.test(whole.slice(0, offset)) && !/^\s+\d/.test(whole.slice(offset + 3))) return mon;
      if (mon[0] !== mon[0]!.toUpperCase()) return mon;
      const i = monthIndex(mon);
      return i === null ? mon : monthName(i + by, mon);
    });
  // A bare year moves with the dates: by whole years, plus one where the months carry it over.
  t = t.replace(YEAR, (y) => String(Number(y) + Math.round(by / 12)));
  return t.replace(/\u0000(\d+)\u0000/g, (_, i: string) => placeholders[Number(i)]!);
}

/** Split transcripts with several user turns; join consecutive same-date documents of one shape. */
export function splitMerge(s: Scenario): Scenario | null {
  const split: Step[] = s.steps.flatMap((st): Step[] => {
    if (st.kind !== 'document') return [st];
    const p = parseDoc(st.content);
    if (!p || p.shape === 'plain') return [st];
    // A new document starts at a user turn that answers no question of the assistant ("Are you still at X?" "nope").
    const parts: (typeof p.turns)[] = [];
    p.turns.forEach((t, i) => {
      const prev = p.turns[i - 1];
      const opens = t.role === 'user' && prev !== undefined && (prev.role === 'user' || !prev.content.includes('?')) && parts.at(-1)!.some((x) => x.role === 'user');
      if (opens || parts.length === 0) parts.push([t]);
      else parts.at(-1)!.push(t);
    });
    if (parts.length < 2) return [st];
    return parts.map((turns) => ({ ...st, content: renderInShape({ ...p, turns }) }));
  });
  if (split.length !== s.steps.length) return { ...s, steps: split };
  const merged: Step[] = [];
  for (const st of s.steps) {
    const prev = merged.at(-1);
    if (prev?.kind === 'document' && st.kind === 'document' && prev.date === st.date && !prev.entityContext && !st.entityContext && !prev.metadata && !st.metadata) {
      const a = parseDoc(prev.content);
      const b = parseDoc(st.content);
      if (a && b && a.shape === b.shape) {
        merged[merged.length - 1] = { ...prev, content: a.shape === 'plain' ? `${a.turns[0]!.content}\n\n${b.turns[0]!.content}` : renderInShape({ ...a, turns: [...a.turns, ...b.turns] }) };
        continue;
      }
    }
    merged.push(st);
  }
  return merged.length === s.steps.length ? null : { ...s, steps: merged };
}
