/**
 * A voice-note transcript without punctuation ("voice note transcript so yeah um i work at the riverside clinic as a
 * nurse its fine the hours are okay i guess anyway talk later") as sentences the extractor reads: a break before a
 * spoken discourse marker ("so", "anyway", "okay", "correction") and before a new subject ("i", "we", "she's") that
 * does not continue a clause ("what i said"), fillers ("um", "uh") out, "i"/"im"/"dont" spelled as written text.
 * Null for anything else: a text with any punctuation, a chat line, fewer than eight words, or an unlabelled text
 * shorter than twenty words or without two spoken fillers.
 */

const LABEL = /^(?:(?:voice|audio)\s+(?:note|memo|message)(?:\s+transcript(?:ion)?)?|transcript(?:ion)?)\s*(?:\d{4}-\d{2}-\d{2}\s*)?(?:transcript\s*)?:?\s*/i;
const MIN_WORDS = 8;
const UNLABELLED_MIN_WORDS = 20;
const MARKERS = new Set(['so', 'anyway', 'anyways', 'okay', 'ok', 'yeah', 'hey', 'honestly', 'correction', 'reminder', 'but']);
/** A call's greeting or goodbye: "just calling to say hi", "talk soon bye". */
const PHATIC = /^(?:just (?:calling|ringing|checking in|wanted to say)|(?:hi|hey|hello)(?: there)?$|(?:talk|speak|see you) (?:soon|later)|call me back|bye)\b/i;
const LEAD_INS = new Set(['so', 'yeah', 'okay', 'ok', 'anyway', 'anyways', 'but']);
/** Words after which "okay" or "so" describes rather than starts ("the hours are okay"). */
const COPULAS = new Set("is are was were be been am feel feels felt seems seemed looks looked not pretty it's that's".split(' '));
const SUBJECTS = new Set(['i', 'im', "i'm", 'ive', "i've", 'we', "we're", 'were', 'shes', "she's", 'hes', "he's", 'its', "it's", 'they', "they're", 'theyre']);
/** Words after which a subject continues the clause instead of starting a sentence. */
const JOINERS = new Set(
  'and or but that what which who when where if because since than so to said say says think thought know knew guess mean meant tell told hope wish like as while until unless whether how why'.split(' '),
);
const FILLERS = new Set(['um', 'uh', 'erm', 'uhm', 'hmm', 'mm']);
const SPELLED: Record<string, string> = {
  i: 'I',
  im: "I'm",
  ive: "I've",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  shes: "she's",
  hes: "he's",
  thats: "that's",
  theyre: "they're",
  isnt: "isn't",
  wasnt: "wasn't",
};

export function punctuatedVoiceNote(content: string): string | null {
  const labelled = LABEL.exec(content.trim());
  const text = content.trim().replace(LABEL, '');
  if (/[.,;:!?\n]/.test(text.replace(/[.!?]\s*$/, '')) || /\p{Lu}/u.test(text.replace(/\bI\b/g, ''))) return null;
  const words = text
    .replace(/[.!?]\s*$/, '')
    .split(/\s+/)
    .filter(Boolean);
  // Unlabelled, only a long run of speech with its fillers and markers: a typed message without punctuation
  // ("since the divorce I've been cooking for one") is the typing reader's.
  const spoken = words.filter((w) => FILLERS.has(w.toLowerCase()) || LEAD_INS.has(w.toLowerCase())).length;
  if (words.length < MIN_WORDS || (!labelled?.[0] && (words.length < UNLABELLED_MIN_WORDS || spoken < 2))) return null;
  const sentences: string[][] = [];
  let current: string[] = [];
  words.forEach((raw, i) => {
    const w = raw.toLowerCase();
    if (FILLERS.has(w)) return;
    const prev = current.at(-1)?.toLowerCase();
    const onlyMarkers = current.every((c) => MARKERS.has(c.toLowerCase()));
    const named = (w === 'her' || w === 'his' || w === 'my') && words[i + 1]?.toLowerCase() === 'name';
    const subject = (SUBJECTS.has(w) || named) && prev !== undefined && !JOINERS.has(prev);
    const startsNew = current.length > 0 && !onlyMarkers && ((MARKERS.has(w) && !COPULAS.has(prev!)) || subject);
    // "its" mid-clause is a possessive ("its price"); at a sentence start it is "it's".
    const spelled = SPELLED[w] ?? (w === 'its' && (startsNew || onlyMarkers) ? "it's" : raw);
    if (startsNew) {
      sentences.push(current);
      current = [];
    }
    current.push(spelled);
  });
  if (current.length > 0) sentences.push(current);
  return sentences
    .map((s) => {
      // "so yeah I work at ...": the spoken lead-in would hide the statement from the extractor.
      let from = 0;
      while (from < s.length - 2 && LEAD_INS.has(s[from]!.toLowerCase())) from++;
      return s.slice(from);
    })
    .filter((s) => s.length > 0 && !PHATIC.test(s.join(' ')))
    .map((s) => {
      const joined = s.join(' ');
      return `${joined[0]!.toUpperCase()}${joined.slice(1)}.`;
    })
    .join(' ');
}
