import { term, words } from '../text/tokenize.js';
import type { Tense } from './tense.js';

/**
 * What a third-person fact is about, from patterns on what follows its subject ("Dana lives in Paris" → home city),
 * and whether it is static (identity, profession, preferences, relationships: true until updated) or dynamic
 * (events, plans, passing states). The attribute is what lets a judge see that "Dana moved to Berlin" updates
 * "Dana lives in Paris". Attributes that hold many values at once (likes, allergies) carry their object
 * ("opinion of jazz", "allergy to peanuts"), so a second allergy is new and "Dana now hates jazz" updates.
 */
export interface Classification {
  isStatic: boolean;
  attribute: string | null;
}

const ADVERBS = String.raw`(?:(?:now|currently|still|also|just|recently|finally|really|absolutely|totally|truly|actually|officially|no longer|mostly|mainly|pretty|super|so|quite|very|especially|particularly|kind of|sort of)\s+)*`;
// Where a place, employer or object ends: "lives in Paris with Tom" → "Paris".
const VALUE_END = /\s*(?:[,.;:!?()]|\s(?:with|because|since|for|and|or|but|after|before|when|while|where|which|who|as|on|in|at|to|from|last|this|next|around|so|though)\s).*$/i;

const TRAILING_ADVERBS = /(?:\s+(?:now|anymore|any more|these days|nowadays|too|as well|lately|again|a lot|so much|very much|more|most|instead|though|still))+\s*$/i;

