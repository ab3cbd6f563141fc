import { withoutColonLead } from './question-leads.js';

/**
 * A short answer to the assistant's question, read with the question's subject and attribute carried into it:
 * - "Where are you living these days?" / "Still in Glasgow, but..." → "I live in Glasgow, but...";
 *   "How are things in Dublin?" / "Cork, actually." → "I live in Cork.";
 * - "Are you still at Deloitte?" / "nope, left in March" → "I left Deloitte in March"; "no, freelancing now" →
 *   "I no longer work at Deloitte. I'm freelancing now";
 * - "Still vegetarian?" / "no, I eat fish again" → "I'm no longer vegetarian. I eat fish again".
 * A turn that is not such an answer (a sentence with its own subject, a long reply) is returned unchanged.
 */

const PLACE = String.raw`(\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})`;
/** Questions about where the user lives, with the place they assume when they name one. */
const WHERE_LIVE = new RegExp(
  String.raw`\b(?:where\s+(?:are\s+you|do\s+you)\s+(?:living|live|based|staying|located)|which\s+(?:city|town|country)|what\s+(?:city|town|country)|where(?:'s|\s+is)\s+home|how(?:'s|\s+is|\s+are)\s+(?:things|life|everything)\s+in\s+${PLACE}|how(?:'s|\s+is)\s+${PLACE}\s+(?:treating\s+you|going|been)|(?:are\s+you\s+)?still\s+(?:living\s+)?in\s+${PLACE})\b`,
  'u',
);
const PLACE_NC = String.raw`(?:\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})`;
const NOT_OLD = String.raw`(?:(?:[Nn]o|[Nn]ope|[Nn]ah)[,.!]?\s+)?(?:(?:[Nn]ot|[Nn]o\s+longer)\s+(?:in\s+)?${PLACE_NC}(?:\s+any\s?more)?\s*[,;.–—-]\s*(?:(?:it's|I'm\s+in|I\s+live\s+in|we're\s+in|now|moved\s+to)\s+)?)?`;
const STILL_AT = new RegExp(String.raw`\b(?:are\s+you\s+)?still\s+(?:working\s+)?(?:at|with|for)\s+${PLACE}\s*\?`, 'u');
const STILL_IS = /\b(?:are\s+you\s+)?still\s+(vegetarian|vegan|pescatarian|keto|single|married|engaged|dating\s+\p{Lu}[\p{L}'-]*|smoking|drinking)\s*\?/iu;
const NO = /^(?:no|nope|nah|not anymore|not any more|no longer)\b[\s,.!-]*/i;
const YES = /^(?:yes|yep|yeah|yup|still am|i am|sure am)\b[\s,.!-]*/i;
const FIRST = /^[^.!?\n]*[.!?]?/u;

/** The user's turn with the question's frame carried into a short answer, or the turn itself. */
export function answerInFrame(question: string | null, answer: string): string {
  if (!question || !/\?/.test(question)) return answer;
  const line = question.slice(question.lastIndexOf('\n') + 1).trim();
  // The question's first word loses its capital; the places it names keep theirs.
  const q = line.charAt(0).toLowerCase() + line.slice(1);
  const a = answer.trim();
  const first = FIRST.exec(a)![0];
  const rest = a.slice(first.length).trim();
  const still = STILL_AT.exec(q);
  if (still && NO.test(first)) {
    const org = still[1]!;
    const after = first.replace(NO, '').trim();
    // "nope, left in March": the organisation is what was left.
    const left = /^(?:I\s+)?(left|quit)\b(.*)$/i.exec(after);
    if (left) return join(`I ${left[1]!.toLowerCase()} ${org}${left[2]!.replace(/[.!]*$/, '')}.`, rest);
    return join(`I no longer work at ${org}.`, after ? join(capital(after), rest) : rest);
  }
  const status = STILL_IS.exec(q);
  if (status && NO.test(first)) {
    const after = first.replace(NO, '').trim();
    return join(`I'm no longer ${status[1]!.toLowerCase()}.`, after ? join(capital(after), rest) : rest);
  }
  const where = WHERE_LIVE.exec(q);
  if (where && !YES.test(first)) {
    // "Cork, actually.", "Still in Glasgow, but we're moving", "Montreal, moved there in the fall": the place first.
    // "not Berlin anymore, Hamburg since the summer": the old place denied, the new one after it.
    const m = new RegExp(
      String.raw`^${NOT_OLD}(?:(?:[Ss]till|[Nn]ow|[Cc]urrently|[Aa]ctually|[Jj]ust)\s+)?(?:(?:[Ll]iving\s+|[Bb]ased\s+)?[Ii]n\s+|(?<near>(?:[Jj]ust\s+)?(?:[Oo]utside(?:\s+of)?|[Nn]ear|[Cc]lose\s+to|[Nn]orth\s+of|[Ss]outh\s+of|[Ee]ast\s+of|[Ww]est\s+of)\s+))?${PLACE}(?=\s*(?:[,.!]|$)|\s+(?:since|these\s+days|for\s+now|now)\b)(?:\s*,\s*(?:actually|now|still)\b)?`,
      'u',
    ).exec(first);
    const place = m?.[2]?.replace(/\.+$/, '');
    if (m && place && !/^(?:I|We|My|Our|He|She|They|It|No|Yes)\b/.test(place)) {
      const tail = first
        .slice(m[0].length)
        .replace(/^\s*[,.!]\s*/, '')
        .trim();
      // "Just outside Dundee.": near the town named (place-work-patterns.ts files it as the residence).
      const where = m.groups?.near ? m.groups.near.trim().toLowerCase() : 'in';
      return join(`I live ${where} ${place}.`, join(tail ? capital(tail) : '', rest));
    }
  }
  return nounAnswer(q, first, rest) ?? answer;
}

/** "what do you do for work?", "what's your job?": the answer fragment names the job. */
const WHAT_JOB =
  /\b(?:what\s+do\s+you\s+do(?:\s+for\s+(?:work|a\s+living))?|what(?:'s|\s+is)\s+your\s+(?:job|profession|line\s+of\s+work|occupation)|what\s+do\s+you\s+work\s+as|what\s+(?:kind|sort|line)\s+of\s+work)\b/i;
/** "what kind of dog?", "what breed is it?" after "a dog": the answer is what the user's <noun> is. */
const WHAT_KIND = /\bwhat\s+(?:kind|sort|type|breed)\s+of\s+(?<noun>[\p{Ll}-]{3,})\b/iu;
/** A fragment, not a sentence: no subject or verb of its own in its first clause, a few words. */
const SENTENCE_START = /^(?:I|I'm|I’m|I've|We|We're|My|Our|It|It's|It’s|He|She|They|That|This|There|Yes|No|Yeah|Nope|Not|Well|Oh|Haha|Lol|Ha)\b/;

/**
 * "What do you do for work?" / "Physiotherapist, mostly sports injuries." → "I work as a physiotherapist, mostly
 * sports injuries."; "What kind of dog?" / "A border terrier named Pip." → "I have a dog, a border terrier named Pip.".
 * Only a short fragment (its first clause at most six words, no subject of its own) is framed.
 */
function nounAnswer(q: string, first: string, rest: string): string | null {
  const head = first.split(/[,;.!?(]/)[0]!.trim();
  if (!head || SENTENCE_START.test(head) || head.split(/\s+/).length > 6) return null;
  const body = first.replace(/[.!]+$/, '');
  if (WHAT_JOB.test(q) && !/\b(?:is|are|was|am|do|does|work|works)\b/i.test(head)) {
    const job = /^(?:an?\s+)/i.test(body) ? body.replace(/^(\S+)/, (a) => a.toLowerCase()) : `${/^[aeiou]/i.test(body) ? 'an' : 'a'} ${body.charAt(0).toLowerCase()}${body.slice(1)}`;
    return join(`I work as ${job}.`, rest);
  }
  const kind = WHAT_KIND.exec(q);
  if (kind && /^(?:an?|the)\s/i.test(body) && !/\b(?:is|are|was|am)\b/i.test(head)) {
    const noun = kind.groups!.noun!.toLowerCase();
    return join(`I have ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}, ${body.charAt(0).toLowerCase()}${body.slice(1)}.`, rest);
  }
  return null;
}

const join = (a: string, b: string) => (b ? `${a} ${b}` : a);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A yes to the assistant's question: "yep", "yes, still ...", "I did", "that's right". */
const CONFIRM =
  /^(?:yes|yep|yeah|yup|yea|ya|correct|exactly|indeed|definitely|absolutely|sure did|sure am|still am|still do|i did|i do|i am|i have|that's right|that is right|that's correct|that is correct|that's the one|right)\b(?!\s+(?:but|though|except|not|now|no)\b)[\s,.!-]*/i;
/** Offers, requests and questions about the assistant's own doing: a yes to them states nothing about the user. */
const NOT_ABOUT_USER =
  /^(?:would|could|can|should|shall|will|may|might|want|do you want|do you need|would you like|did you (?:want|mean|know|see|get a chance|try|have a (?:good|nice|great))|are you (?:sure|okay|ok|ready|free|around|there|able|looking|interested|asking)|have you (?:tried|seen|heard|thought|considered))\b|\b(?:me|I)\b/i;
const TAG = /\s*,?\s*(?:is\s+that\s+(?:still\s+)?(?:right|correct|true|the case|so)|right|correct|yes|no|then|still|huh|eh|am\s+I\s+right|if\s+I\s+remember(?:\s+right(?:ly)?)?|isn't\s+it|aren't\s+you|didn't\s+you)\s*$/i;
const REPORTED =
  /^(?:(?:so|and|oh|ah|ok|okay|wait|hey|well|last time|earlier|before)\b[\s,]*)*(?:you\s+(?:mentioned|said|told\s+me|wrote|were\s+saying)|I\s+(?:remember|recall|think|heard|saw)(?:\s+you\s+(?:said|mentioned))?|if\s+I\s+remember\s+(?:right|correctly))\s*(?:that\s+)?/i;
/** "So", "oh", and a check's own lead ("just to confirm", "to double-check"): how a question opens, not what it asks. */
const LEAD =
  /^(?:(?:so|and|oh|ah|ok|okay|wait|hey|well|also|now|(?:just\s+)?(?:to\s+)?(?:confirm|double[-\s]?check|be sure|make sure|check|clarify)(?:ing)?|quick check|let me (?:confirm|check|make sure)|sorry)\b[\s,:]*)+/i;

/**
 * "So you're in Denver now?" / "yep, since March!": a yes to the assistant's question about the user states what it
 * asked, in the user's voice ("I'm in Denver now."), with the rest of the answer after it ("Since March!"). Wh-
 * questions, offers and small-talk questions ("did you have a good weekend?") give null, as does any answer that is
 * not a plain yes; the caller keeps only catalogued facts of the statement.
 */
export function confirmedStatement(question: string | null, answer: string): { statement: string; rest: string } | null {
  if (!question || !/\?/.test(question)) return null;
  const a = answer.trim();
  const yes = CONFIRM.exec(a);
  if (!yes) return null;
  // The question: the last sentence of the assistant's turn that asks one.
  const asked = [...question.matchAll(/[^.!?\n]*\?/g)].pop()?.[0].trim();
  if (!asked) return null;
  let q = asked
    .replace(/\?+$/, '')
    .replace(/^.*$/s, withoutColonLead)
    .replace(/,\s*(?:is\s+that\s+(?:still\s+)?(?:right|correct|true|the case|so)|right|correct|am\s+I\s+right)\s*$/i, '')
    .replace(REPORTED, '')
    .replace(LEAD, '')
    .trim();
  q = q.replace(TAG, '').trim();
  if (!q || NOT_ABOUT_USER.test(q) || !/\byou(?:r|'re|'ve|'d|'ll)?\b/i.test(q)) return null;
  let s: string | null = null;
  const inverted = /^(are|were|do|did|have|has|is|was)\s+(you|your)\b\s*(.*)$/i.exec(q);
  if (inverted) {
    const [, aux, who, tail] = inverted as unknown as [string, string, string, string];
    const au = aux.toLowerCase();
    if (who.toLowerCase() === 'your') {
      // "Is your sister still in Rome" → "my sister is still in Rome".
      const m = /^([\p{L}'-]+(?:\s+[\p{L}'-]+)?)\s+(.*)$/u.exec(tail);
      if (!m) return null;
      s = `my ${m[1]} ${au} ${m[2]}`;
    } else if (au === 'did') s = pastOf(tail);
    else if (au === 'do') s = `I ${tail}`;
    else s = `I ${au === 'are' ? 'am' : au === 'were' ? 'was' : au === 'has' ? 'have' : au} ${tail}`;
  } else if (/^(?:you|your)\b/i.test(q)) s = q;
  if (!s) return null;
  s = swapPronouns(s)
    // Reported past perfect: "you'd gone pescatarian" → "I've gone pescatarian".
    .replace(/\bI'd\s+(?=(?:been|gone|become|started|moved|taken|switched|joined|got|gotten|left|quit)\b)/, "I've ")
    .replace(/\bI\s+had\s+(?=(?:been|gone|become|started|moved|taken|switched|joined|gotten|left|quit)\b)/, 'I have ');
  // "you're in Denver now?" asked of a move: where the user lives.
  s = s.replace(/^I(?:'m|\s+am)\s+(?:now\s+)?(?:living\s+|based\s+)?in\s+(?=\p{Lu})/u, 'I live in ');
  const statement = capital(s.replace(/[\s,]+$/, '')) + '.';
  const rest = a.slice(yes[0].length).trim();
  return { statement, rest: rest ? capital(rest) : '' };
}

/** "you end up taking X" → "I ended up taking X"; "you move to X" → "I moved to X". */
function pastOf(tail: string): string | null {
  const m = /^(?:you\s+)?([\p{L}'-]+)\b(.*)$/u.exec(tail);
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  const past = IRREGULAR_PAST[verb] ?? (/e$/.test(verb) ? `${verb}d` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${verb}ed`);
  return `I ${past}${m[2]}`;
}
const IRREGULAR_PAST: Record<string, string> = {
  take: 'took',
  get: 'got',
  go: 'went',
  make: 'made',
  buy: 'bought',
  sell: 'sold',
  leave: 'left',
  quit: 'quit',
  find: 'found',
  become: 'became',
  begin: 'began',
  have: 'had',
  give: 'gave',
  break: 'broke',
  choose: 'chose',
  land: 'landed',
  end: 'ended',
  stop: 'stopped',
  win: 'won',
  drive: 'drove',
  put: 'put',
  set: 'set',
  start: 'started',
};

function swapPronouns(s: string): string {
  return s
    .replace(/\byou're\b/gi, "I'm")
    .replace(/\byou\s+are\b/gi, 'I am')
    .replace(/\byou\s+were\b/gi, 'I was')
    .replace(/\byou've\b/gi, "I've")
    .replace(/\byou'd\b/gi, "I'd")
    .replace(/\byou'll\b/gi, "I'll")
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byour\b/gi, 'my')
    .replace(/\b(to|with|for|about|of)\s+you\b/gi, '$1 me')
    .replace(/\byou\b/gi, 'I');
}
