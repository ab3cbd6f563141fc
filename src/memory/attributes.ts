import { term, words } from '../text/tokenize.js';

/**
 * The canonical attributes of a fact: what about its subject a memory states. One vocabulary for the extractors
 * (offline and LLM), the relation judge (a new value of a single-valued attribute supersedes the old one) and search
 * (a question that asks about an attribute favours memories that state it).
 *
 * A stored attribute is an id, or `id:object` for keyed attributes ("allergy:peanut", "opinion:jazz"), where each
 * object is its own fact: a second allergy is new, "now loves running" supersedes "hates running".
 */
export interface AttributeSpec {
  id: string;
  /** What it means, for prompts and docs. */
  description: string;
  /** Lasting (profile "static") unless the fact is dated or temporary. */
  lasting: boolean;
  /** Keyed by an object: `id:object`. */
  keyed: boolean;
  /** Words of a question that ask about this attribute ("where … live"). */
  question: RegExp;
}

/** What names a job rather than the organisation: "role", "title", "what does Dana do", "work as". */
const ROLE_WORDS = String.raw`\b(?:role|title|profession|position|occupation|career|line of work|rank|seniority|promot\w*)\b|\bdo(?:es)? for (?:a living|work)\b|\bwork(?:s|ing)? as\b|\bkind of (?:work|job)\b|\bwhat (?:do|does|did) [\p{L}' -]+? do\b(?:\s+(?:professionally|now|these days|nowadays))?\s*\??$`;
/** What names the organisation: "employer", "company", "who does Dana work for", "where does Dana work". */
const EMPLOYER_WORDS = String.raw`\b(?:employer|employs?|employed|employment|company|firm|organi[sz]ation|workplace|business|startup|agency|hired)\b|\bwork(?:s|ing|ed)? (?:for|at)\b|\bwhere\b.*\bwork(?:s|ing|ed)?\b|\bwho\b.*\bwork(?:s|ing|ed)? for\b|\bjoin(?:ed)?\b|\bwith (?:which|what)\b|\b(?:which|what) [\p{L}]+ (?:is|are|was) [\p{L}' -]+? with\b`;
/** A question about work in general ("Dana's job", "what work") asks about both; one that names either asks about that one. */
const ROLE_QUESTION = new RegExp(`${ROLE_WORDS}|\\bjob\\b|\\bwork\\b(?!s?\\s+(?:for|at)\\b)(?![\\s\\S]*\\bwhere\\b)`, 'iu');
const EMPLOYER_QUESTION = new RegExp(`${EMPLOYER_WORDS}|\\bjob\\b(?!\\s*title)|\\bwork(?:s|ing)?\\b`, 'iu');
const ROLE_ONLY = new RegExp(ROLE_WORDS, 'iu');
const EMPLOYER_ONLY = new RegExp(EMPLOYER_WORDS, 'iu');

