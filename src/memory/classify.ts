import { attributeKey, attributeSpec } from './attributes.js';
import { ADV, LANGUAGES, PARTNER_WORDS, PATTERNS, PET_WORDS, PROFESSIONS, RELATIVE_WORDS, relative, WORKPLACE, type Facet } from './attribute-patterns.js';
import { gerund, isCommonWord, isOrganisation, isPlaceName } from './lexicon.js';
import type { Tense } from './tense.js';
import { escapeRe } from '../text/regex-escape.js';
import { MONTH_PATTERN } from './calendar.js';

/**
 * What a third-person fact states about its subject, on the attribute catalogue: "Dana lives in Paris" → residence
 * "Paris"; "Dana works as a nurse at Mercy" → role "nurse" and employer "Mercy" (two facets: the extractor files
 * them as two facts, so a new job title does not lose the employer); "Dana is allergic to peanuts and shellfish" →
 * allergy:peanut and allergy:shellfish. Whether it is static (lasting: identity, work, preferences, relationships)
 * or dynamic (events, trips, plans) follows the attribute, then tense and dates. The judge runs the same analysis on
 * stored memories, so what a value or a negation is stays defined in one place.
 */
export interface ClassifiedFacet extends Facet {
  /** Stored attribute: catalogue id, or `id:object` for keyed attributes. */
  attribute: string;
  isStatic: boolean;
}

export interface Classification {
  isStatic: boolean;
  /** The first facet's attribute, or null when the fact states none the catalogue names. */
  attribute: string | null;
  facets: ClassifiedFacet[];
}

// Compiled once with indices, to know where a value starts (a negation must come before it).
const COMPILED = PATTERNS.flatMap(([res, build]) => (Array.isArray(res) ? res : [res]).map((re) => [new RegExp(re.source, re.flags.includes('d') ? re.flags : `${re.flags}d`), build] as const));

// Where a place, employer or object ends: "lives in Paris with Tom" → "Paris" (a title's full stop, "Mr. Petrov", ends nothing).
const VALUE_END =
  /\s*(?:[,;:!?()]|(?<!\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|St|Sr|Jr))\.(?:\s|$)|\s(?:with|because|since|for|and|or|but|after|before|when|while|where|which|who|as|on|at|to|from|last|this|next|around|so|though|until|till|by|during|every|each|starting|effective|in\s+(?:the\s+)?(?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|fall|autumn|winter|week|weekend)|now|anymore|any more|these days|nowadays|either)\b).*$/i;
const VALUE_END_KEEP_IN =
  /\s*(?:[,;:!?()]|(?<!\b(?:Mr|Mrs|Ms|Mx|Dr|Prof|St|Sr|Jr))\.(?:\s|$)|\s(?:with|because|since|for|and|or|but|after|before|when|while|which|who|as|on|to|from|last|this|next|so|though|until|till|during|every|each|now|anymore|any more|these days|nowadays|either|in\s+(?:the\s+)?(?:\d{4}|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|fall|autumn|winter|week|weekend|month|year))\b).*$/i;
