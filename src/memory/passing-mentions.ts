import { LANGUAGES } from './attribute-words.js';

/**
 * Changes said in passing, rewritten as the plain statement they imply (issue 26, blind23: each gave no fact, or a fact
 * with no attribute, so the old value stayed current and ranked first):
 * - "since moving to Porto I've been …" → "I moved to Porto and I've been …"; "since the divorce I …" → "I got
 *   divorced and I …";
 * - "first night in the Utrecht apartment", "the Rotterdam apartment finally feels like home" → "I live in Utrecht now";
 * - "home in Montreal again", "back in my own place in Warsaw" → "I'm back home in Montreal";
 * - "drinks to celebrate Valentina making partner at Baker Lowe" → "Valentina made partner at Baker Lowe";
 * - "it's actually dogs I'm allergic to, cats are fine" → "I'm actually allergic to dogs, not cats";
 * - "the doctor took me off the sertraline" → "I stopped taking the sertraline";
 * - "switched from Japanese to Korean" → "I no longer study Japanese and I'm learning Korean now";
 * - "we packed up and took the jobs in Granada" → "we moved to Granada for the jobs";
 * - "I've come round to coriander" → "I like coriander now";
 * - "Keiko has a new phone number: …" → "Keiko's phone number is …"; "my dad's called Bogdan" → "my dad is called Bogdan";
 * - "Femi's leaving do was a blast, he starts at KPMG" → "…, Femi starts at KPMG" (the one person named);
 * - a question or a participle after a statement ("…, what should I get him?", "…, interviewing at Spotify next
 *   Tuesday") and a verbless note with a date ("…, big bridge project this month"): the question is cut, the others
 *   become their own clause, so their date no longer makes the statement before them a passing one.
 * Anything else is returned unchanged.
 */