export const ATTRIBUTES: readonly AttributeSpec[] = [
  { id: 'name', description: 'name or nickname', lasting: true, keyed: false, question: /\b(?:name|called)\b/i },
  { id: 'age', description: 'age', lasting: true, keyed: false, question: /\bhow old\b|\bage\b/i },
  { id: 'income', description: 'salary, pay or income', lasting: true, keyed: false, question: /\b(?:salary|income|earn|earns|earning|paid|pay|wage|wages)\b|\bhow much (?:do|does|did) [\p{L}' -]+? make\b/iu },
  { id: 'rent', description: 'rent or housing cost', lasting: true, keyed: false, question: /\b(?:rent|mortgage|housing cost)\b/i },
  { id: 'weight', description: 'body weight', lasting: true, keyed: false, question: /\b(?:weigh|weighs|weight)\b/i },
  { id: 'birthday', description: 'date of birth', lasting: true, keyed: false, question: /\bbirthday\b|\bborn\b/i },
  {
    id: 'residence',
    description: 'where the subject lives now (city, country, neighbourhood)',
    lasting: true,
    keyed: false,
    question:
      /\bwhere\b.*\b(?:live|lives|living|based|located|stay|stays|staying|reside|resides|residing|home|settled|moved?|relocat\w*)\b|\b(?:live|lives|living|home)\b.*\bwhere\b|\b(?:city|town|country|neighbou?rhood|moved?|relocat\w*|resides?|residence|based in|located in|call home|calls home)\b/i,
  },
  {
    id: 'hometown',
    description: 'where the subject comes from or grew up',
    lasting: true,
    keyed: false,
    question: /\b(?:gr[eo]w up|grows up|hometown|home town|originally|raised)\b|\bwhere\b.*\bfrom\b|\b(?:comes?|came) from\b/i,
  },
  { id: 'location', description: 'where the subject is now or is travelling to (a trip, a visit)', lasting: false, keyed: false, question: /\bwhere\b.*\b(?:now|going|travel|trip|visit|flying|heading)\b|\btrip\b/i },
  { id: 'employer', description: 'the organisation the subject works for', lasting: true, keyed: false, question: EMPLOYER_QUESTION },
  { id: 'role', description: 'job title or profession', lasting: true, keyed: false, question: ROLE_QUESTION },
  { id: 'team', description: 'the team or department the subject is on at work', lasting: true, keyed: false, question: /\b(?:which|what)\s+team\b|\bteam\b[^?]*\bon\b/i },
  { id: 'manager', description: "the subject's manager or boss", lasting: true, keyed: false, question: /\b(?:manager|boss|report to|reports to)\b/i },
  { id: 'education', description: 'school, degree or field of study', lasting: true, keyed: false, question: /\b(?:study|studies|studying|school|university|college|degree|major)\b/i },
  { id: 'partner', description: 'spouse or partner', lasting: true, keyed: false, question: /\b(?:partner|wife|husband|spouse|girlfriend|boyfriend|married|dating)\b/i },
  { id: 'relationship', description: 'relationship status (single, married, divorced)', lasting: true, keyed: false, question: /\b(?:single|married|divorced|relationship)\b/i },
  {
    id: 'family',
    description: 'a relative, keyed by the relation (family:sister, family:mother)',
    lasting: true,
    keyed: true,
    question: /\b(?:sister|brother|mother|mom|mum|father|dad|parents?|son|daughter|kids?|children|family|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin)\b/i,
  },
  { id: 'children', description: 'number of children', lasting: true, keyed: false, question: /\b(?:kids|children)\b/i },
  { id: 'pet', description: 'a pet, keyed by kind (pet:dog)', lasting: true, keyed: true, question: /\b(?:pets?|dog|cat|puppy|kitten)\b/i },
  { id: 'vehicle', description: 'the car or vehicle the subject has or drives', lasting: true, keyed: false, question: /\b(?:car|drive|drives|vehicle|bike|motorcycle)\b/i },
  { id: 'diet', description: 'diet (vegetarian, vegan, keto...)', lasting: true, keyed: false, question: /\b(?:diet|eat|eats|vegetarian|vegan|food)\b/i },
  { id: 'allergy', description: 'an allergy, keyed by allergen (allergy:peanut)', lasting: true, keyed: true, question: /\b(?:allerg\w*)\b/i },
  { id: 'medication', description: 'a medication and its dose, keyed by drug (medication:metformin)', lasting: true, keyed: true, question: /\b(?:medication|medicine|meds|take|takes|dose|prescription|pills?)\b/i },
  { id: 'health', description: 'a health condition', lasting: true, keyed: true, question: /\b(?:health|condition|diagnos\w*|sick|ill|injur\w*)\b/i },
  { id: 'contact', description: 'contact detail, keyed by kind (contact:email, contact:phone, contact:address)', lasting: true, keyed: true, question: /\b(?:email|phone|number|address|contact|reach)\b/i },
  { id: 'language', description: 'a language the subject speaks or learns, keyed by language', lasting: true, keyed: true, question: /\b(?:language|speak|speaks|fluent)\b/i },
  {
    id: 'schedule',
    description: 'a habit or routine, keyed by activity (schedule:running)',
    lasting: true,
    keyed: true,
    question: /\b(?:how often|every|schedule|routine|usually|shifts?|rota)\b|\bwhen\s+(?:do|does)\b/i,
  },
  { id: 'opinion', description: 'likes or dislikes, keyed by object (opinion:running)', lasting: true, keyed: true, question: /\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates|dislike|feel about|think of|into)\b/i },
  { id: 'favorite', description: 'a favourite thing, keyed by category (favorite:food)', lasting: true, keyed: true, question: /\bfavou?rite\b/i },
  { id: 'goal', description: 'a goal or plan, keyed by topic', lasting: false, keyed: true, question: /\b(?:plan|plans|planning|goal|want to|wants to|hope|dream)\b/i },
  { id: 'project', description: 'a project the subject works on, keyed by project', lasting: true, keyed: true, question: /\b(?:project|working on|building)\b/i },
  { id: 'deadline', description: 'a deadline or due date, keyed by what is due', lasting: false, keyed: true, question: /\b(?:deadline|due|when is|by when)\b/i },
  { id: 'lead', description: 'who leads a project or team, keyed by what is led', lasting: true, keyed: true, question: /\b(?:lead|leads|leading|in charge|owner|owns|heads)\b/i },
  { id: 'budget', description: 'a budget or amount, keyed by what it is for', lasting: true, keyed: true, question: /\b(?:budget|cost|costs|price|spend|afford|how much)\b/i },
  { id: 'count', description: 'how many of something the subject has or leads, keyed by what is counted (count:engineer lead)', lasting: true, keyed: true, question: /\bhow many\b/i },
  { id: 'timezone', description: 'the time zone the subject is in', lasting: true, keyed: false, question: /\btime\s*zone\b|\bwhat time is it\b/i },
  {
    id: 'tool',
    description: 'a tool, service, app or device the subject uses, keyed by category (tool:music, tool:phone, tool:issue tracker): switching replaces it',
    lasting: true,
    keyed: true,
    question: /\b(?:use|uses|using|app|service|tool|software|phone|laptop|computer|browser|editor|streaming|subscription|switch\w*)\b/i,
  },
  {
    id: 'membership',
    description: 'a club, gym, choir, team or group the subject belongs to, keyed by kind (membership:gym, membership:choir)',
    lasting: true,
    keyed: true,
    question: /\b(?:member|belongs?|join\w*|club|gym|choir|band|group|league|society|orchestra)\b/i,
  },
  { id: 'field', description: 'a named field of a note about a project, event or thing (status, venue, client), keyed by field and subject', lasting: true, keyed: true, question: /$^/ },
  { id: 'other', description: 'anything else (never supersedes by attribute alone)', lasting: false, keyed: true, question: /$^/ },
];

const BY_ID = new Map(ATTRIBUTES.map((a) => [a.id, a]));

/** The spec of a stored attribute ("allergy:peanut" → allergy), or undefined for an unknown or null one. */
export function attributeSpec(attribute: string | null | undefined): AttributeSpec | undefined {
  if (!attribute) return undefined;
  const i = attribute.indexOf(':');
  return BY_ID.get(i < 0 ? attribute : attribute.slice(0, i));
}

/** A stored attribute from an id and, for keyed attributes, an object ("allergy", "Peanuts" → "allergy:peanut"). */
export function attributeKey(id: string, object?: string | null): string {
  const o = object ? objectKey(object) : '';
  return o ? `${id}:${o}` : id;
}

/** "at Baker & Lowe", "for the firm": an organisation a question names as context ("What is Maya's position at Baker & Lowe?"). */
const ORGANISATION_QUALIFIER = /\b(?:at|for|with)\s+(?:(?:the|her|his|their|that|this)\s+(?:firm|company|business|startup|agency|organi[sz]ation)\b|\p{Lu}[\p{L}&'.-]*(?:\s+(?:&|\p{Lu}[\p{L}&'.-]*))*)/gu;

