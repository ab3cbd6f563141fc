import { isKnownName, isOrganisation, isPlaceName } from './lexicon.js';
import { ADV, CAP, f, k, NEG, PROFESSION, ROLE, V, WORKPLACE, WORKPLACES, type Build } from './attribute-words.js';
import { ended, knownProduct, membership, tool } from './facet-builders.js';
import { isOrganisationShaped } from './organisation-names.js';

/** The last word of a school's, college's or nursery's name. */
const SCHOOL_NAME = /\b(?:Primary|Secondary|School|Academy|College|University|Uni|Nursery|Preschool|Pre-school|Kindergarten|Montessori|Infants|Juniors|High|Prep|Grammar|Sixth Form)(?:\s+School)?$/u;

/**
 * "moved to PwC", "moved to Halden Group": a name the lexicon knows as an organisation, one written like a firm's
 * (a capital inside a short word: "PwC", "McK"), or one ending in a firm's word, is an employer, not a town.
 */
const FIRM_WORD = /\s(?:Ltd|Limited|Inc|LLC|plc|PLC|Group|Bank|Partners|Capital|Consulting|Labs|Technologies|Systems|Solutions|Studios?|Agency|Pharmacy|Holdings|Insurance|Foods|Media|Health|Software)\b/u;
function isOrganisationName(value: string): boolean {
  const name = value
    .replace(/\s+(?:in|last|this|on|at|from|for|as|after|before|back)\b.*$/u, '')
    .replace(/[.,;!?].*$/u, '')
    .trim();
  const first = name.split(/\s+/)[0] ?? '';
  if (!/^\p{Lu}/u.test(name) || isPlaceName(name)) return false;
  return isOrganisation(first) || (/^\p{Lu}\p{Ll}+\p{Lu}[\p{L}]*$/u.test(first) && !/^Ma?c/.test(first) && first.length <= 8) || FIRM_WORD.test(` ${name}`);
}

/**
 * "moved to Diageo as brand manager", "moved to Ocado in March as head of data": a title taken where one moved names an
 * employer, whatever the lexicon knows of the name (round 23; "moved to Leeds as a student" stays a home).
 */
const AS_TITLE = new RegExp(
  String.raw`^(?<name>\p{Lu}[\p{L}\d&'’.-]*(?:\s+\p{Lu}[\p{L}\d&'’.-]*){0,2})(?:\s+(?:in|on|last|this|from|back)\b[^,;]{0,30}?)?,?\s+as\s+(?:an?\s+|the\s+|their\s+|its\s+)?(?:[\p{L}-]+\s+){0,3}?(?:${PROFESSION}|head|director|lead|manager|chief|officer|VP|CEO|CTO|CFO|COO)\b`,
  'u',
);
function movedAsTitle(value: string): boolean {
  const m = AS_TITLE.exec(value);
  return m !== null && !isPlaceName(m.groups!.name!) && !/\bas\s+(?:an?\s+)?(?:student|tourist|child|kid|teenager|refugee|exchange student)\b/i.test(value);
}

/** Where the subject lives, travels, works and studies, in the order they are tried (attribute-patterns.ts). */
/** What follows "settled in" / "living in" when it is no place: an adverb, a manner, a state. */
const NO_PLACE = /^(?:\p{Ll}+ly|well|fine|ok|okay|great|alright|all right|at last|now|quick|fast|hope|denial|fear|comfort|style|sin|luxury|limbo)\b(?!\s+(?:in|at)\s+\p{Lu})/u;

