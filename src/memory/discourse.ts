import { MONTHS, WEEKDAYS } from './calendar.js';
import { PARTNER_WORDS, RELATIVE_WORDS, relative } from './attribute-patterns.js';
import { ROLE_NAME_WORDS } from './role-names.js';
import { isCommonWord, isKnownName, isOrganisation, isPlaceName, nameGender, type Gender } from './lexicon.js';

/**
 * What a conversation has said so far, for what a sentence leaves implicit: who "she" and "he" are (the last person
 * of that gender mentioned, or the only person mentioned), where "there" is (the last place), who "we" are (the
 * speaker and a partner they named), and the user's name once they give it ("My name is Maya"). Earlier turns of an
 * appended conversation are read the same way, without producing facts. A pronoun with no clear antecedent is left
 * unresolved, and the extractor drops its sentence rather than guess.
 */

interface Person {
  name: string;
  gender: Gender | null;
  /** Turn index of the last mention. */
  turn: number;
  /** Named as a sentence's subject doing what people do ("Aiyana broke up with Marco"), not only mentioned. */
  acted?: boolean;
}

/** Turns back a pronoun may reach for its antecedent. */
const WINDOW = 3;

const NOT_NAMES = new Set(
  `I I'm I've I'd I'll The A An And But So Or If When While After Before Because Since Then This That These Those There Here It It's My Our Your His Her Their
  We You He She They Me Us Him Them Mom Dad Mum Yes No Oh Hey Hi Hello Thanks Thank Wow Well Okay Ok Sure Also Just Still Now Today Tomorrow Yesterday
  Tonight Mr Mrs Ms Dr God Lol Omg Haha Christmas Easter Halloween Thanksgiving New Year Monday Tuesday Wednesday Thursday Friday Saturday Sunday
  English Spanish French German Italian Chinese Japanese Korean Portuguese Russian Arabic Hindi LGBTQ LGBT AI TV`.split(/\s+/),
);
const MOTION =
  /\b(?:go|goes|going|went|gone|fly|flies|flying|flew|flown|travel|travels|travelling|traveling|travelled|traveled|move|moves|moving|moved|drive|drives|driving|drove|head|heads|heading|headed|come|comes|coming|came|get|gets|getting|got|return|returns|returning|returned|trip|back|walk|walked|walking|run|ran|running|sail|sailed|take|taking|took|bring|brought|send|sent|relocate|relocating|relocated)\s+(?:back\s+|out\s+|over\s+|up\s+|down\s+)?$/i;