const LEADING_DETERMINERS = /^(?:(?:to|the|a|an|all|some|any|my|his|her|their|these|those|this|that|just|really|also|\p{Lu}[\p{L}'-]*'s)\s+)+/iu;

const PROFESSIONS =
  'nurse doctor physician surgeon dentist teacher professor lecturer engineer developer programmer designer architect lawyer attorney accountant consultant manager director ceo cto founder entrepreneur writer author journalist editor artist painter musician singer songwriter photographer chef cook baker waiter waitress barista bartender pilot driver mechanic electrician plumber carpenter farmer scientist researcher analyst student therapist counselor counsellor psychologist psychiatrist pharmacist veterinarian vet paramedic firefighter officer soldier detective librarian realtor banker economist translator tutor coach trainer athlete dancer actor actress filmmaker producer intern freelancer cashier clerk secretary receptionist nanny caregiver worker volunteer instructor professional administrator technician';

type Pattern = [RegExp, (m: RegExpExecArray) => string | null];

const PATTERNS: Pattern[] = [
  [new RegExp(String.raw`^\s+${ADVERBS}(?:lives|is living|resides|is based|is staying|has lived|has been living)\s+in\s+(.+)`, 'i'), () => 'home city'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:moved|has moved|is moving|relocated|has relocated|is relocating|will move|is going to move)\s+(?:back\s+)?to\s+(.+)`, 'i'), () => 'home city'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|comes)\s+(?:originally\s+)?from\s+(.+)|^\s+${ADVERBS}grew up in\s+(.+)`, 'i'), () => 'hometown'],
  [
    new RegExp(String.raw`^\s+${ADVERBS}(?:works|is working|has worked|started working|began working|is employed|got a job|has a job|landed a job|took a job|accepted a job|has started a job)\s+(?:at|for|with|by)\s+(?!home\b|night|weekends|it\b|the moment\b)(.+)`, 'i'),
    () => 'employer',
  ],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:works|is working)\s+as\s+(?:an?\s+)?(.+)`, 'i'), () => 'profession'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|has become|became|is becoming)\s+an?\s+(?:[\p{L}-]+\s+){0,2}(?:${PROFESSIONS.replace(/ /g, '|')})\b`, 'iu'), () => 'profession'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|got|is getting)\s+(?:married|engaged)\s+to\s+(.+)|^\s+${ADVERBS}is\s+dating\s+(.+)`, 'i'), () => 'partner'],
  [/^'s\s+(?:wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?)(?:'s name)?\s+(?:is\s+|,\s*)(?:named\s+|called\s+)?\p{Lu}/u, () => 'partner'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|got|has gotten)\s+(single|married|divorced|engaged|separated|widowed)\b(?!\s+to)`, 'i'), () => 'relationship status'],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|has been|isn't|is not)\s+(?:severely\s+|very\s+|mildly\s+|a bit\s+)?allergic\s+to\s+(.+)`, 'i'), (m) => keyed('allergy to', m[1])],
  [/^\s+has\s+an?\s+([\p{L} ]{2,30}?)\s+allergy\b/iu, (m) => keyed('allergy to', m[1])],
  [new RegExp(String.raw`^\s+${ADVERBS}(?:is|has been|became|went|has gone|is not|isn't)\s+(?:an?\s+)?(?:vegetarian|vegan|pescatarian|keto|gluten-free)\b`, 'i'), () => 'diet'],
  [
    new RegExp(String.raw`^\s+${ADVERBS}(?:likes|loves|enjoys|adores|hates|dislikes|detests|prefers|doesn't like|does not like|doesn't enjoy|can't stand|cannot stand|is into|is a (?:big |huge )?fan of|is passionate about|is obsessed with|is crazy about|is keen on)\s+(.+)`, 'i'),
    (m) => keyed('opinion of', m[1]),
  ],
  [/^\s+(?:is|turned|just turned|has turned)\s+(\d{1,3})(?:\s+years?\s+old)?\s*(?:[.,!;]|$)/i, () => 'age'],
  [/^'s\s+((?:favou?rite\s+[\p{L} ]{1,30}?)|(?:[\p{L}']+\s+)?(?:name|birthday|email|phone number|address|nickname|major|pronouns))\s+(?:is|are|was)\s+/iu, (m) => m[1]!.toLowerCase().replace('favourite', 'favorite')],
  [/^\s+has\s+(\w+)\s+(?:kids|children|sons|daughters)\b/i, () => 'number of children'],
  [/^\s+(?:studies|is studying|majors in|is majoring in|is doing an? (?:degree|phd|masters?|master's) in)\s+(.+)/i, () => 'field of study'],
  [/^\s+(?:goes to|attends|is attending|is enrolled at|is enrolled in)\s+[^.,;]*(?:university|college|school|academy|institute)/i, () => 'school'],
  [/^\s+drives\s+an?\s+(.+)/i, () => 'car'],
];

// Adjectives that describe who someone is rather than how they feel today.
const IDENTITY = /^\s+(?:is|has been)\s+(?:an?\s+)?(?:(?:proud|openly|single|only)\s+)?(?:transgender|trans|gay|lesbian|bisexual|queer|nonbinary|non-binary|straight|christian|muslim|jewish|buddhist|hindu|atheist|catholic|left-handed|right-handed|introverted|extroverted|introvert|extrovert|married|single|divorced|\p{L}+(?:ish|ian|ese))\b/iu;
const HABIT = /\b(?:always|usually|often|never|regularly|every\s+(?:day|week|morning|evening|night|weekend|month|year|summer|winter)|on\s+(?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays))\b/i;

const IS_A = new RegExp(String.raw`^\s+${ADVERBS}(?:is|are)\s+an?\s+(?!\w+ing\b)`, 'i');
// "Melanie plays clarinet": a habit. Verbs of saying, thinking and wanting describe the moment.
const PRESENT_SIMPLE = new RegExp(String.raw`^\s+${ADVERBS}(?!(?:is|was|has|does|needs|wants|thinks|believes|guesses|feels|hopes|wonders|wishes|says|means|knows|seems|looks|sounds|plans)\b)[a-z]{3,}s\b`);

const COUNT = new RegExp(String.raw`^\s+${ADVERBS}(?:has\s+|have\s+)?(?:been\s+)?([a-z]{3,})\s+(?:about\s+|around\s+|over\s+|nearly\s+|almost\s+|exactly\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:new\s+|more\s+|different\s+)?([a-z]{3,})\b`, 'i');

/** A multi-valued attribute keyed by its object: "peanuts and shellfish" → "allergy to peanut". */
function keyed(prefix: string, value: string | undefined): string | null {
  const object = (value ?? '').replace(VALUE_END, '').replace(TRAILING_ADVERBS, '').replace(LEADING_DETERMINERS, '').replace(/^(?:idea|thought|concept) of\s+/i, '');
  // "likes how it works", "loves that we met": a clause, not a thing.
  if (/^(?:how|that|when|what|where|why|it|them|this|those|these|him|her)\b/i.test(object)) return null;
  const terms = words(object).slice(0, 3).flatMap((w) => term(w) ?? []);
  if (terms.length === 0) return null;
  return `${prefix} ${terms.join(' ')}`;
}

/**
 * Classifies a third-person fact whose subject is `subject` (the text should start with it). `tense` and `dated`
 * (the fact has a date or a forget-after deadline) say whether it describes an event or plan.
 */
export function classifyFact(text: string, subject: string | null, tense: Tense, dated: boolean): Classification {
  const rest = subject && text.toLowerCase().startsWith(subject.toLowerCase()) ? text.slice(subject.length) : null;
  if (rest !== null) {
    for (const [re, attribute] of PATTERNS) {
      const m = re.exec(rest);
      if (m) {
        const a = attribute(m);
        if (a) return { isStatic: true, attribute: a };
        return { isStatic: true, attribute: null };
      }
    }
  }
  if (dated || tense !== 'present') return { isStatic: false, attribute: null };
  if (rest === null) return { isStatic: HABIT.test(text), attribute: null };
  // "Alex leads 4 engineers" then "Alex now leads 5 engineers": a count of something, current until it changes.
  const count = COUNT.exec(rest);
  if (count) return { isStatic: true, attribute: `number of ${term(count[2]!.toLowerCase()) ?? count[2]!.toLowerCase()} (${term(count[1]!.toLowerCase()) ?? count[1]})` };
  const isStatic =
    IDENTITY.test(rest) ||
    HABIT.test(rest) ||
    IS_A.test(rest) ||
    /^\s+has\s+(?:an?|two|three|four|five|\d+)\s+(?!\w+ing\b)/i.test(rest) ||
    PRESENT_SIMPLE.test(rest);
  return { isStatic, attribute: null };
}
