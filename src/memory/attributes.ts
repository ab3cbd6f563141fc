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

export const ATTRIBUTES: readonly AttributeSpec[] = [
  { id: 'name', description: 'name or nickname', lasting: true, keyed: false, question: /\b(?:name|called)\b/i },
  { id: 'age', description: 'age', lasting: true, keyed: false, question: /\bhow old\b|\bage\b/i },
  { id: 'birthday', description: 'date of birth', lasting: true, keyed: false, question: /\bbirthday\b|\bborn\b/i },
  { id: 'residence', description: 'where the subject lives now (city, country, neighbourhood)', lasting: true, keyed: false, question: /\bwhere\b.*\b(?:live|living|based|stay|staying|reside|home)\b|\b(?:live|lives|living|home)\b.*\bwhere\b|\b(?:city|country|moved?)\b/i },
  { id: 'hometown', description: 'where the subject comes from or grew up', lasting: true, keyed: false, question: /\b(?:from|grew up|hometown|originally)\b/i },
  { id: 'location', description: 'where the subject is now or is travelling to (a trip, a visit)', lasting: false, keyed: false, question: /\bwhere\b.*\b(?:now|going|travel|trip|visit|flying|heading)\b|\btrip\b/i },
  { id: 'employer', description: 'the organisation the subject works for', lasting: true, keyed: false, question: /\b(?:work|works|working|employer|company|job)\b/i },
  { id: 'role', description: 'job title or profession', lasting: true, keyed: false, question: /\b(?:job|role|title|profession|position|do for a living|work as|occupation)\b/i },
  { id: 'manager', description: "the subject's manager or boss", lasting: true, keyed: false, question: /\b(?:manager|boss|report to|reports to)\b/i },
  { id: 'education', description: 'school, degree or field of study', lasting: true, keyed: false, question: /\b(?:study|studies|studying|school|university|college|degree|major)\b/i },
  { id: 'partner', description: 'spouse or partner', lasting: true, keyed: false, question: /\b(?:partner|wife|husband|spouse|girlfriend|boyfriend|married|dating)\b/i },
  { id: 'relationship', description: 'relationship status (single, married, divorced)', lasting: true, keyed: false, question: /\b(?:single|married|divorced|relationship)\b/i },
  { id: 'family', description: 'a relative, keyed by the relation (family:sister, family:mother)', lasting: true, keyed: true, question: /\b(?:sister|brother|mother|mom|mum|father|dad|parents?|son|daughter|kids?|children|family|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin)\b/i },
  { id: 'children', description: 'number of children', lasting: true, keyed: false, question: /\b(?:kids|children)\b/i },
  { id: 'pet', description: 'a pet, keyed by kind (pet:dog)', lasting: true, keyed: true, question: /\b(?:pets?|dog|cat|puppy|kitten)\b/i },
  { id: 'vehicle', description: 'the car or vehicle the subject has or drives', lasting: true, keyed: false, question: /\b(?:car|drive|drives|vehicle|bike|motorcycle)\b/i },
  { id: 'diet', description: 'diet (vegetarian, vegan, keto...)', lasting: true, keyed: false, question: /\b(?:diet|eat|eats|vegetarian|vegan|food)\b/i },
  { id: 'allergy', description: 'an allergy, keyed by allergen (allergy:peanut)', lasting: true, keyed: true, question: /\b(?:allerg\w*)\b/i },
  { id: 'medication', description: 'a medication and its dose, keyed by drug (medication:metformin)', lasting: true, keyed: true, question: /\b(?:medication|medicine|meds|take|takes|dose|prescription|pills?)\b/i },
  { id: 'health', description: 'a health condition', lasting: true, keyed: true, question: /\b(?:health|condition|diagnos\w*|sick|ill|injur\w*)\b/i },
  { id: 'contact', description: 'contact detail, keyed by kind (contact:email, contact:phone, contact:address)', lasting: true, keyed: true, question: /\b(?:email|phone|number|address|contact|reach)\b/i },
  { id: 'language', description: 'a language the subject speaks or learns, keyed by language', lasting: true, keyed: true, question: /\b(?:language|speak|speaks|fluent)\b/i },
  { id: 'schedule', description: 'a habit or routine, keyed by activity (schedule:running)', lasting: true, keyed: true, question: /\b(?:when|how often|every|schedule|routine|usually)\b/i },
  { id: 'opinion', description: 'likes or dislikes, keyed by object (opinion:running)', lasting: true, keyed: true, question: /\b(?:like|likes|love|loves|enjoy|enjoys|hate|hates|dislike|feel about|think of|into)\b/i },
  { id: 'favorite', description: 'a favourite thing, keyed by category (favorite:food)', lasting: true, keyed: true, question: /\bfavou?rite\b/i },
  { id: 'goal', description: 'a goal or plan, keyed by topic', lasting: false, keyed: true, question: /\b(?:plan|plans|planning|goal|want to|wants to|hope|dream)\b/i },
  { id: 'project', description: 'a project the subject works on, keyed by project', lasting: true, keyed: true, question: /\b(?:project|working on|building)\b/i },
  { id: 'deadline', description: 'a deadline or due date, keyed by what is due', lasting: false, keyed: true, question: /\b(?:deadline|due|when is|by when)\b/i },
  { id: 'budget', description: 'a budget or amount, keyed by what it is for', lasting: true, keyed: true, question: /\b(?:budget|cost|costs|price|spend|afford|how much)\b/i },
  { id: 'other', description: 'anything else (never supersedes by attribute alone)', lasting: false, keyed: true, question: /$^/ },
];

const BY_ID = new Map(ATTRIBUTES.map((a) => [a.id, a]));

/** The spec of a stored attribute ("allergy:peanut" → allergy), or undefined for an unknown or null one. */
export function attributeSpec(attribute: string | null | undefined): AttributeSpec | undefined {
  if (!attribute) return undefined;
  const i = attribute.indexOf(':');
  return BY_ID.get(i < 0 ? attribute : attribute.slice(0, i));
}

/** A stored attribute from an id and, for keyed attributes, an object ("allergy", "peanuts" → "allergy:peanuts"). */
export function attributeKey(id: string, object?: string | null): string {
  const o = object?.trim().toLowerCase().replace(/\s+/g, ' ');
  return o ? `${id}:${o}` : id;
}

/** The attributes a question asks about, in catalogue order ("Where does Dana live now?" → residence, location). */
export function attributesAskedBy(question: string): string[] {
  return ATTRIBUTES.filter((a) => a.id !== 'other' && a.question.test(question)).map((a) => a.id);
}