const EXISTENTIAL = /^\s*(?:is|are|was|were|'s|’s|will|would|has|have|had|might|may|must|could|should|seems|seem|isn't|aren't|wasn't|weren't)\b/i;
// After "her", a word that starts its object rather than a noun she owns: "told her that", "with her and", "walk her twice a day".
const NOT_OWNED =
  /^(?:to|that|and|or|but|for|with|about|at|in|on|of|the|a|an|some|this|these|those|so|too|again|back|up|out|off|how|what|when|why|if|as|because|since|now|then|there|here|yesterday|today|tomorrow|last|every|once|twice|thrice|daily|nightly|weekly|often|always|sometimes|usually|regularly|each|around|along|anyway|anymore|myself|ourselves|is|was|a lot|more|much)$/i;
const FEMALE_RELATIVES = /^(?:mom|mum|mother|mommy|stepmom|sister|stepsister|daughter|grandma|grandmother|granny|aunt|niece|wife|girlfriend|fianc[ée]e)$/i;
const MALE_RELATIVES = /^(?:dad|father|daddy|stepdad|brother|stepbrother|son|grandpa|grandfather|uncle|nephew|husband|boyfriend|fianc[ée])$/i;
const NAME_SEQ = /\b(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})\b/gu;
const RELATIVE_NAMED = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur|\p{Lu}[\p{L}'-]*'s)\s+(?:(?:older|younger|little|big|baby|twin|best|new|old|late)\s+)?(${RELATIVE_WORDS}|${PARTNER_WORDS}|${ROLE_NAME_WORDS})(?:,)?\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)`,
  'gu',
);
const RELATIVE_BARE = new RegExp(String.raw`\b([Mm]y|[Oo]ur)\s+(?:(?:older|younger|little|big|baby|twin|best)\s+)?(${RELATIVE_WORDS}|${PARTNER_WORDS})\b(?!\s+\p{Lu})`, 'gu');
/** Before a capitalised word, a preposition that makes it a place or an organisation, unless the lexicon knows the name ("works at Figma"). */
const PLACE_PREPOSITION = /\b(?:at|in|into|from|near|on|of|via|inside|outside|across|around|joined)\s+$/i;
/** After a capitalised word at a sentence start, a verb only a person does ("Maya lives in Boston"): a person, named or not. */
// A name the lexicon does not know ("Kwame quit the bakery", "Thabo has started eating fish") is a person by what
// it does: a verb of a life event after it ("quit", "has started"), not only the catalogue's verbs.
const PERSON_VERB =
  /^\s+(?:(?:now|only|just|still|also|finally)\s+){0,2}(?:(?:has|had)\s+(?:just\s+|finally\s+|now\s+|also\s+)?)?(?:lives|lived|moved|works|worked|studies|studied|teaches|taught|married|loves|loved|hates|hated|likes|liked|plays|played|grew|says|said|told|met|wants|wanted|feels|felt|thinks|thought|quit|left|became|become|got|gotten|went|gone|done|did|bought|sold|took|taken|began|begun|started|joined|retired|relocated|graduated|returned|resigned|qualified|switched|divorced|separated|adopted|finished|stopped|passed|broke up with|split up with|split from|got engaged|got married|fell pregnant|gave birth|is (?:seeing|dating|engaged to|pregnant|married to))\b/u;
const NOBODY_IN_PARTICULAR = /^(?:Everyone|Everybody|Someone|Somebody|Nobody|Anyone|Anybody|People|Everything|Nothing|Who|He|She|They|It|We|You|I|One)$/;
const WORKPLACE = /\b(?:at|for|joined)\s+(\p{Lu}[\p{L}\d&'’-]+(?:\s+\p{Lu}[\p{L}\d&'’-]+){0,2})/gu;
const PLURAL_RELATIVES =
  /\b([Mm]y|[Oo]ur)\s+(?:(?:two|three|four|little|older|younger|grown|best|new|old)\s+)?(kids|children|parents|friends|sisters|brothers|grandparents|cousins|coworkers|colleagues|roommates|neighbors|neighbours|sons|daughters|twins|dogs|cats|pets|students|clients|teammates|in-laws|family|folks|grandkids|boys|girls)\b/g;
const NAMED_PAIR = /\b(\p{Lu}[\p{L}'’-]+) and (\p{Lu}[\p{L}'’-]+)\b/gu;
// The last noun phrase a sentence names, what a following "it" most likely is: "a painting of a lake", "my new bike".
const THING = /\b(a|an|the|my|our|this)\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]{3,})(?=\s*(?:[,.!?;:]|$|\s+(?:and|but|so|because|for|with|at|in|on|to|from|last|yesterday|today|this|that)\b))/gu;
const NOT_A_THING =
  /\b(?:lot|bit|few|way|time|times|day|days|week|weeks|month|year|years|while|little|kind|sort|moment|thing|things|one|ones|same|rest|end|start|beginning|part|most|other|others|first|last|next|best|worst|something|anything|everything|nothing)$/;
const IT_IDIOM =
  /\b(?:made|make|makes|making|get|got|gets|getting|take|took|takes|taking|hit|love|loving|like|mean|meant|keep|keeping|kept|nailed|nail|rocked|rock|wing|winging|miss|missed|guess|believe)\s+it\b|\bit\s+(?:off|easy|up|out)\b|\bit\s+a\s+(?:try|shot|go|whirl)\b|\bof it\b/i;
const NAMED_BEFORE = /(?:^|\s)(?!(?:I|I'm|I've|The|A|An|My|Our|Yeah|Yes|Oh|Wow|Thanks)\b)\p{Lu}\p{Ll}+(?:\s|,|'s)/u;
const PLURAL_BEFORE =
  /\b(?:the|some|many|all|these|those|other|few|two|three|\d+)\s+(?:[\p{Ll}-]+\s+)?[\p{Ll}-]{3,}s\b|\b[\p{Ll}-]{3,}(?:ers|ents|ists|ians|ants|ees|ors|dren|ople|folks|kids|friends|members|residents|veterans|students|fans)\b/u;
// "my 2015 Golf keeps failing its MOT": a model's name and year are a thing too.
const THING_BEFORE = /\b(?:a|an|the|this|that|my|our)\s+(?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]{3,}\b|\b(?:[Aa]n?|[Tt]he|[Mm]y|[Oo]ur)\s+(?:[\p{Ll}\d-]+\s+){0,2}\p{Lu}[\p{L}\d-]{2,}\b|"[^"]+"|“[^”]+”/u;
const PLACE_AFTER = /\b(?:in|to|from|at|visit|visited|visiting|near|around|into|toward|towards)\s+((?:the\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})/gu;

export class Discourse {
  private persons: Person[] = [];
  private places: { name: string; turn: number; at?: boolean }[] = [];
  private partners = new Map<string, string>();
  private groups: { name: string; turn: number }[] = [];
  private things: { name: string; turn: number }[] = [];
  private turn = 0;
  /** The user's own name, once given. */
  userName: string | null = null;

  /** Moves on to the next turn: antecedents older than the window fade. */
  nextTurn(): void {
    this.turn++;
  }

  /** Every person name a sentence mentions, its places, and partners named ("my partner Sam"). */
  observe(sentence: string, speaker: string): void {
    for (const m of sentence.matchAll(RELATIVE_NAMED)) {
      const word = m[1]!.toLowerCase();
      const gender: Gender | null = FEMALE_RELATIVES.test(word) ? 'female' : MALE_RELATIVES.test(word) ? 'male' : nameGender(m[2]!);
      this.mention(m[2]!, gender);
      if (new RegExp(`^(?:${PARTNER_WORDS})$`, 'i').test(word) && /^(?:my|our)$/i.test(m[0].split(/\s+/)[0]!)) this.partners.set(speaker, m[2]!);
    }
    for (const m of sentence.matchAll(RELATIVE_BARE)) {
      const word = m[2]!.toLowerCase();
      const gender: Gender | null = FEMALE_RELATIVES.test(word) ? 'female' : MALE_RELATIVES.test(word) ? 'male' : null;
      if (gender) this.mention(`${speaker}'s ${relative(word)}`, gender, true);
    }
    for (const m of sentence.matchAll(PLACE_AFTER)) {
      const place = m[1]!.replace(/^the\s+/i, '');
      if (isPlaceName(place)) this.places.push({ name: m[1]!, turn: this.turn });
    }
    for (const m of sentence.matchAll(WORKPLACE)) {
      if (!isKnownName(m[1]!.split(/\s+/)[0]!) && !isPlaceName(m[1]!)) this.places.push({ name: m[1]!, turn: this.turn, at: true });
    }
    for (const m of sentence.matchAll(NAME_SEQ)) {
      const name = m[1]!.replace(/[’']s$/, '');
      const first = name.split(/\s+/)[0]!;
      if (NOT_NAMES.has(first) || MONTHS.has(first.toLowerCase()) || WEEKDAYS.has(first.toLowerCase())) continue;
      if (isPlaceName(name)) {
        this.places.push({ name, turn: this.turn });
        continue;
      }
      // Capitalised at a sentence start proves nothing: there only names the lexicon knows count, or a subject doing
      // what only people do. After "at", "in", "from"... an unknown capitalised word is a place or an organisation.
      const atStart = m.index === 0 || /[.!?]\s*$/.test(sentence.slice(0, m.index));
      const unknown = !isCommonWord(first) && !isOrganisation(first);
      // An abbreviation in capitals ("SALT has moved him", "NOK changed") is a team or a field, not a person.
      const person = atStart
        ? !isOrganisation(first) && !NOBODY_IN_PARTICULAR.test(first) && !/^\p{Lu}{2,}$/u.test(first) && PERSON_VERB.test(sentence.slice(m.index + m[0].length))
        : unknown && !PLACE_PREPOSITION.test(sentence.slice(0, m.index));
      if (isKnownName(first) || person) this.mention(name, nameGender(first), false, atStart && person);
    }
    const partner = /^(\p{Lu}[\p{L}'’-]+) and I\b/u.exec(sentence);
    if (partner && isKnownName(partner[1]!)) this.partners.set(speaker, partner[1]!);
  }

  /**
   * The groups ("my kids") and things ("a painting of a lake") a sentence names, for "they" and "it" in the sentences
   * after it: observed once the sentence itself is resolved, so its own "it" never points at its own object.
   */
  observeThings(sentence: string, speaker: string): void {
    for (const m of sentence.matchAll(PLURAL_RELATIVES)) this.groups.push({ name: `${speaker}'s ${m[2]!.toLowerCase()}`, turn: this.turn });
    for (const m of sentence.matchAll(NAMED_PAIR)) if (isKnownName(m[1]!) && isKnownName(m[2]!)) this.groups.push({ name: `${m[1]} and ${m[2]}`, turn: this.turn });
    const thing = [...sentence.matchAll(THING)].filter((m) => !NOT_A_THING.test(m[2]!)).at(-1);
    if (thing) this.things.push({ name: `${/^(?:my|our)$/i.test(thing[1]!) ? `${speaker}'s` : 'the'} ${thing[2]!}`, turn: this.turn });
  }

  /** A person's name as mentioned; a known full name stays ("Maya Chen" then "Maya"). */
  private mention(name: string, gender: Gender | null, keepCase = false, acted = false): void {
    const n = keepCase ? name : name.trim();
    const i = this.persons.findIndex((p) => p.name === n || p.name.split(/\s+/)[0] === n);
    const known = i >= 0 ? this.persons.splice(i, 1)[0]! : null;
    this.persons.push({ name: known?.name ?? n, gender: gender ?? known?.gender ?? null, turn: this.turn, acted: acted || known?.acted === true });
  }

  /** The speaker's partner, when they named one: what "we" resolves to beside the speaker. */
  companionOf(speaker: string): string | null {
    return this.partners.get(speaker) ?? null;
  }

  /** Whether a person of that name was mentioned. */
  knows(name: string): boolean {
    return this.persons.some((p) => p.name === name || p.name.split(/\s+/)[0] === name);
  }

  /** The full name a first name stands for, when the conversation gave one ("Maya" → "Maya Chen"). */
  fullName(name: string): string {
    return this.persons.find((p) => p.name.split(/\s+/)[0] === name && p.name.includes(' '))?.name ?? name;
  }

  /**
   * The sentence with he/she/him/her/his and place "there" replaced by their antecedents, or null when one of them
   * (or they/them/their) has none a reader could be sure of.
   */
  resolve(sentence: string, speaker: string, listener: string | null): string | null {
    let unresolved = false;
    let out = sentence.replace(/\b(she|he|her|him|his|hers|herself|himself)(?:(['’])(s|d|ll))?\b/gi, (all, p: string, apostrophe: string | undefined, suffix: string | undefined, offset: number, whole: string) => {
      const gender: Gender = /^(?:she|her|hers|herself)$/i.test(p) ? 'female' : 'male';
      // "Laura said she...": the antecedent is in the sentence itself.
      if (offset > 0 && NAMED_BEFORE.test(whole.slice(0, offset))) return all;
      const who = this.antecedent(gender, speaker, listener);
      // "She's left Monzo": a word of no known gender said only after the pronoun, in its own sentence, is what she
      // did, not who she is ("Her name is Ada" names her).
      const laterOnly = who !== null && nameGender(who.split(/\s+/)[0]!) === null && whole.slice(offset + all.length).includes(who) && !whole.slice(0, offset).includes(who);
      if (!who || laterOnly) {
        unresolved = true;
        return all;
      }
      const lower = p.toLowerCase();
      const after = whole.slice(offset + all.length);
      const next = /^\s+([\p{L}']+)/u.exec(after)?.[1] ?? '';
      let r: string;
      if (lower === 'his' || lower === 'hers') r = `${who}'s`;
      else if (lower === 'herself' || lower === 'himself') r = 'themselves';
      else if (lower === 'her') r = next && !NOT_OWNED.test(next) && !/[.,!?;:]/.test(after.trim()[0] ?? '.') ? `${who}'s` : who;
      else r = who;
      if (apostrophe) r += ` ${suffix === 'd' ? 'would' : suffix === 'll' ? 'will' : /^(?:been|got|gotten|had|done|gone|seen)$/i.test(next) ? 'has' : 'is'}`;
      return offset === 0 || /[.!?]\s*$/.test(whole.slice(0, offset)) ? r[0]!.toUpperCase() + r.slice(1) : r;
    });
    out = out.replace(/\b([Tt]here)\b/g, (all, _t: string, offset: number, whole: string) => {
      if (EXISTENTIAL.test(whole.slice(offset + all.length)) || offset === 0) return all;
      const place = this.place(whole.slice(0, offset));
      if (!place) {
        unresolved = true;
        return all;
      }
      return `${MOTION.test(whole.slice(0, offset)) ? 'to' : place.at ? 'at' : 'in'} ${place.name}`;
    });
    out = out.replace(/\b(they|them|their|theirs|themselves)(?:(['’])(re|ve|ll|d))?\b/gi, (all, p: string, apostrophe: string | undefined, suffix: string | undefined, offset: number, whole: string) => {
      // "Dancers reach their potential": the antecedent is in the sentence itself.
      if (offset > 0 && PLURAL_BEFORE.test(whole.slice(0, offset))) return all;
      const group = this.groups.filter((g) => g.turn >= this.turn - 1).at(-1)?.name;
      if (!group) {
        unresolved = true;
        return all;
      }
      const lower = p.toLowerCase();
      let r = lower === 'their' || lower === 'theirs' ? `${group}'s` : lower === 'themselves' ? 'themselves' : group;
      if (apostrophe) r += ` ${{ re: 'are', ve: 'have', ll: 'will', d: 'would' }[suffix!.toLowerCase()] ?? ''}`;
      return offset === 0 ? r[0]!.toUpperCase() + r.slice(1) : r;
    });
    // "it" as an object, once the same turn named a thing: "I painted a lake sunset. I hung it up." A leading "It..."
    // is left for the caller to reject; idioms ("made it", "hit it off") need no antecedent.
    out = out.replace(/\b(it|its)(?:(['’])s)?\b/gi, (all, p: string, apostrophe: string | undefined, offset: number, whole: string) => {
      // "an IT lead", "works in IT": the capitals of an abbreviation in a sentence not shouted are no pronoun.
      if (all === 'IT' && /\p{Ll}/u.test(whole)) return all;
      if (offset === 0 || /[.!?]\s*$/.test(whole.slice(0, offset)) || IT_IDIOM.test(whole.slice(Math.max(0, offset - 12), offset + all.length + 8))) return all;
      // "I'm reading \"The Lean Startup\" and hoping it helps": the antecedent is in the sentence itself.
      if (THING_BEFORE.test(whole.slice(0, offset))) return all;
      const thing = this.things.filter((t) => t.turn === this.turn).at(-1)?.name;
      if (!thing) {
        unresolved = true;
        return all;
      }
      return p.toLowerCase() === 'its' ? `${thing}'s` : apostrophe ? `${thing} is` : thing;
    });
    return unresolved ? null : out;
  }

  private antecedent(gender: Gender, speaker: string, listener: string | null): string | null {
    const recent = this.persons.filter((p) => p.turn >= this.turn - WINDOW && p.name !== speaker && p.name !== listener);
    const matching = recent.filter((p) => p.gender === gender);
    if (matching.length > 0) return matching.at(-1)!.name;
    // "Aiyana broke up with Marco, she's seeing Theo now": with nobody of the pronoun's gender, the one person of no
    // known gender is who it means, also beside people of the other gender when they opened a sentence as a person.
    // Only someone seen doing what people do: a pet's or a thing's name ("Her name's Coco") has no gender either.
    const unknown = recent.filter((p) => p.gender === null);
    if (unknown.length !== 1) return null;
    return !recent.some((p) => p.gender !== null) || unknown[0]!.acted ? unknown[0]!.name : null;
  }

  /** The last place; not an employer the sentence itself names before "there" ("works for Qatar Airways there"). */
  private place(before = ''): { name: string; at?: boolean } | null {
    return this.places.filter((p) => p.turn >= this.turn - WINDOW && !(p.at && before.includes(p.name))).at(-1) ?? null;
  }
}

/**
 * The name a user gives for themselves: "My name is Maya", "I'm Maya Chen, ...", "Call me Maya", "This is Maya",
 * "Maya here, ...".
 * Null when the sentence gives none (or "I'm Happy": a word the lexicon knows as something else).
 */
export function selfIntroducedName(sentence: string): string | null {
  const m =
    /\b[Mm]y (?:full |first |real )?name is (\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u.exec(sentence) ??
    // "Sorry, it's Pippa" after "a dog called Pepper" takes a value back, it names no one.
    /\b(?:[Cc]all me|[Tt]his is|(?<!\b(?:[Ss]orry|[Ww]ait|[Tt]ypo(?: above)?|[Cc]orrection|[Ss]cratch that|[Mm]y bad|[Aa]ctually|[Oo]ops)\s*[,:;.!—–-]?\s*)(?:[Ii]t's|[Ii]t is)) (\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?=\s*(?:[,.!;]|$| here\b))(?!\s*,?\s*(?:not|rather than|instead of)\b)/u.exec(
      sentence,
    ) ??
    /\bI(?:'m| am) (\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(?=\s*(?:[,.!;]|$|\band\b))/u.exec(sentence) ??
    // "José here again, we moved...": a note signed at its start.
    /^(?:(?:[Hh]i|[Hh]ey|[Hh]ello|[Hh]ola)[,!]?\s+(?:all[,!]?\s+|again[,!]?\s+)?)?(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s+here\b(?:\s+again)?\s*[,.!:;—–-]/u.exec(sentence.trim());
  if (!m) return null;
  const name = m[1]!;
  const first = name.split(/\s+/)[0]!;
  if (NOT_NAMES.has(first) || (isCommonWord(first) && !isKnownName(first)) || isPlaceName(first)) return null;
  return name;
}