/**
 * What a question asks, without the context it names: a question about the role only ("What is Maya's position at
 * Baker & Lowe?") loses the organisation, which every fact about Maya's job there shares and which would otherwise
 * make "Maya works at Baker & Lowe" the best word match. Other questions are returned as they are.
 */
export function questionFocus(question: string): string {
  const asked = attributesAskedBy(question);
  if (!asked.includes('role') || asked.includes('employer')) return question;
  const focus = question
    .replace(ORGANISATION_QUALIFIER, '')
    .replace(/\s+(?=[?.!]|\s)/g, '')
    .trim();
  return focus || question;
}

/** The attributes a question asks about, in catalogue order ("Where does Dana live now?" → residence, location). */
export function attributesAskedBy(question: string): string[] {
  const asked = ATTRIBUTES.filter((a) => a.id !== 'other' && a.question.test(question)).map((a) => a.id);
  // "What is Dana's position at Acme?" names the organisation to ask about the role; "Where does Dana work?" the reverse.
  const role = ROLE_ONLY.test(question);
  const employer = EMPLOYER_ONLY.test(question.replace(ORGANISATION_QUALIFIER, ''));
  if (role && !employer) return asked.filter((id) => id !== 'employer');
  if (employer && !role) return asked.filter((id) => id !== 'role');
  return asked;
}

