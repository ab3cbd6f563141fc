import type { MemoryRecord } from '../core/types.js';
import { CAR_BRANDS } from '../memory/attribute-words.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';

/**
 * A car in a profile after it was replaced. "Bought a secondhand Kia Niro" is filed as an event (it tells what
 * happened), so it sat in recent context while "The user's car is a 2014 Honda Jazz" stayed in the lasting facts. A car
 * acquired, said as done, is the person's car now (lasting), and replaces the car of another make said before it.
 */

const BRAND = new RegExp(String.raw`\b(?:${CAR_BRANDS})\b`, 'gi');
/** Acquired, said as done: bought / got / picked up / leased / ended up with / traded ... for. Not wished ("wants to buy"). */
const ACQUIRED = /\b(?:bought|got|picked up|leased|purchased|ended up with|traded\b[^.;]*\bfor|part[- ]exchanged\b[^.;]*\bfor|(?:has|have|'s|'ve) got)\b/i;
const WISHED = /\b(?:wants?|wanted|would like|hoping|hopes|plans?|planning|thinking of|considering|might|may|will|going to)\b/i;
/** A car named in a fact of no other attribute ("drives", "car is", "has a"). */
const CAR_WORDS = /\b(?:car|drives?|driving|vehicle)\b/i;

function brands(text: string): Set<string> {
  return new Set([...text.matchAll(BRAND)].map((m) => m[0].toLowerCase()));
}

/** A fact that says its subject acquired a car (of a known make), as done. */
export function carAcquired(m: Pick<MemoryRecord, 'memory' | 'forgetAfter'>): boolean {
  return !m.forgetAfter && brands(m.memory).size > 0 && ACQUIRED.test(m.memory) && !WISHED.test(m.memory);
}

/** A fact that states its subject's car: filed as a vehicle, or naming a make with car words. */
function statesCar(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  return canonicalAttribute(m.attribute) === 'vehicle' || (brands(m.memory).size > 0 && CAR_WORDS.test(m.memory));
}

/**
 * Ids of the facts whose car a later acquisition of the same person replaced (a make the older fact does not name).
 * `later(a, b)`: a was said after b.
 */
export function replacedCars<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'forgetAfter'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const acquired = facts.filter(carAcquired).map((m) => ({ m, person: subjectOf(m), makes: brands(m.memory) }));
  if (acquired.length === 0) return out;
  for (const older of facts) {
    if (!statesCar(older)) continue;
    const person = subjectOf(older);
    const makes = brands(older.memory);
    if (person && acquired.some((a) => a.m !== older && a.person === person && later(a.m, older) && [...a.makes].some((b) => !makes.has(b)))) out.add(older.id);
  }
  return out;
}
