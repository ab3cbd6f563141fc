/**
 * A JSON record an app posts as content (a CRM contact, a form submission, a webhook event, a settings blob, a
 * household with its members) as statements about the record's subject: `{"firstName": "Elena", "lastName": "Marsh",
 * "address": {"city": "Nashville"}}` says "Elena Marsh lives in Nashville.". Each named object is its own subject; a
 * nested object without a name (preferences, employment, address) belongs to the nearest named one, or to the
 * record's main subject. Old values an event carries beside the new ones (`previous_attributes`, `changes`,
 * `history`) are never stated: the record says what holds now. Message arrays are chats, not records (null).
 */

/** At most this many statements per subject (a plain note longer than ten sentences reads as someone else's text). */
const MAX_PER_SUBJECT = 8;
/** Objects nested deeper than this are not read. */
const MAX_DEPTH = 6;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

/** Keys whose values are what used to hold, or bookkeeping: skipped with everything under them. */
const SKIPPED = /^(?:previous.*|prev.*|old.*|before|changes?|history|diff|audit.*|_.*|meta(?:data)?|raw|request|headers|links?|livemode)$/;
const USER_WORDS = /^(?:user|me|self|myself|i|the user|owner)$/i;

interface Sentence {
  subject: string;
  text: string;
}

/** One part per subject: that subject's statements, each a line; null when the content is not such a JSON record. */
export function jsonRecordStatements(content: string): string[] | null {
  const trimmed = content.trim();
  if (!/^[[{]/.test(trimmed) || trimmed.length > 200_000) return null;
  let data: Json;
  try {
    data = JSON.parse(trimmed) as Json;
  } catch {
    return null;
  }
  if (isChat(data)) return null;
  const main = mainSubject(data, 0);
  const out: Sentence[] = [];
  walk(data, main ?? null, out, 0);
  if (out.length === 0) return null;
  const bySubject = new Map<string, string[]>();
  for (const s of out) {
    const list = bySubject.get(s.subject) ?? [];
    if (!list.includes(s.text) && list.length < MAX_PER_SUBJECT) list.push(s.text);
    bySubject.set(s.subject, list);
  }
  return [...bySubject.values()].map((lines) => lines.join('\n'));
}

function isObj(v: Json | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A message array, or an object holding one: the conversation reader's. */
function isChat(data: Json): boolean {
  const list = isObj(data) ? (data.messages ?? data.turns ?? data.conversation ?? data.dialogue) : data;
  return Array.isArray(list) && list.length > 0 && list.every((m) => isObj(m) && ('role' in m || 'speaker' in m) && ('content' in m || 'text' in m));
}

const str = (v: Json | undefined): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);
const norm = (k: string) => k.toLowerCase().replace(/[^a-z]/g, '');

/** The name an object gives itself: first + last, a name object, a full/display name, a customer's or contact's name. */
function nameOf(o: Obj): string | null {
  const keys = new Map(Object.keys(o).map((k) => [norm(k), k]));
  const get = (...names: string[]) => {
    for (const n of names) {
      const k = keys.get(n);
      if (k !== undefined) {
        const v = o[k];
        if (isObj(v)) {
          const parts = [str(v.first ?? v.firstName ?? v.given), str(v.last ?? v.lastName ?? v.family)].filter(Boolean);
          if (parts.length > 0) return parts.join(' ');
        }
        const s = str(v);
        if (s) return s;
      }
    }
    return null;
  };
  const first = get('firstname', 'givenname', 'first');
  const last = get('lastname', 'familyname', 'surname', 'last');
  if (first) return last ? `${first} ${last}` : first;
  const subject = get('subject');
  if (subject && USER_WORDS.test(subject)) return 'the user';
  const name = get('fullname', 'displayname', 'name', 'customername', 'contactname', 'username', 'membername', 'personname', 'owner');
  if (!name || /[@/\d]/.test(name) || name.split(/\s+/).length > 4 || !/^\p{Lu}/u.test(name)) return null;
  return name;
}

/** The record's main subject: its own name, else the first name found in a nested object (not in a list). */
function mainSubject(v: Json, depth: number): string | null {
  if (!isObj(v) || depth > MAX_DEPTH) return null;
  const own = nameOf(v);
  if (own) return own;
  for (const [k, child] of Object.entries(v)) {
    if (SKIPPED.test(norm(k)) && depth > 0) continue;
    const found = mainSubject(child, depth + 1);
    if (found) return found;
  }
  return null;
}

function walk(v: Json, subject: string | null, out: Sentence[], depth: number, owner: string | null = null): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(v)) {
    for (const item of v) if (isObj(item)) walk(item, subject, out, depth + 1, owner);
    return;
  }
  if (!isObj(v)) return;
  const own = nameOf(v);
  const relation = str(v.relation ?? v.relationship ?? v.relationToOwner);
  const isSelf = relation !== null && USER_WORDS.test(relation);
  const who = own ?? subject;
  if (own && owner && relation && !isSelf && own !== owner) out.push({ subject: owner, text: `${owner}'s ${relation.toLowerCase()} is ${own}.` });
  for (const [key, value] of Object.entries(v)) {
    const k = norm(key);
    if (SKIPPED.test(k)) continue;
    if (isObj(value) || (Array.isArray(value) && value.some(isObj))) {
      if (who && isObj(value)) {
        const said = statementOf(k, value, who);
        if (said) {
          out.push({ subject: who, text: said });
          continue;
        }
      }
      walk(value, who, out, depth + 1, own ?? owner ?? who);
      continue;
    }
    if (!who) continue;
    const said = statementOf(k, value, who);
    if (said) out.push({ subject: who, text: said });
  }
}