const TRAILING = /(?:\s+(?:now|anymore|any more|these days|nowadays|too|as well|lately|again|a lot|so much|very much|instead|though|still|today|anyway|here|there|full[- ]time|part[- ]time))+\s*$/i;
const LEADING_DETERMINERS = /^(?:(?:to|the|a|an|all|some|any|his|her|their|these|those|this|that|really|also|\p{Lu}[\p{L}'-]*'s)\s+)+/iu;
const SAME_JOB = /\bsame\s+(?:role|job|title|position|team|work|gig)\b|\bas\s+(?:an?\s+)?(?:senior\s+|junior\s+|lead\s+|staff\s+)?(?:engineer|developer|designer|manager|analyst|pm)\b/i;
const NEGATION = /\b(?:not|no longer|never)\b|n't\b/i;
const HABIT =
  /\b(?:always|usually|often|never|regularly|daily|weekly|monthly|every\s+(?:day|week|morning|evening|night|weekend|month|year|summer|winter|other\s+\w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|each\s+(?:day|week|morning|evening|weekend|month)|on\s+(?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:mornings|afternoons|evenings|nights)|(?:once|twice|\w+ times)\s+a\s+(?:day|week|month|year))\b/i;
// Lists split into one facet per item, unless the item is a phrase that holds "and".
const LISTED = new Set(['allergy', 'language', 'opinion']);
const IDIOMS =
  /\b(?:rock and roll|mac and cheese|salt and pepper|fish and chips|r and b|rhythm and blues|drum and bass|arts and crafts|pros and cons|black and white|peanut butter and jelly|bread and butter|cheese and crackers|rice and beans|bed and breakfast|dungeons and dragons|pb and j|tom and jerry|law and order)\b/i;
const ROLE_WORD = new RegExp(String.raw`\b(?:${PROFESSIONS.join('|')})s?\b`, 'i');
const DEVICES = /^(?:phone|tablet|watch|camera|computer|headphones|fitness tracker)$/;
const GO_VERBS = /^(?:goes|plays|does|has|takes|attends|visits|hits|practices|practises)$/i;

/** The text after the subject ("Maya's sister Lena is..." with subject Lena → " is..."), or null when it does not lead. */
export function predicateOf(text: string, subject: string | null): { head: string; rest: string } | null {
  if (!subject) return null;
  const lower = text.toLowerCase();
  const s = subject.toLowerCase();
  const at = lower.startsWith(s) ? 0 : lower.slice(0, 80).indexOf(` ${s}`) + 1;
  if (at < 0 || (at > 0 && !/^(?:(?:\p{Lu}[\p{L}'-]*(?:'s)?\s+)?(?:[\p{L}\d'-]+\s+){0,3}|(?:After|Since|Over|For|In|By|Within|As of)\s[^,.!?]{0,60}?\s)$/u.test(text.slice(0, at)))) return null;
  const end = at + s.length;
  if (end < text.length && /[\p{L}\d]/u.test(text[end]!)) return null;
  // "Maya and Sam moved...", "Maya and others moved...": the group's predicate is the subject's.
  const group = /^\s+and\s+(?:others|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)(?=\s)/u.exec(text.slice(end));
  const cut = end + (group?.[0].length ?? 0);
  return { head: text.slice(0, cut), rest: text.slice(cut).replace(/[.!]+$/, '') };
}

/** Classifies a third-person fact whose subject is `subject`; `dated` = it carries a date or an end. */
export function classifyFact(text: string, subject: string | null, tense: Tense, dated: boolean): Classification {
  const p = predicateOf(text, subject);
  const facets = p ? analyse(p.rest, tense) : [];
  if (facets.length > 0) return { isStatic: facets[0]!.isStatic, attribute: facets[0]!.attribute, facets };
  // "doesn't drink coffee anymore", "no longer owns a car": filed under the attribute the statement denies, so it
  // replaces that statement (the text keeps the denial).
  const denied = p ? deniedAttribute(p.rest) : null;
  if (denied) return { isStatic: true, attribute: denied, facets: [] };
  if (dated || tense !== 'present') return { isStatic: false, attribute: null, facets: [] };
  if (!p) return { isStatic: HABIT.test(text), attribute: null, facets: [] };
  return { isStatic: IDENTITY.test(p.rest) || IS_A.test(p.rest) || /^\s+has\s+(?:an?|two|three|four|five|\d+)\s+(?!\w+ing\b)/i.test(p.rest) || PRESENT_SIMPLE.test(p.rest), attribute: null, facets: [] };
}

const NO_MORE = /^\s+(?:(?:(?:doesn't|does not|don't|do not)\s+(\p{Ll}+))|no longer\s+(\p{Ll}+))\b(.*?)\s*\b(?:any ?more|these days|nowadays)\b/u;

/** The attribute of the positive statement a "not ... anymore" denies ("doesn't drink coffee anymore" → the coffee habit's). */
function deniedAttribute(rest: string): string | null {
  const m = NO_MORE.exec(rest);
  if (!m) return null;
  const verb = m[1] ?? m[2]!;
  const third = m[1] ? (verb === 'have' ? 'has' : /(?:sh|ch|s|x|z|o)$/.test(verb) ? `${verb}es` : `${verb}s`) : verb;
  const positive = analyse(` ${third}${m[3]!.replace(/[,;].*$/, '')}`, 'present');
  return positive[0]?.attribute ?? null;
}

// Adjectives that describe who someone is rather than how they feel today.
const IDENTITY =
  /^\s+(?:is|has been)\s+(?:an?\s+)?(?:(?:proud|openly|single|only)\s+)?(?:transgender|trans|gay|lesbian|bisexual|queer|nonbinary|non-binary|straight|christian|muslim|jewish|buddhist|hindu|atheist|catholic|left-handed|right-handed|introverted|extroverted|introvert|extrovert|\p{L}+(?:ish|ian|ese))\b/iu;
const IS_A = new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+an?\s+(?!\w+ing\b)`, 'i');
// "Melanie plays clarinet": a habit. Verbs of saying, thinking and wanting describe the moment.
const PRESENT_SIMPLE = new RegExp(String.raw`^\s+${ADV}(?!(?:is|was|has|does|needs|wants|thinks|believes|guesses|feels|hopes|wonders|wishes|says|means|knows|seems|looks|sounds|plans)\b)[a-z]{3,}s\b`);

/** The facets a predicate states, in order (none when no pattern applies). */
export function analyse(rest: string, tense: Tense = 'present'): ClassifiedFacet[] {
  // "is now working for Amazon", "has just moved to Leeds": adverbs between the auxiliary and its verb read as if
  // they came first ("now is working"), where every pattern's ADV expects them.
  rest = rest.replace(/^(\s+)(is|are|was|has|have)\s+((?:(?:now|currently|still|also|just|recently|finally|really|actually|officially|already)\s+)+)(?=\p{L}+(?:ing|ed)\b)/iu, '$1$3$2 ');
  for (const [re, build] of COMPILED) {
    const m = re.exec(rest);
    if (!m) continue;
    const built = build(m.groups ?? {}, rest);
    if (!built) continue;
    const valueAt = valueStart(m);
    const negated = built.negated ?? (built.id !== 'opinion' && NEGATION.test(rest.slice(0, valueAt)));
    // A planned move's value is a place, cut like one.
    const kind = built.id === 'goal' && built.object === 'move' ? 'residence' : built.id;
    const facet: Facet = { negated, ended: false, future: false, ...built, value: cleanValue(built.value, kind), object: built.object && cleanValue(built.object, built.id) };
    // "moved over to Atlassian, same role": a move to an organisation, or said of the job, is a new employer.
    if (facet.id === 'residence' && facet.value && !isPlaceName(facet.value) && (isOrganisation(facet.value) || SAME_JOB.test(rest))) facet.id = 'employer';
    if (facet.replaced && facet.value) {
      const device = DEVICES.test(facet.object ?? '');
      facet.predicate = ` now ${device ? 'has' : 'uses'} ${device ? `${/^[aeiou]/i.test(facet.value) ? 'an' : 'a'} ` : ''}${facet.value}`;
    }
    const also = alsoStated(facet, rest);
    const out = also.length > 0 ? also : listed(facet, rest, valueAt);
    return out.map((x) => finish(x, tense));
  }
  const habit = HABIT.exec(rest);
  if (habit) {
    const activity = activityOf(rest);
    if (activity) return [finish({ id: 'schedule', object: activity, value: cleanValue(rest.replace(/^\s+/, ''), 'schedule'), negated: NEGATION.test(rest), ended: false, future: false }, tense)];
  }
  return [];
}

function valueStart(m: RegExpExecArray): number {
  const groups = (m as RegExpExecArray & { indices?: { groups?: Record<string, [number, number] | undefined> } }).indices?.groups ?? {};
  const value = groups.v ?? groups.v2;
  if (value) return value[0];
  const starts = Object.values(groups)
    .filter((r): r is [number, number] => r !== undefined)
    .map((r) => r[0]);
  return starts.length > 0 ? Math.min(...starts) : m.index + m[0].length;
}

function finish(facet: Facet, tense: Tense): ClassifiedFacet {
  const spec = attributeSpec(facet.id);
  // A slot said with its start ("the retro is on Wednesdays from next sprint") is the slot's new value, not a plan.
  // A team move ("switching to the data team") is said before the day it starts: the team from then, not a plan.
  const future = facet.future || (tense === 'future' && facet.id !== 'goal' && facet.id !== 'location' && facet.id !== 'deadline' && facet.id !== 'field' && facet.id !== 'team');
  // An announced change ("will start at Stripe") is a plan until it happens.
  const id = future && spec?.lasting ? 'goal' : facet.id;
  const object = id === 'goal' && id !== facet.id ? facet.id : facet.object;
  const keyed = attributeSpec(id)?.keyed ?? true;
  return {
    ...facet,
    id,
    future,
    object,
    attribute: keyed && object ? attributeKey(id, object) : id,
    isStatic: !future && (attributeSpec(id)?.lasting ?? false),
  };
}

/** A value as stored: without trailing clauses, adverbs or leading articles; null when nothing is left. */
export function cleanValue(value: string | null, id: string): string | null {
  if (!value) return null;
  // "£1,650 a month", "$112k": an amount is the value, thousands separator and all.
  if (id === 'income' || id === 'rent') return /^[$£€]?\s?\d[\d,.]*\s?k?/iu.exec(value.trim())?.[0].trim().replace(/[.,]$/, '') || null;
  const end = id === 'schedule' || id === 'goal' || id === 'project' ? /\s*(?:[,;:!?()]|\.(?:\s|$)).*$/ : id === 'residence' || id === 'hometown' || id === 'location' ? VALUE_END_KEEP_IN : VALUE_END;
  const v = value
    .replace(end, '')
    .replace(TRAILING, '')
    .replace(LEADING_DETERMINERS, '')
    .replace(/[.!]+$/, '')
    .trim();
  return v || null;
}

/** "allergic to peanuts and shellfish": one facet per item, each with its own predicate. */
function listed(facet: Facet, rest: string, valueAt: number): Facet[] {
  if (!LISTED.has(facet.id) || !facet.object || IDIOMS.test(rest)) return [facet];
  const raw = rest.slice(valueAt).replace(VALUE_END_LIST, '');
  // "allergic to milk and to ibuprofen": the preposition said again before a later item is the list's own.
  const again = /\b(to|of|with|on)\s+$/i.exec(rest.slice(0, valueAt))?.[1];
  const items = raw
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+/)
    .map((s, i) => (i > 0 && again ? s.replace(new RegExp(`^\\s*${again}\\s+`, 'i'), '') : s).trim())
    .filter(Boolean);
  // "allergic to amoxicillin, not penicillin": the item after "not" is the rejected value of a correction, not a second item.
  if (items.length < 2 || items.some((i) => i.split(/\s+/).length > 3 || /^(?:to|it|that|how|not|never)\b/i.test(i))) return [facet];
  // "learning Japanese on Duolingo, 200 day streak": a list of languages names only languages ("a little Italian" is one).
  const language = (i: string) => i.replace(/^(?:a little|a bit of|a bit|some|basic|fluent|conversational)\s+/i, '');
  if (facet.id === 'language' && items.some((i) => !LANGUAGE.test(cleanValue(language(i), 'language') ?? ''))) return [facet];
  const head = rest.slice(0, valueAt);
  return items.map((item) => ({ ...facet, object: cleanValue(facet.id === 'language' ? language(item) : item, facet.id), value: facet.id === 'language' ? language(item) : facet.value, predicate: `${head}${item}` }));
}
const LANGUAGE = new RegExp(`^(?:${LANGUAGES})$`, 'i');
const VALUE_END_LIST = /\s*(?:[;:!?()]|\.(?:\s|$)|\s(?:with|because|since|for|but|after|before|when|while|which|who|as|now|anymore|too|so much|a lot)\b).*$/i;

/** "on 3 February 2025", "on the 12th of January", "in March 2025": when a start (joined, started, began) was. */
const START_DATE = new RegExp(
  String.raw`(?<=^\s+(?:(?:now|just|recently|finally|officially)\s+)*(?:started|joined|began)\b.*?)\s(?:on\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH_PATTERN})(?:,?\s+\d{4})?|on\s+(?:${MONTH_PATTERN})\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|in\s+(?:${MONTH_PATTERN})\s+\d{4})\b`,
  'u',
);

/** "joined <an institution> as <title>": the employer patterns only read a group that is not a club or a choir. */
const JOINED_AS = /^\s+(?:(?:now|just|recently|finally|officially|also)\s+)*(?:joined|has joined|is joining)\s+\S.*?\sas\s/iu;

/** A clause that names a role and an employer states both: "works as a nurse at Mercy", "is a designer at Figma". */
const STUDENT = /\b(?:student|undergrad(?:uate)?|pupil|phd candidate|doctoral candidate)$/i;

function alsoStated(facet: Facet, rest: string): Facet[] {
  const written = /^\s+((?:(?:now|currently|still|also|just|recently|finally|actually|officially)\s+)*)/i.exec(rest)?.[1] ?? '';
  // "just started at Monzo as an analyst" → "works at Monzo": an event's adverbs ("just", "finally") say nothing of the
  // state the clause is restated as; "now", "still", "also" do.
  const adverbs = written.replace(/\b(?:just|recently|finally|officially)\s+/gi, '');
  if (facet.id === 'role' && facet.value && !facet.negated) {
    const employer =
      /\s(?:at|for|with)\s+((?:the\s+)?(?:(?:[\p{Ll}-]+\s+){0,2}(?:firm|company|agency|startup|studio|practice|hospital|clinic|school|bank|lab|group)\s+)?[\p{Lu}\d][\p{L}\d&'.-]*(?:\s+[\p{Lu}\d&][\p{L}\d&'.-]*)*)/u.exec(
        rest,
      ) ?? new RegExp(String.raw`\s(?:at|for)\s+${WORKPLACE}`, 'iu').exec(rest);
    // Only "is a nurse in Leeds" (who the subject is) says where they live; "teaches chemistry in Leeds" says where they work.
    const said = /^\s+(?:is|am|are|'m|'s|'re)\b/.test(rest) ? workPlace(rest) : null;
    // "a copywriter at an agency in Shoreditch": the town right after an unnamed workplace is the workplace's, not a
    // home ("a PM at Canva in Sydney" still says where the subject lives: round 9).
    const unnamed = employer ? /^(?:an?|the)\s+\p{Ll}/u.test(employer[1]!) : false;
    const workTown = said && employer && unnamed && rest.indexOf(` in ${said.value!}`) === employer.index + employer[0].length ? said.value! : null;
    const place = workTown ? null : said;
    if (!employer && !place) return [];
    const title = place ? facet.value.replace(new RegExp(`\\s+in\\s+${escapeRe(place.value!)}$`), '') : facet.value;
    // The city said with the job is filed apart as the residence, so the job's text leaves it out: a move then leaves
    // no old city in the job ("is a dentist in Perth" → "is a dentist" + "lives in Perth").
    const role = /^(?:an?|the)\s/i.test(title) ? title : `${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title}`;
    const inPlace = place ? ` in ${place.value!}` : '';
    const org = employer ? cleanValue(employer[1]!, 'employer')!.replace(inPlace, '') : null;
    return [
      // Without a named employer the whole clause is the job ("is a counselor at a summer camp in Maine").
      { ...facet, value: title, predicate: employer ? ` ${adverbs}works as ${role}` : place ? ` ${adverbs}is ${role}` : rest },
      // "a PhD student at TU Munich": where a student is, is where they study.
      ...(employer && STUDENT.test(title)
        ? [{ ...facet, id: 'education', object: null, value: org, predicate: ` ${adverbs}studies at ${employer[1]!.replace(inPlace, '')}` }]
        : employer
          ? [{ ...facet, id: 'employer', object: null, value: org, predicate: ` ${adverbs}works at ${employer[1]!.replace(inPlace, '')}${workTown ? ` in ${workTown}` : ''}` }]
          : []),
      ...(place ? [place] : []),
    ];
  }
  if (facet.id === 'residence' && facet.value && !facet.ended && !facet.negated) return household(facet, rest);
  if (facet.id === 'employer' && facet.value && !facet.ended && !facet.negated) {
    const role = /\sas\s+(?:an?\s+|the\s+)?([\p{L}-]+(?:\s+[\p{L}-]+){0,4})/iu.exec(rest);
    const value = role ? cleanValue(role[1]!, 'role') : null;
    const place = /^\s+(?:is|am|are|'m|'s|'re)\b/.test(rest) ? workPlace(rest) : null;
    // A title taken on joining is a job whether or not the lexicon knows it ("joined the council as in-house counsel").
    const titled = value !== null && (ROLE_WORD.test(value) || JOINED_AS.test(rest));
    if (!titled && !place) return [];
    // "joined a startup called Fernway as head of finance": the organisation is the name, not its kind.
    const named = new RegExp(String.raw`${escapeRe(facet.value)}\s+(?:called|named)\s+(\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*)*)`, 'u').exec(rest)?.[1];
    const employer = named ? named.replace(/[.]+$/, '') : facet.value;
    const org = place ? employer.replace(new RegExp(`\\s+in\\s+${escapeRe(place.value!)}$`), '') : employer;
    // "started at Wise on 3 February 2025 as an analyst": the start's date stays with the employer, the answer to "when did I start?".
    const since = START_DATE.exec(rest);
    const at = `${/^\p{Ll}/u.test(org) ? 'the ' : ''}${employer}${place && !employer.endsWith(place.value!) ? ` in ${place.value!}` : ''}`;
    return [
      { ...facet, value: org, predicate: since ? ` ${written}started at ${at} ${since[0].trim()}` : ` ${adverbs}works at ${at}` },
      ...(value && titled ? [{ ...facet, id: 'role', value, predicate: ` ${adverbs}works as ${/^[aeiou]/i.test(value) ? 'an' : 'a'} ${value}` }] : []),
      ...(place ? [place] : []),
    ];
  }
  return [];
}

/**
 * "is a history teacher in Atlanta", "is a PM at Canva in Sydney": who the subject is, with a city, says where they
 * live too, filed apart, so a move replaces the city and keeps the job (and a new job keeps the city).
 */
function workPlace(rest: string): Facet | null {
  const m = /\s+in\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s*(?=$|[,.;!]|\s+(?:now|and|with|since|for)\b)/u.exec(rest);
  if (!m || !(isPlaceName(m[1]!) || !isCommonWord(m[1]!.split(/\s+/)[0]!))) return null;
  return { id: 'residence', object: null, value: m[1]!, negated: false, ended: false, future: false, predicate: ` lives in ${m[1]!}` };
}

const PET = new RegExp(String.raw`\b(${PET_WORDS})s?\b`, 'i');
const KIN = new RegExp(String.raw`\b(${PARTNER_WORDS}|${RELATIVE_WORDS})\b`, 'i');
// "with my two dogs, Biscuit and Mochi", "with the user's husband Luc": whose company ends at a lowercase clause.
const WITH_COMPANY = /\s+with\s+((?:(?:the user|\p{Lu}[\p{L}'-]*)'s|my|our|his|her|their)\s+[^;.!?]*?)(?=,\s+\p{Ll}|[;.!?]|$)/u;

/**
 * "lives in Austin with my two dogs, Biscuit and Mochi": the residence and who the subject lives with are two facts,
 * so a move (which replaces the residence) does not take the dogs or the husband with it.
 */
function household(facet: Facet, rest: string): Facet[] {
  const w = WITH_COMPANY.exec(rest);
  if (!w) return [];
  const company = w[1]!.trim();
  const owned = company.replace(/^(?:(?:the user|\p{Lu}[\p{L}'-]*)'s|my|our|his|her|their)\s+/u, '');
  const pet = PET.exec(company);
  const kin = KIN.exec(company);
  // A relative counts when named ("my husband Luc"): "moved with my wife" restates nothing about who she is.
  const name = kin ? new RegExp(String.raw`^\s+(\p{Lu}[\p{L}'-]*)`, 'u').exec(company.slice(kin.index + kin[0].length))?.[1] : undefined;
  const partner = kin ? new RegExp(`^(?:${PARTNER_WORDS})$`, 'i').test(kin[1]!) : false;
  const second: Facet | null = pet
    ? {
        ...facet,
        id: 'pet',
        object: pet[1]!
          .toLowerCase()
          .replace(/^kitten$/, 'cat')
          .replace(/^pupp(?:y|ies)$/, 'dog'),
        value: owned,
        predicate: ` has ${owned}`,
      }
    : kin && name
      ? { ...facet, id: partner ? 'partner' : 'family', object: partner ? null : relative(kin[1]!), value: name, predicate: ` lives with ${company}` }
      : null;
  if (!second) return [];
  return [{ ...facet, predicate: `${rest.slice(0, w.index)}${rest.slice(w.index + w[0].length)}`.replace(/\s*,\s*$/, '') }, second];
}

/** What a habit is about: "runs 5k every Sunday" → running, "plays tennis on Tuesdays" → tennis. */
function activityOf(rest: string): string | null {
  // "is doing spin class on Mondays", "are taking pottery every Tuesday": the activity is what is done or taken.
  rest = rest.replace(
    /^(\s+(?:(?:now|also|still|just)\s+)?)(?:is|are|am|'s|'re|'m)\s+(?:(?:now|also|still|just)\s+)?(?:doing|taking|attending)\s+(?=[a-z]{3,}\s+(?:class|classes|lessons?|sessions?|course)\b)/i,
    '$1attends ',
  );
  const m = new RegExp(String.raw`^\s+${ADV}(?:never\s+)?([a-z]{2,})\s+(?:(?:to|at|in)\s+)?(?:(?:the|a|an|some|her|his|their)\s+)?([a-z]{3,})?`, 'i').exec(rest);
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  if (/^(?:is|are|was|were|has|had|does|did|will|would|can|could|should|might|must)$/.test(verb)) return null;
  if (GO_VERBS.test(verb) && m[2]) return m[2].toLowerCase();
  return gerund(verb);
}