export const PLACE_AND_WORK_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "moved to day shifts", "is back on nights", "switched to earlies": a shift pattern, not a home (before the moves).
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|are|'s|'m|am|has|have|went|got)?\s*(?:(?:now|just|finally)\s+)?(?:back\s+on|on|moved\s+(?:back\s+)?to|switched\s+(?:back\s+)?to|gone\s+(?:back\s+)?(?:on)?to|changed\s+to)\s+(?:the\s+)?(?<v>(?:night|day|early|late|evening|weekend|morning|split|rotating|twelve-hour|12-hour|long)\s+shifts?|nights|earlies|lates|days)(?![\p{L}])`,
      'u',
    ),
    (g) => k('schedule', 'shift', g.v),
  ],
  // "I'm back at Costa from Monday", "back with Arup as of June": a return to a workplace from a date is the employer.
  [new RegExp(String.raw`^\s+${ADV}(?:is|'s|'m|am|are|'re|will be|'ll be)\s+(?:going\s+)?back\s+(?:at|with)\s+${CAP}\s+(?:from|starting|as of|on)\s+\S`, 'u'), (g) => (isPlaceName(g.v!) ? null : f('employer', g.v))],
  // "I'm on the payments team", "moving to the platform team from Monday", "joined the data infra team": the team at
  // work (before the moves: a team is no town). A move from a day on is the team from then, not a plan.
  [
    /^\s+(?:(?:now|currently|still|just|also|finally)\s+)*(?:is|are|'s|'m|am|has been|works?|working|is working)\s+(?:now\s+)?(?:on|in)\s+the\s+(?<v>(?:[\p{L}\d&-]+\s+){1,3}?)team\b/iu,
    (g) => (/^(?:same|other|whole|entire|first|a|b)\s+$/i.test(g.v!) ? null : f('team', g.v!.trim())),
  ],
  [
    /^\s+(?:(?:now|just|also|finally)\s+)*(?:is\s+|are\s+|'s\s+|'m\s+|am\s+|has\s+|have\s+)?(?:(?:switching|moving)\s+(?:too|as well)\s*,?\s+)?(?:moving|moved|switching|switched|transferring|transferred|going|joining|joined)\s+(?:over\s+)?(?:to\s+)?the\s+(?<v>(?:[\p{L}\d&-]+\s+){1,3}?)team\b/iu,
    (g) => (/^(?:same|other|whole|entire|first|a|b)\s+$/i.test(g.v!) ? null : f('team', g.v!.trim(), { future: false })),
  ],
  // Residence and moves.
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:lives?|(?:is|are) living|resides?|(?:is|are) based|(?:is|are) settled|(?:is|are)\s+${ADV}(?:based|settled|living)|(?:has|have) (?:been )?(?:lived|living)|(?:has|have) settled|settled)\s+(?:now\s+)?(?:in|out of|(?:just\s+)?(?:outside(?:\s+of)?|near|close to))\s+${V}`,
      'iu',
    ),
    // "she's settled in nicely", "is living in hope": a manner or a state, no place, so no home (a version without a
    // place would replace the one that has it).
    (g) => (NO_PLACE.test(g.v!) ? null : f('residence', g.v)),
  ],
  // "we're in Cardiff now", "she's in Leeds these days": a home said as where the subject is since a change, not a trip.
  // "we're now at 12 Elm Rd, York", "we live at 3 Mill Lane, Scarborough": an address with a house number, then its
  // town, is where the subject lives.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|are|has moved|have moved|moved|lives?|(?:is|are) living)\s+(?:now\s+)?(?:at|to|into)\s+(?:flat\s+\d+[a-z]?,?\s+)?\d+[a-z]?\s+(?:\p{Lu}[\p{L}'’-]*\s+){1,3}(?:Road|Rd|Street|St|Lane|Ln|Avenue|Ave|Close|Drive|Dr|Way|Crescent|Court|Ct|Place|Pl|Gardens|Terrace|Row|Grove|Hill|Square|Sq|Walk|Mews|Boulevard|Blvd)\.?,\s*${CAP}`,
      'u',
    ),
    (g) => (/^(?:Flat|Apartment|Apt|Unit|Suite|Floor|Room|Building|Block|The)\b/.test(g.v!) ? null : f('residence', g.v)),
  ],
  // "we're in Cardiff now", "she's in Leeds these days": a home said as where the subject is since a change, not a trip.
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:now\s+)?(?:in|out in|down in|up in)\s+${CAP}(?=\s*(?:[-—–,]\s*)?(?:now|these days|nowadays|for good)\b)`, 'u'),
      // "is back home in Galway for good": coming back to stay is a move; "back in X" alone is where a trip ends.
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:now\s+)?back\s+(?:home\s+)?in\s+${CAP}(?=\s*(?:[-—–,]\s*)?(?:for good|to stay|permanently)\b)`, 'u'),
      // "I'm back in Berlin as of this week", "back living in Cork since May": a return that holds from a date is home.
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:now\s+)?back\s+(?:living\s+|home\s+)?in\s+${CAP}(?=\s*,?\s*(?:as of|effective|starting)\s)`, 'u'),
      // "He lives with us in Phoenix now", "she's living with her sister in Leeds": whom one lives with, then where.
      new RegExp(
        String.raw`^\s+${ADV}(?:lives?|(?:is|are)\s+(?:now\s+)?living|(?:has|have)\s+moved\s+in)\s+(?:now\s+)?with\s+(?:the user(?: and others)?|us|me|them|him|her|(?:my|our|his|her|their|the user's)\s+[\p{Ll}-]+|\p{Lu}[\p{L}'’-]+)\s+(?:now\s+)?in\s+${CAP}`,
        'u',
      ),
    ],
    (g) => f('residence', g.v),
  ],
  // "the new place in Utrecht is quieter", "my new flat is in Leeds": the subject's new home, when the lexicon knows the
  // town ("moved to Warsaw! new flat in Mokotow": a district after the city is no new home of its own).
  [new RegExp(String.raw`^'s\s+new\s+(?:place|flat|house|home|apartment|flatshare)\s+(?:is\s+)?(?:in|out in|up in|down in)\s+${CAP}`, 'u'), (g) => (isPlaceName(g.v!) ? f('residence', g.v) : null)],
  // "signed a lease in Berlin": where the subject now lives.
  [new RegExp(String.raw`^\s+${ADV}(?:(?:has|have)\s+)?(?:just\s+|finally\s+)?signed\s+(?:a|the|our|my)\s+(?:new\s+)?lease\s+(?:on\s+(?:a|an|the)\s+[\p{L}-]+\s+)?in\s+${CAP}`, 'u'), (g) => f('residence', g.v)],
  // "bought a house in Portland": where the subject now lives.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+)?(?:just\s+)?(?:bought|purchased|closed on|moved into|settled into|rented|rents|is renting|are renting|got|found|signed for|signed the lease on|(?:has|have)\s+been\s+renting|got the keys (?:to|for)|picked up the keys (?:to|for))\s+(?:an?|the|our|their|her|his|the user's|\p{Lu}[\p{L}'-]*'s)\s+(?:new\s+|first\s+|own\s+|little\s+|small\s+|tiny\s+|big\s+|large\s+|shared\s+|cosy\s+|cozy\s+|(?:one|two|three|four|\d)-bed(?:room)?\s+)*(?:house|home|flat|apartment|condo|place|townhouse|cottage|bungalow|studio|room|(?:one|two|three|four|\d)-bed(?:room)?)\s+in\s+${CAP}`,
      'u',
    ),
    (g) => f('residence', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+${ADV})?(?:moved|relocated)\s+(?:back\s+|over\s+|out\s+|down\s+|up\s+|out of\s+(?:[^,.;]+?)\s+|away from\s+(?:[^,.;]+?)\s+|from\s+(?:[^,.;]+?)\s+)?(?:home\s+)?(?:to|into)\s+${V}`,
      'iu',
    ),
    (g, rest) => (knownProduct(g.v) ? tool(knownProduct(g.v)!, rest) : isOrganisationName(g.v!) || movedAsTitle(g.v!) ? f('employer', g.v) : f('residence', g.v)),
  ],
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:moving|relocating)\s+(?:back\s+)?to\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}(?:will|is going to|are going to|plans? to|is planning to|wants? to|hopes? to)\s+(?:move|relocate)\s+(?:back\s+)?to\s+${V}`, 'iu'),
    ],
    (g) => f('goal', g.v, { object: 'move', future: true }),
  ],
  [
    [new RegExp(String.raw`^\s+${ADV}(?:is|comes)\s+(?:originally\s+)?from\s+${V}`, 'iu'), new RegExp(String.raw`^\s+${ADV}(?:grew up|was born and raised|was raised|was born)\s+in\s+${V}`, 'iu')],
    (g) => f('hometown', g.v),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:now\s+)?(?:calls?|has called)\s+${CAP}\s+home\b`, 'u'), (g) => f('residence', g.v)],
  // Trips and whereabouts: dynamic.
  [
    new RegExp(String.raw`^\s+${ADV}(?:is|will be|is going to be)\s+(?:currently\s+|now\s+)?(?<at>in|at)\s+${CAP}`, 'u'),
    // "is at Superdrug these days", "is at Superdrug now, managing the counter": an organisation (no place, no person)
    // the subject is at since a change, said with the work done there, is where they work ("is at Tesco now" alone
    // may be the shop).
    (g, rest) => {
      const after = rest.slice(rest.indexOf(g.v!) + g.v!.length);
      // "is at Allegro now btw, backend": a department after it says the same.
      const works =
        /^\s+(?:these days|nowadays)\b|^\s+now\s*(?:btw\s*)?,\s*(?:managing|working|running|leading|heading|doing|teaching|coding|selling|in charge|on the|as an?\s|(?:backend|frontend|front-end|back-end|engineering|marketing|sales|design|product|ops|finance|support|data|infra|compliance|legal|hr)\b)/u.test(
          after,
        );
      // "is at Oakfield Primary now": a school by its name's last word is where the subject studies.
      if (g.at === 'at' && SCHOOL_NAME.test(g.v!)) return f('education', g.v);
      // "is at Allegro Technologies now", "is at HubSpot now": a name shaped like a company's is no place to be at.
      if (g.at === 'at' && /^\s+now\b/.test(after) && isOrganisationShaped(g.v!) && !isPlaceName(g.v!)) return f('employer', g.v);
      return g.at === 'at' && works && !isPlaceName(g.v!) && !isKnownName(g.v!.split(/\s+/)[0]!) && !/^the\s/i.test(g.v!) ? f('employer', g.v) : f('location', g.v);
    },
  ],
  // "is back home in Chicago", "are back in Leeds": where the subject is now, the trip over.
  [new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:now\s+)?back\s+(?:home\s+)?(?:in|at)\s+${CAP}`, 'u'), (g) => f('location', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:travell?ing|flying|heading|driving|going|off|taking a trip|going on a trip|headed)\s+(?:out\s+|back\s+)?to\s+${CAP}`, 'u'), (g) => f('location', g.v)],
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+(?:visiting|in town in)\s+${CAP}`, 'u'),
      new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+on\s+(?:a\s+)?(?:trip|vacation|holiday|business trip|honeymoon)\s+(?:to|in)\s+${CAP}`, 'u'),
    ],
    (g) => f('location', g.v),
  ],
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:will|is going to|plans? to|is planning to)\s+(?:fly|travel|go|head|drive)\s+to\s+${CAP}`, 'u'),
      new RegExp(String.raw`^\s+${ADV}(?:will|is going to|plans? to|is planning to)\s+visit\s+${CAP}`, 'u'),
    ],
    (g) => f('location', g.v, { future: true }),
  ],
  // Work.
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:(?:works?|is working)(?:\s+(?:remotely|full-time|part-time|full time|part time|freelance|remote))?|has (?:been )?work(?:ed|ing)|is employed|got hired|was hired|is hired|started working|began working|has started working|signed on|has signed on|signed up to work)\s+(?:at|for|with|by)\s+(?!home\b|night|nights|weekends|it\b|the moment\b|a living\b|free\b|myself|themselves)${V}`,
      'iu',
    ),
    (g) => f('employer', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:got|landed|accepted|took|started|began|has|starts|has started)\s+(?:a|an|the|her|his|their|the user's|\p{Lu}[\p{L}'-]*'s)\s+(?:new\s+)?(?:job|position|role|internship|gig)\s+(?:as\s+(?:an?\s+)?[\p{L}\s-]+?\s+)?(?:at|with|for)\s+${V}`,
      'iu',
    ),
    (g) => f('employer', g.v),
  ],
  // "joined the Better leisure centre", "signed up at Riverside sports centre": a place to train is the gym the
  // subject goes to (the slot "my gym is ..." fills), not an employer, whatever its name.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:joined|has joined|signed up (?:at|with|for)|goes to|trains at)\s+(?<v>(?:the\s+)?(?:\p{Lu}[\p{L}'’&-]*\s+){0,3}(?:leisure|sports|fitness|recreation|aquatics?|swimming|climbing|bouldering)\s+(?:centre|center|club|pool|wall|complex|hall))\b`,
      'u',
    ),
    (g) => k('membership', 'gym', g.v),
  ],
  // "started at Oakfield Primary", "joined Kingsmead Academy": a place of learning by its name's last word is where the
  // subject studies (a teacher says so with a role: "started teaching at", "joined ... as a teacher").
  [
    new RegExp(String.raw`^\s+${ADV}(?:joined|has joined|started at|has started at|starts at|is starting at|is joining)\s+${CAP}`, 'u'),
    (g, rest) => (SCHOOL_NAME.test(g.v!) && !/\bas\s+(?:an?\s+)?[\p{L}-]+/iu.test(rest) ? f('education', g.v) : f('employer', g.v, { future: false })),
  ],
  [
    new RegExp(String.raw`^\s+${ADV}(?:joined|has joined|started at|started working at|started a (?:new\s+)?job at|is joining|got a job at|got hired at)\s+${WORKPLACE}`, 'iu'),
    (g) => f('employer', g.v, { future: false }),
  ],
  // "has joined kite & key studio as a backend engineer": a workplace written in lowercase is one when a job is taken there.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:joined|has joined|is joining)\s+(?<v>(?!(?:a|an|the|my|our|his|her|their)\s)[\p{Ll}\d][\p{L}\d&'’.-]*(?:\s+[\p{L}\d&][\p{L}\d&'’.-]*){0,3}?)\s+as\s+(?:an?\s+)?(?:[\p{Ll}-]+\s+){0,2}${PROFESSION}\b`,
      'u',
    ),
    (g) => f('employer', g.v, { future: false }),
  ],
  // "joined the council as in-house counsel", "joined the civil service as a policy adviser": a title taken at an
  // institution named by a common noun is a job, whatever the title (the lexicon cannot list every one); a role in a
  // group ("joined the choir as a tenor", "the running club as treasurer") is a membership, not a job.
  [
    new RegExp(String.raw`^\s+${ADV}(?:joined|has joined|is joining)\s+(?<v>(?:the|a|an)\s+(?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)\s+as\s+(?:an?\s+)?[\p{Ll}-]+`, 'u'),
    (g) => (membership(g.v, false) ? null : f('employer', g.v, { future: false })),
  ],
  // "I'm with Hooli now": an organisation, not a place or a person.
  // "is at a small startup called Loomly": the organisation named.
  [new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+${ADV}at\s+(?:an?\s+|the\s+)?(?:[\p{Ll}-]+\s+){0,3}?(?:${WORKPLACES})\s+(?:called|named)\s+${CAP}`, 'u'), (g) => f('employer', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:is|are)\s+${ADV}with\s+${CAP}(?=\s+now\b|\s*[.!]?$)`, 'u'), (g) => (isPlaceName(g.v!) || isKnownName(g.v!.split(/\s+/)[0]!) ? null : f('employer', g.v))],
  [new RegExp(String.raw`^\s+${ADV}(?:accepted|took|has accepted)\s+(?:an?\s+|the\s+)?(?:job\s+)?offer\s+(?:from|at|with)\s+${CAP}`, 'u'), (g) => f('employer', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:has been|is)\s+(?:working\s+)?at\s+${CAP}(?=\s+(?:for\s+(?:\w+\s+)?(?:years?|months?)|since|as\s))`, 'u'), (g) => f('employer', g.v)],
  [
    new RegExp(String.raw`^\s+${ADV}(?:will start|is starting|is going to start|will join|is going to join)\s+(?:working\s+|a\s+(?:new\s+)?job\s+)?(?:at|with|for)?\s*${CAP}`, 'u'),
    (g) => f('employer', g.v, { future: true }),
  ],
  // "drives buses for Arriva", "does payroll at Siemens", "writes code for Spotify": the work done, for a named employer.
  [
    new RegExp(String.raw`^\s+${ADV}(?:drives|does|writes|builds|designs|sells|codes|cooks|cleans|delivers|fixes|repairs|handles|answers|flies|installs|edits|tests)\s+(?:[\p{Ll}-]+\s+){1,2}(?:for|at)\s+${CAP}`, 'u'),
    (g) => (isPlaceName(g.v!) ? null : f('employer', g.v)),
  ],
  // "quit last week", "got laid off on Tuesday", "handed in her notice", "lost his job": the job ends, wherever it was.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:quit|has quit|resigned|has resigned|got laid off|was laid off|has been laid off|got made redundant|was made redundant|got fired|was fired|got let go|was let go|lost (?:the user's|her|his|their) job|(?:handed|turned|put) in (?:the user's|her|his|their) (?:notice|resignation)|gave (?:the user's|her|his|their )?notice)(?=\s*$|[\s,.;!]+(?!(?:smoking|vaping|drinking|the|a|an|my|her|his|their|playing|doing|eating|from|at|with|to|as)\b)(?!\p{Lu}))`,
      'u',
    ),
    () => f('employer', null, { ended: true }),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:left|quit|has left|has quit|is leaving|resigned from|retired from|parted ways with|has parted ways with|walked away from|walked out of|walked out on|has walked out of|stepped down from|moved on from|is no longer with|is no longer at|is no longer working at|no longer works at|no longer works for|was laid off from|got laid off from|got fired from|was fired from|stopped working at|stopped working for)\s+(?<job>(?:the user's|her|his|their|the|a|\p{Lu}[\p{L}'-]*'s)\s+(?:job|position|role|company)\s*(?:at|with)?\s*)?(?<v>.*)`,
      'u',
    ),
    (g) => (g.job && !/^\p{Lu}/u.test(g.v ?? '') ? f('employer', null, { ended: true }) : ended(g.v)),
  ],
  // "is not at Google anymore", "isn't with Acme any more": the employer ended.
  [new RegExp(String.raw`^\s+${ADV}(?:is\s+not|isn't|is\s+no\s+longer|is\s+not\s+working|isn't\s+working)\s+(?:at|with|for)\s+${CAP}\s+any\s?more\b`, 'u'), (g) => f('employer', g.v, { ended: true })],
  [
    new RegExp(String.raw`^\s+${ADV}(?:works?|is working|started working|has worked)\s+(?:(?:remotely|full-time|part-time|full time|part time|freelance|remote|there)\s+)?as\s+(?:an?\s+)?(?<v>.+)`, 'iu'),
    (g) => f('role', g.v),
  ],
  // "has switched to working as a school nurse", "moved over to being a PM": a new role.
  [new RegExp(String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:switched|moved|changed|gone|went|transitioned)\s+(?:over\s+)?(?:in)?to\s+(?:working\s+as|being)\s+(?:an?\s+)?(?<v>.+)`, 'iu'), (g) => f('role', g.v)],
  // "took the assistant principal position", "ended up accepting the head chef job": the role taken.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:took|has taken|accepted|has accepted|got|landed|ended up taking|ended up accepting|ended up getting|started in)\s+(?:the|a|an|her|his|their|the user's)\s+(?:new\s+)?${ROLE}\s+(?:position|job|role|post|gig)\b`,
      'iu',
    ),
    (g) => f('role', g.v),
  ],
  // "is at Costco now", "Dana's at EY these days": a named organisation said to be where the subject is now.
  [
    new RegExp(String.raw`^(?:'s|\s+is|\s+are)\s+${ADV}at\s+${CAP}(?=\s+(?:now|these\s+days|nowadays)\b)`, 'u'),
    (g, rest) => {
      if (isPlaceName(g.v!) || isKnownName(g.v!.split(/\s+/)[0]!) || /^the\s/i.test(g.v!)) return null;
      // "We're at Central Station now": where a group is this minute, unless the name is a company's.
      const after = rest.slice(rest.indexOf(g.v!) + g.v!.length);
      if (/^\s+are\b/.test(rest) && /^\s+now\b/.test(after) && !isOrganisationShaped(g.v!)) return f('location', g.v);
      return f('employer', g.v);
    },
  ],
  // "handed in her notice at Uber", "gave notice at the bank": the employer ends.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:handed\s+in|has\s+handed\s+in|gave|has\s+given|put\s+in|turned\s+in)\s+(?:the user's|her|his|their|\p{Lu}[\p{L}'-]*'s|a|the)?\s*(?:two\s+weeks'?\s+)?(?:notice|resignation)\s+(?:at|to|with)\s+${CAP}`,
      'u',
    ),
    (g) => f('employer', g.v, { ended: true }),
  ],
  // "retired last year": no employer any more (retiring "from X" ends X, above).
  [new RegExp(String.raw`^\s+${ADV}(?:has\s+|have\s+|just\s+)?retired\b(?!\s+from\b)`, 'iu'), () => f('employer', 'retired')],
  // "teaches chemistry at Westfield High": a teacher of the subject (the school is the employer).
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:teaches|has taught for \w+ years?)\s+(?!(?:me|us|him|her|them|you|people|others|it|that|this|how|what|kids how)\b)(?<v>[\p{L}-]+(?:\s+(?!(?:at|in|for|to|on|with|every|online|part|full)\b)[\p{L}-]+)?)`,
      'iu',
    ),
    (g) => f('role', `${g.v} teacher`),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:is|became|has become|is becoming|got promoted to|was promoted to|has been promoted to|(?:got |was |has been )?(?:bumped|moved|stepped) up to|got bumped to|is now|started as|began as|has begun as|works as|stepped up as|stepped into the role of|took over as|was named|has been named|got named|was appointed(?:\s+as)?|has been appointed(?:\s+as)?|got appointed(?:\s+as)?|was made|has been made|got made)\s+${ADV}(?:not\s+)?(?:an?\s+|the\s+)?${ROLE}`,
      'iu',
    ),
    (g) => f('role', g.v),
  ],
  // "Dan's a sergeant with Chicago PD": "'s" before an article is "is", never a possessive.
  [new RegExp(String.raw`^'s\s+${ADV}(?:an?\s+)${ROLE}`, 'iu'), (g) => f('role', g.v)],
  // "Mark Otieno promoted to head of procurement": a note's headline leaves out "was".
  [new RegExp(String.raw`^\s+${ADV}(?:promoted|appointed|named)\s+(?:to\s+|as\s+)(?:an?\s+|the\s+)?${ROLE}`, 'iu'), (g) => f('role', g.v)],
  [/^'s\s+(?:(?:new|current|official|actual)\s+)?(?:job\s+title|job|title|profession|role|occupation|position)\s+is\s+(?:now\s+)?(?:an?\s+)?(?<v>.+)/iu, (g) => f('role', g.v)],
  // "made partner", "made full professor", "made senior engineer": a promotion to the title.
  [new RegExp(String.raw`^\s+${ADV}(?:made|has made|was made)\s+(?<v>(?:(?:full|senior|principal|staff|chief|head)\s+)?(?:partner|${PROFESSION}(?:\s+${PROFESSION})*))\b`, 'iu'), (g) => f('role', g.v)],
  // "'s manager is Tom", "now reports to Sofia", "reports directly to the CFO now".
  [
    new RegExp(String.raw`^'s\s+(?:new\s+)?(?:manager|boss|supervisor|line manager)\s+is\s+(?:now\s+)?(?<v>.+)|^\s+${ADV}(?:reports|is reporting)\s+(?:directly\s+)?to\s+(?<v2>.+)`, 'iu'),
    (g) => f('manager', g.v ?? g.v2),
  ],
  // Education.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:studies|is studying|majors in|is majoring in|is doing an?\s+(?:degree|phd|ph\.d\.|masters?|master's|bachelor's|ba|bsc|msc|mba)\s+in|is getting an?\s+(?:degree|masters?|master's|phd)\s+in)\s+${V}`,
      'iu',
    ),
    (g) => f('education', g.v),
  ],
  // "started uni in Durham", "has started college at Leeds Arts": where the subject studies from now on.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+)?(?:started|starts|is starting|began)\s+(?:uni|university|college|sixth form|secondary school|primary school|school|nursery|a phd|an mba|a masters?|a master's|a degree)\s+(?:in|at)\s+${CAP}`,
      'u',
    ),
    (g) => f('education', g.v),
  ],
  // "has been at Lidl 3 years now", "has been with Aviva since 2019": an organisation the subject has been at for a
  // while is where they work.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:has|have)\s+been\s+(?:at|with)\s+${CAP}(?=\s+(?:for\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|many|several|a few)\s+(?:years?|yrs?|months?)\b|\s+since\s+(?:\d{4}|January|February|March|April|May|June|July|August|September|October|November|December)\b)`,
      'u',
    ),
    (g) => (isPlaceName(g.v!) || isKnownName(g.v!.split(/\s+/)[0]!) || /^the\s/i.test(g.v!) ? null : f('employer', g.v)),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:goes to|attends|is attending|is enrolled at|is enrolled in|is a student at|graduated from|is studying at)\s+${V}`, 'iu'), (g) => f('education', g.v)],
];
