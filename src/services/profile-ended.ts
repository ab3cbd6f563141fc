import type { MemoryRecord } from '../core/types.js';
import { PET_WORDS } from '../memory/attribute-words.js';
import { attributeSpec } from '../memory/attributes.js';
import { canonicalAttribute, subjectOf } from './memory-ranking.js';
import { homeMoved } from './profile-moves.js';

/**
 * What a long history leaves behind in a profile (issue 26, round 17). A relocation said as a move ("We relocated to
 * Dundee") replaces the home, but "The user works in Glasgow too, at the university library." stayed among the lasting
 * facts: the engine files it under no attribute, so nothing links it to the home that moved. A pet's death ("The
 * user's labrador Bramble died peacefully") is history, not a lasting fact about the user's household, and so are the
 * facts of the pet's life told before it. An ending replaced "instead" ("cancelled PureGym", then "joined Better
 * instead") is history beside its replacement.
 */

/**
 * Daily life located in a place, in the present: "works in Glasgow", "trains in Glasgow", "based in Leeds", "studies
 * in York", "friends are in Glasgow". Not biography in the past ("grew up in", "was born in", "studied in").
 */
const LOCATED = /\b(?:works?|working|based|trains?|training|studies|studying|teaches|teaching|commutes? to|(?:friends|family|office|gym|team) (?:is|are))\s+in\s+(\p{Lu}[\p{L}-]+)/gu;

/** The places a fact locates its subject's daily life in. */
export function locatedIn(text: string): string[] {
  return [...text.matchAll(LOCATED)].map((m) => m[1]!);
}

/**
 * Ids of the facts that locate a person's daily life in a place ("works in Glasgow, train in Glasgow") said before a
 * move of that person, when the move does not name the place: moving away moves daily life with it (a move within the
 * same city names it and keeps it). `later(a, b)`: a was said after b.
 */
export function placesLeftBehind<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const moves = facts.filter(homeMoved).map((m) => ({ m, person: subjectOf(m) }));
  if (moves.length === 0) return out;
  for (const older of facts) {
    const person = subjectOf(older);
    if (!person || homeMoved(older)) continue;
    const places = locatedIn(older.memory);
    if (places.length === 0) continue;
    const moved = moves.some((c) => c.m !== older && c.person === person && later(c.m, older) && places.every((p) => !new RegExp(String.raw`\b${p}\b`).test(c.m.memory)));
    if (moved) out.add(older.id);
  }
  return out;
}

const DIED = /\b(?:died|passed away|passed on|was put down|put to sleep)\b/i;
const PET = new RegExp(String.raw`\b(?:${PET_WORDS})s?\b`, 'i');

/** A pet's death ("The user's labrador Bramble died peacefully"): history, not a lasting fact of the household. */
export function petDied(m: Pick<MemoryRecord, 'memory' | 'attribute'>): boolean {
  if (!DIED.test(m.memory)) return false;
  return attributeSpec(canonicalAttribute(m.attribute))?.id === 'pet' || PET.test(m.memory);
}

/** The name of the pet a death tells of: "labrador Bramble died", "dog Barney passed away", "Bramble died". */
const PET_NAMED = new RegExp(String.raw`\b(?:${PET_WORDS})s?\s+(\p{Lu}\p{Ll}+)|(?:^|[.;]\s*)(\p{Lu}\p{Ll}+)\s+(?:died|passed away|passed on|was put down)`, 'u');

/**
 * Ids of the facts about a pet that died, said before its death ("Barney loves the beach at Portobello.", "The user
 * takes Barney every Sunday." after "The user's dog Barney passed away."): they told of its life, which ended.
 */
export function deadPetFacts<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const deaths = facts.filter(petDied).flatMap((m) => {
    const named = PET_NAMED.exec(m.memory);
    const name = named?.[1] ?? named?.[2];
    return name ? [{ m, name: new RegExp(String.raw`\b${name}\b`) }] : [];
  });
  for (const older of facts) {
    if (petDied(older)) continue;
    if (deaths.some((d) => d.m !== older && later(d.m, older) && (d.name.test(older.memory) || (older.subject !== null && d.name.test(older.subject))))) out.add(older.id);
  }
  return out;
}

/** Ending a thing ("cancelled PureGym") and its replacement said with "instead" ("joined Better instead"). */
const ENDS_THING = /\b(?:cancell?ed|quit|left|gave up|given up|stopped|dropped|sold|got rid of)\b/i;
const INSTEAD = /\binstead\b/i;

/**
 * Ids of the facts that end a thing ("The user cancelled PureGym.") which a fact of the same person, told with them or
 * later, replaces ("The user joined the Better leisure centre instead."): the replacement is what holds now; the
 * ending is history.
 */
export function replacedEndings<T extends Pick<MemoryRecord, 'id' | 'memory' | 'attribute' | 'subject' | 'documentIds'>>(facts: readonly T[], later: (a: T, b: T) => boolean): Set<string> {
  const out = new Set<string>();
  const replacements = facts.filter((m) => INSTEAD.test(m.memory) && !ENDS_THING.test(m.memory));
  if (replacements.length === 0) return out;
  for (const older of facts) {
    if (!ENDS_THING.test(older.memory) || INSTEAD.test(older.memory)) continue;
    const person = subjectOf(older);
    if (!person) continue;
    const sameDocument = (r: T) => r.documentIds.some((d) => older.documentIds.includes(d));
    if (replacements.some((r) => subjectOf(r) === person && (sameDocument(r) || later(r, older)))) out.add(older.id);
  }
  return out;
}