const LANGUAGES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
  ar: 'Arabic',
  ru: 'Russian',
  pl: 'Polish',
  sv: 'Swedish',
};

function list(v: Json): string | null {
  const items = (Array.isArray(v) ? v : [v]).map((x) => str(x)).filter((x): x is string => x !== null);
  if (items.length === 0) return null;
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The statement a field makes about its subject, or null for fields that state nothing about a person. */
function statementOf(k: string, v: Json, who: string): string | null {
  const poss = `${who}'s`;
  if (isObj(v)) {
    if (/^(?:address|homeaddress|location|residence|home)$/.test(k)) {
      const city = str(v.city ?? v.town ?? v.locality);
      return city ? `${who} lives in ${city}.` : null;
    }
    if (/^(?:plan|subscription|tier)$/.test(k)) {
      const plan = str(v.nickname ?? v.name ?? v.tier ?? v.id);
      return plan ? `${poss} subscription tier is ${plan}.` : null;
    }
    if (/^(?:employment|job|work|position)$/.test(k)) {
      const company = str(v.company ?? v.employer ?? v.organization ?? v.organisation);
      const title = str(v.title ?? v.role ?? v.jobTitle ?? v.position);
      if (company && title) return `${who} works as ${title} at ${company}.`;
      if (company) return `${who} works at ${company}.`;
      return title ? `${who} works as ${title}.` : null;
    }
    return null;
  }
  if (typeof v === 'boolean' || v === null) return null;
  const value = Array.isArray(v) ? list(v) : str(v);
  if (!value) return null;
  if (/^(?:city|town|homecity|hometown|locationcity|basedin)$/.test(k)) return `${who} lives in ${value}.`;
  if (/^(?:address|homeaddress|streetaddress)$/.test(k)) return `${poss} address is ${value}.`;
  if (/^(?:company|companyname|employer|organization|organisation|workplace)$/.test(k)) return `${who} works at ${value}.`;
  if (/^(?:title|jobtitle|role|position|occupation|profession|job)$/.test(k)) return `${poss} job title is ${value}.`;
  if (/^(?:email|emailaddress|workemail|personalemail)$/.test(k)) return `${poss} ${k === 'workemail' ? 'work email' : 'email'} is ${value}.`;
  if (/^(?:phone|phonenumber|mobile|mobilephone|cell|tel|telephone|number)$/.test(k)) return `${poss} phone number is ${value}.`;
  if (/^(?:timezone|tz|timezonename)$/.test(k)) return `${poss} timezone is ${value}.`;
  if (/^(?:language|preferredlanguage|lang|locale)$/.test(k)) return `${poss} preferred language is ${LANGUAGES[value.toLowerCase().slice(0, 2)] ?? value}.`;
  if (/^(?:plan|plannickname|subscriptionplan|tier)$/.test(k)) return `${poss} subscription tier is ${value}.`;
  if (/^(?:interests|hobbies|likes)$/.test(k)) return `${who} is interested in ${value}.`;
  if (/^(?:allergies|allergy|allergicto)$/.test(k)) return `${who} is allergic to ${value}.`;
  if (/^(?:diet|dietarypreference|dietaryrestrictions)$/.test(k)) return /^(?:none|omnivore|no restrictions?)$/i.test(value) ? null : `${who} is ${value.toLowerCase()}.`;
  if (/^(?:school|university|college)$/.test(k)) return `${who} goes to ${value}.`;
  if (k === 'age' && /^\d{1,3}$/.test(value)) return `${who} is ${value} years old.`;
  if (/^(?:birthday|dob|dateofbirth|birthdate)$/.test(k)) return `${poss} birthday is ${value}.`;
  if (/^(?:pronouns)$/.test(k)) return `${poss} pronouns are ${value}.`;
  return null;
}