/** Attribute names the engine wrote before the catalogue, and common model wordings, to catalogue ids. */
const ALIASES: Record<string, string> = {
  'home city': 'residence',
  home: 'residence',
  city: 'residence',
  address: 'contact:address',
  'lives in': 'residence',
  'current city': 'residence',
  'where they live': 'residence',
  'place of residence': 'residence',
  country: 'residence',
  'home country': 'residence',
  profession: 'role',
  job: 'role',
  occupation: 'role',
  'job title': 'role',
  title: 'role',
  position: 'role',
  career: 'role',
  work: 'employer',
  company: 'employer',
  workplace: 'employer',
  'place of work': 'employer',
  boss: 'manager',
  supervisor: 'manager',
  'field of study': 'education',
  school: 'education',
  university: 'education',
  college: 'education',
  degree: 'education',
  major: 'education',
  studies: 'education',
  spouse: 'partner',
  wife: 'partner',
  husband: 'partner',
  girlfriend: 'partner',
  boyfriend: 'partner',
  fiance: 'partner',
  fiancé: 'partner',
  fiancée: 'partner',
  'relationship status': 'relationship',
  'marital status': 'relationship',
  'number of children': 'children',
  kids: 'children',
  car: 'vehicle',
  favourite: 'favorite',
  'dietary preference': 'diet',
  'dietary restriction': 'diet',
  'food preference': 'diet',
  hometown: 'hometown',
  'place of birth': 'hometown',
  birthplace: 'hometown',
  origin: 'hometown',
  'date of birth': 'birthday',
  dob: 'birthday',
  nickname: 'name',
  'full name': 'name',
  'current location': 'location',
  trip: 'location',
  travel: 'location',
  travel_plans: 'location',
  'travel plans': 'location',
  preference: 'opinion',
  preferences: 'opinion',
  likes: 'opinion',
  dislikes: 'opinion',
  hobby: 'schedule',
  habit: 'schedule',
  'time zone': 'timezone',
  tz: 'timezone',
  device: 'tool',
  service: 'tool',
  app: 'tool',
  software: 'tool',
  club: 'membership',
  member: 'membership',
  'member of': 'membership',
  gym: 'membership',
  routine: 'schedule',
  plan: 'goal',
  plans: 'goal',
  email: 'contact:email',
  phone: 'contact:phone',
  'phone number': 'contact:phone',
};
const PREFIXES: [RegExp, string][] = [
  [/^(?:allergy|allergic)(?: to)?\s+(.+)$/, 'allergy'],
  [/^(?:opinion|opinion of|opinion on|feeling about|feelings about|likes?|dislikes?)\s+(.+)$/, 'opinion'],
  [/^(?:favou?rite)\s+(.+)$/, 'favorite'],
  [/^(?:number of)\s+(.+)$/, 'other'],
];

/**
 * A catalogue attribute for whatever an extractor (or an older version of this one) wrote: a catalogue id or
 * `id:object` as is (the object normalised), a known alias ("home city" → residence, "allergy to peanut" →
 * allergy:peanut), anything else "other:<it>" (never superseded by attribute alone). Null stays null.
 */
export function canonicalAttribute(raw: string | null | undefined): string | null {
  const a = raw
    ?.trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
  if (!a) return null;
  const colon = a.indexOf(':');
  const head = colon < 0 ? a : a.slice(0, colon).trim();
  if (BY_ID.has(head)) {
    const spec = BY_ID.get(head)!;
    const object = colon >= 0 ? objectKey(a.slice(colon + 1)) : '';
    return spec.keyed && object ? `${head}:${object}` : head;
  }
  if (ALIASES[a]) return ALIASES[a]!;
  for (const [re, id] of PREFIXES) {
    const m = re.exec(a);
    if (m) return attributeKey(id, id === 'other' ? a : m[1]);
  }
  return attributeKey('other', a);
}

const OBJECT_STOP = new Set(['a', 'an', 'the', 'to', 'of', 'my', 'his', 'her', 'their', 'our', 'your', 'some', 'any', 'all', 'and', 'or']);

/**
 * The object of a keyed attribute in one spelling, whoever wrote it: its first three words, stemmed, without
 * articles or possessives ("Peanuts" → "peanut", "the jazz music" → "jazz music").
 */
export function objectKey(object: string): string {
  const ws = words(object.replace(/['’]s\b/g, '')).filter((w) => !OBJECT_STOP.has(w));
  return ws
    .slice(0, 3)
    .map((w) => term(w) ?? w)
    .join(' ');
}