const PLACE = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}`;
const HOME = String.raw`(?:apartment|flat|house|place|home|condo|studio)`;
const FIRST_PERSON = /^(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|our)\b/i;

type Rewrite = (s: string) => string | null;

// "since moving to Porto(,) I've been …", "since we moved here to Leeds we …".
const SINCE_MOVING = new RegExp(String.raw`^since\s+(?:moving|I moved|we moved|I've moved|we've moved|the move|our move|my move)\s+(?:here\s+)?to\s+(?<p>${PLACE})\s*,?\s+(?=(?:I|we)\b)`, 'iu');
// "since the divorce(,) I've been …": the marriage ended.
const SINCE_DIVORCE = /^since\s+(?:the|my|our)\s+(?<e>divorce|separation)\s*,?\s+(?=(?:I|we)\b)/iu;
// "first night in the Utrecht apartment", "our first week in the Leith flat".
const FIRST_IN_HOME = new RegExp(String.raw`^(?:[\p{L}'’]+\s+){0,4}?(?:(?:my|our)\s+)?(?:first|1st)\s+(?:night|nights|week|day|weekend|month)\s+in\s+(?:the|my|our)\s+(?:new\s+)?(?<p>${PLACE})\s+${HOME}\b\s*,?\s*`, 'u');
// "The Rotterdam apartment finally feels like home(, …)".
const HOME_FEELS = new RegExp(String.raw`^(?:the|my|our)\s+(?:new\s+)?(?<p>${PLACE})\s+${HOME}\s+(?:(?:finally|now|really|already|totally)\s+)*feels\s+like\s+home\b\s*,?\s*`, 'iu');
// "home in Montreal again", "(I'm) back home in Montreal", "back in my own place in Warsaw".
const BACK_HOME = new RegExp(
  String.raw`^(?:(?:and|so|ok|okay|well)\s+)?(?:(?:I'm|I am|we're|we are)\s+)?(?:(?:[\p{Ll}]+\s+){1,3}(?:done|over|finished)\s*,?\s*)?(?:(?:back\s+)?home\s+in\s+(?<p>${PLACE})(?:\s+again)?|back\s+in\s+(?:my|our)\s+(?:own\s+)?${HOME}\s+in\s+(?<q>${PLACE}))\b`,
  'u',
);
// "(drinks tonight) to celebrate Valentina making partner at Baker Lowe", "congrats to Femi on getting promoted to …".
const CELEBRATED = new RegExp(
  String.raw`\b(?:celebrate|celebrating|toast|toasting|congrats\s+to|congratulations\s+to|so\s+proud\s+of|proud\s+of)\s+(?<n>\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)\s+(?:on\s+|for\s+)?(?<v>making|becoming|getting\s+promoted\s+to|being\s+promoted\s+to|being\s+made)\s+(?<o>[^.!?,]+)`,
  'u',
);
const CELEBRATED_VERB: Record<string, string> = { making: 'made', becoming: 'became', 'being made': 'was made' };
// "it's actually dogs I'm allergic to(, cats are fine)".
const CLEFT_ALLERGY =
  /^(?:(?:so|ok|okay|well|and)\s+)?(?:[\p{Ll}\s]+?\s+and\s+)?it(?:'s| is)\s+(?:actually\s+|really\s+)?(?<a>[\p{L}\s-]+?)\s+(?<w>I'm|I am|we're)\s+allergic\s+to\b(?:\s*,\s*(?:not\s+)?(?<b>[\p{L}-]+)\s+(?:are|is)\s+(?:fine|ok|okay|no problem)\b)?/iu;
// "(my) doctor took me off the sertraline".
const TOOK_OFF =
  /\b(?:my\s+|the\s+)?(?:doctor|doc|gp|GP|psychiatrist|consultant|specialist|cardiologist|dr\.?\s+\p{Lu}[\p{L}-]*)\s+(?:took|has taken|'s taken|had taken)\s+me\s+off\s+(?<m>(?:the\s+|my\s+)?[\p{L}\d-]+)/iu;
// "switched from Japanese to Korean".
const LANGUAGE_SWITCH = new RegExp(String.raw`^(?<s>I|we)\s+(?:(?:just|recently|finally)\s+)?(?:switched|changed|moved)\s+from\s+(?<a>${LANGUAGES})\s+to\s+(?<b>${LANGUAGES})\b`, 'iu');
// "we packed up and took the jobs in Granada": a move, said by what was packed and taken.
const PACKED_UP = new RegExp(String.raw`^(?<s>I|we)\s+(?:finally\s+)?packed\s+up\s+and\s+(?:took\s+(?<j>(?:the|a|our|my)\s+(?:new\s+)?jobs?)\s+in|moved\s+to|headed\s+to|went\s+to|drove\s+to)\s+(?<p>${PLACE})`, 'iu');
// "I've come round to coriander".
const COME_ROUND = /\b(?<s>I|we)(?:'ve|\s+have)?\s+(?:(?:weirdly|finally|actually|kind of|totally)\s+)?come\s+(?:a)?round\s+to\s+(?<o>[\p{L}\s-]+?)(?=\s*(?:[,.;!?]|$))/iu;
// "Keiko has a new phone number: …".
const NEW_CONTACT = /^(?<n>.+?)\s+(?:has|have|got)\s+a\s+new\s+(?<k>phone number|mobile number|number|email address|email|e-mail|address)\s*(?::|,|\bis\b|-)\s*/iu;
// "my dad's called Bogdan": the contraction read as "is".
const KIN_CALLED = /\b(?<k>(?:my|our)\s+[\p{Ll}-]+)'s\s+(?<v>called|named)\b/giu;
// "we've just adopted a greyhound": the perfect read as the simple past the pet patterns know.
const HAVE_ADOPTED = /\b(?<s>I|we)(?:'ve|\s+have)\s+(?:just\s+|finally\s+)?(?<v>adopted|rescued)\b/giu;
// "my mum's settled into the flat in Bulawayo": the contraction read as "has" before a participle of change.
const HAS_CONTRACTED = /\b(?<n>(?:my|our|his|her|their)\s+[\p{Ll}-]+|\p{Lu}[\p{L}-]+)'s\s+(?<v>settled|moved|relocated|started|retired|quit|resigned)\b/gu;
// "(I) started at the new job at Ørsted" (a first week, rewritten by first-days.ts): a new job taken.
const STARTED_AT_NEW_JOB = /\bstarted\s+at\s+(?:the|my|a|his|her)\s+new\s+(?<j>job|position|role|gig|post)\s+(?:at|with)\s+/iu;
// "last day at Ridgeway today": the job left.
const LAST_DAY = new RegExp(String.raw`^(?:(?:my|our)\s+)?last\s+day\s+at\s+(?!(?:the\s+)?(?:office|work|school)\b)(?<o>(?:the\s+)?${PLACE})(?=\s|[,.!]|$)`, 'iu');
// "got the Spotify offer and signed it", "accepted the Spotify offer": a job taken.
const OFFER_TAKEN = new RegExp(
  String.raw`\b(?:got|received)\s+the\s+(?<o>${PLACE})\s+(?:job\s+)?offer\s+and\s+(?:signed|accepted|took)\s+it\b|\b(?:accepted|signed|took)\s+the\s+(?<p>${PLACE})\s+(?:job\s+)?offer\b`,
  'u',
);
// "Two weeks in at Brotzeit (and …)": the job started that long ago.
const WEEKS_IN = new RegExp(String.raw`^(?<n>(?:one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d+)\s+(?:days|weeks|months)|a\s+(?:week|month))\s+in\s+at\s+(?<o>${PLACE})\b`, 'iu');
/^(?<l>(?:[Qq]uick one|[Qq]uick question|[Bb]tw|BTW|[Bb]y the way|[Oo]h|[Oo]k|[Oo]kay|[Ss]o|[Aa]lso)\s*,?\s+)?(?<k>(?:[Mm]y|[Oo]ur)\s+(?:new\s+)?(?:girlfriend|boyfriend|partner|wife|husband|fianc[eé]e?|spouse))\s+(?<n>\p{Lu}[\p{L}'’-]*)\s+(?=(?:is|'s|has|works|lives)\s)/u;
// "(Olga) moved to the finance side and is now CFO": a move inside the company, then the new role.
const MOVED_INSIDE =
  /^(?<n>(?:\p{Lu}[\p{L}'’-]*\s+){1,2}?)(?:moved|switched|transferred)\s+(?:over\s+)?to\s+the\s+(?<t>[\p{Ll}-]+)\s+(?:side|team|department|division|unit|group|org)\s+and\s+(?=(?:is|has\s+been)\s+now\s|is\s)/u;
// "After the reorg Noor reports to …": the lead says when, the reporting line follows (other statements keep the lead).
const AFTER_EVENT = /^after\s+the\s+(?:reorg\w*|restructur\w+|merger|acquisition|takeover|re-?shuffle)\s*,?\s+(?=(?:\p{Lu}[\p{L}'’-]*\s+){1,2}(?:now\s+)?reports\s+to\b)/iu;
// "seeing a physio twice a week": a treatment, not a job.
const SEEING_CARER =
  /(?<v>\s+am|'m|\s+is|'s|\s+are|'re)\s+(?:(?:now|also|still)\s+)?seeing\s+(?:a|an|the|my)\s+(?<c>physio|physiotherapist|therapist|counsell?or|chiropractor|dietitian|nutritionist|osteopath|psychologist|psychiatrist|specialist|speech therapist)\b/iu;
// "Femi's leaving do was a blast last night, he starts at KPMG …": the only person named before the pronoun.
const POSSESSOR_THEN_PRONOUN =
  /^(?<n>\p{Lu}[\p{L}-]+)'s\s+(?<mid>[^,]+?),\s+(?:and\s+)?(?:he|she)(?<v>\s+(?:starts|'s starting|is starting|joins|'s joining|is joining|moves|'s moving|is moving|'s moved|has moved|left|quit|'s leaving|is leaving))\b/u;
// "…, what should I get him for his birthday?", "…, any tips?", "…, help me prep?": a question after a statement.
const TRAILING_QUESTION =
  /\s*,\s+(?:(?:so|and|but)\s+)?(?:what|which|where|how|when|who|any|anything|should|could|can|would|will|is\s+it|is\s+that|are\s+there|do\s+you|does\s+it|help\s+me|got\s+any|thoughts|ideas|recommendations?|suggestions?|tips)\b[^.!?]*\?+\s*$/iu;
// "…, interviewing at Spotify next Tuesday": a participle after a first-person statement, its own clause.
const PARTICIPLE_TAIL = /,\s+(?<v>interviewing|meeting|visiting|presenting|hosting)\s+/iu;
// "…, big bridge project this month": a verbless note with a date, said of the speaker.
const DATED_NOTE = /,\s+(?<n>(?:(?:a|an|the)\s+)?(?:[\p{Ll}-]+\s+){1,4}?)(?<t>(?:this|next)\s+(?:week|weekend|month|year))(?=\s*(?:[.!]|$))/u;

const REWRITES: Rewrite[] = [
  (s) => s.replace(SINCE_MOVING, (...a) => `I moved to ${groups(a).p} and `),
  (s) => s.replace(SINCE_DIVORCE, (...a) => `I got ${groups(a).e === 'divorce' ? 'divorced' : 'separated'} and `),
  (s) => {
    const m = FIRST_IN_HOME.exec(s);
    if (!m?.groups) return null;
    // The rest of an unpunctuated voice note is news of the night, not part of the home.
    const rest = s.slice(m[0].length);
    return /^(?:I|we|my|our|it|the)\b[^,]*?[,.!?]|^\s*$/iu.test(rest) ? `I live in ${m.groups.p} now${rest ? `, ${rest}` : '.'}` : `I live in ${m.groups.p} now.`;
  },
  (s) => s.replace(HOME_FEELS, (...a) => `I live in ${groups(a).p} now, `).replace(/,\s*$/, '.'),
  (s) => s.replace(BACK_HOME, (...a) => `I'm back home in ${groups(a).p ?? groups(a).q}`),
  (s) => {
    const m = CELEBRATED.exec(s);
    if (!m?.groups) return null;
    const verb = m.groups.v!.replace(/\s+/g, ' ').toLowerCase();
    const past = CELEBRATED_VERB[verb] ?? verb.replace(/^getting/, 'got').replace(/^being/, 'was');
    return `${m.groups.n} ${past} ${m.groups.o!.trim()}.`;
  },
  (s) => {
    const m = CLEFT_ALLERGY.exec(s);
    if (!m?.groups) return null;
    // "cats are fine": the allergy believed before is denied in a clause of its own, so it no longer holds.
    return `${m.groups.w} allergic to ${m.groups.a}${m.groups.b ? ` and ${m.groups.w} not allergic to ${m.groups.b}` : ''}${s.slice(m[0].length)}`;
  },
  (s) => s.replace(TOOK_OFF, (...a) => `I stopped taking ${groups(a).m}`),
  // The language left is denied in a clause of its own, so it stops being one the user learns.
  (s) => s.replace(LANGUAGE_SWITCH, (...a) => `${groups(a).s} no longer study ${groups(a).a} and ${groups(a).s}${/^we$/i.test(groups(a).s!) ? "'re" : "'m"} learning ${groups(a).b} now`),
  (s) => s.replace(PACKED_UP, (...a) => `${groups(a).s} moved to ${groups(a).p}${groups(a).j ? ` for ${groups(a).j}` : ''}`),
  (s) => s.replace(COME_ROUND, (...a) => `${groups(a).s} like ${groups(a).o} now`),
  (s) => s.replace(NEW_CONTACT, (...a) => `${groups(a).n}'s ${groups(a).k!.toLowerCase()} is `),
  (s) => s.replace(KIN_CALLED, (...a) => `${groups(a).k} is ${groups(a).v}`),
  (s) => s.replace(HAS_CONTRACTED, (...a) => `${groups(a).n} has ${groups(a).v}`),
  (s) => s.replace(STARTED_AT_NEW_JOB, (...a) => `started a new ${groups(a).j} at `),
  (s) => s.replace(LAST_DAY, (...a) => `I left ${groups(a).o}`),
  (s) => s.replace(OFFER_TAKEN, (...a) => `accepted a job at ${groups(a).o ?? groups(a).p}`),
  (s) => s.replace(WEEKS_IN, (...a) => `I started at ${groups(a).o}`),
  (s) => s.replace(MOVED_INSIDE, (...a) => `${groups(a).n}joined the ${groups(a).t} team and ${groups(a).n}`),
  (s) => s.replace(AFTER_EVENT, ''),
  (s) => s.replace(SEEING_CARER, (...a) => ` ${/^\s*(?:is|'s)$/i.test(groups(a).v!) ? 'has' : 'have'} ${groups(a).c} sessions`),
  (s) => s.replace(HAVE_ADOPTED, (...a) => `${groups(a).s} ${groups(a).v}`),
  (s) => {
    const m = POSSESSOR_THEN_PRONOUN.exec(s);
    if (!m?.groups || /\p{Lu}/u.test(m.groups.mid!)) return null;
    return `${s.slice(0, m.index + m[0].length - m.groups.v!.length).replace(/,\s+(?:and\s+)?(?:he|she)$/u, `, and ${m.groups.n}`)}${normalisedVerb(m.groups.v!)}${s.slice(m.index + m[0].length)}`;
  },
  (s) => (FIRST_PERSON.test(s) || /^\p{Lu}[\p{L}'’-]+\s+\p{Ll}/u.test(s) ? s.replace(TRAILING_QUESTION, '.') : null),
  (s) => (/^(?:I|I'm|I am)\b/.test(s) ? s.replace(PARTICIPLE_TAIL, (...a) => `, and I'm ${groups(a).v} `) : null),
  (s) => (/^(?:I|I'm|I am)\b/.test(s) && !/\b\p{Ll}+(?:ing|ed)\b/u.test(DATED_NOTE.exec(s)?.groups?.n ?? 'ing') ? s.replace(DATED_NOTE, (...a) => `, and I have ${article(groups(a).n!)}${groups(a).t}`) : null),
];

/** The named groups of a `replace` callback's arguments (the last one); a group that did not take part is undefined. */
function groups(args: unknown[]): Record<string, string> {
  return args[args.length - 1] as Record<string, string>;
}

function normalisedVerb(v: string): string {
  return v.replace(/^\s+'s\s+moved/, ' has moved').replace(/^\s+'s\s+/, ' is ');
}

function article(note: string): string {
  return /^(?:a|an|the)\s/i.test(note) ? note : `a ${note}`;
}

/** The sentence with a change said in passing stated plainly; unchanged when there is none. */
export function statedInPassing(sentence: string): string {
  let out = sentence;
  for (const rewrite of REWRITES) out = rewrite(out) ?? out;
  return out;
}
