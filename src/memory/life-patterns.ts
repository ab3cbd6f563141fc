import {
  ADV,
  ALLERGENS,
  CAP,
  DIETS,
  DOSE,
  DRUG_SUFFIX,
  f,
  GROUP_OF,
  HEALTH,
  INSTRUMENTS,
  k,
  LANGUAGES,
  NEG,
  PARTNER_WORDS,
  PET_WORDS,
  PRODUCT,
  RECURRING,
  RELATIVE_WORDS,
  V,
  VEHICLE,
  type Build,
} from './attribute-words.js';
import { CHANNEL } from './contact-preferences.js';
import { SERVICE, serviceSlot } from './service-accounts.js';
import { activity, family, knownProduct, membership, opinion, petKind, SLOT_DATE, SLOT_NOT, tool } from './facet-builders.js';

/** "'s gym is PureGym", "'s choir is the Bach Choir": the membership of that kind of group, or null. */
function groupSlot(slot: string, value: string) {
  // Only groups one goes to; "my team", "my union", "my board" are as often work as leisure.
  const group = /^(?:gym|club|choir|chorus|band|orchestra|church|dojo)$/.test(slot) ? membership(slot, false) : null;
  return group ? { ...group, value: value.trim() } : null;
}

/** Relationships, pets, vehicles, food and health, contact, tools, memberships, habits, preferences, plans, slots and counts. */
export const LIFE_PATTERNS: [RegExp | RegExp[], Build][] = [
  // Relationships.
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:is|got|just got)\s+(?:married|engaged)\s+to\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}is\s+(?:dating|seeing|in a relationship with)\s+${V}`, 'iu'),
      // "has started dating a guy called Omar", "got together with Noor": a new partner.
      new RegExp(String.raw`^\s+${ADV}(?:(?:has|have)\s+)?(?:started|begun|began|been)\s+(?:dating|seeing|going out with)\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}(?:is going out with|got together with|(?:has|have) got together with)\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}married\s+${CAP}`, 'u'),
    ],
    (g) => f('partner', g.v),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:broke up with|split up with|divorced|separated from|is divorcing)\s+${V}`, 'iu'), (g) => f('partner', g.v, { ended: true })],
  [new RegExp(String.raw`^'s\s+(?:new\s+|current\s+)?(?:${PARTNER_WORDS})(?:'s\s+name)?\s+(?:is\s+)?(?:named\s+|called\s+)?${CAP}`, 'u'), (g) => f('partner', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:is|got|has gotten|just got)\s+(?<v>single|married|divorced|engaged|separated|widowed)\b(?!\s+to)`, 'iu'), (g) => f('relationship', g.v)],
  [new RegExp(String.raw`^'s\s+(?<r>${RELATIVE_WORDS})(?:'s\s+name\s+is|\s+is\s+(?:called|named)|\s+goes\s+by|\s+is)\s+(?<v>\p{Lu}[\p{L}'-]*)\s*[.!]?$`, 'u'), (g) => family(g.r!, g.v)],
  [
    new RegExp(String.raw`^\s+${ADV}has\s+(?:an?|one|two|three|\d)\s+(?:(?:older|younger|little|big|twin|baby)\s+)?(?<r>sister|brother|son|daughter|cousin)s?\s+(?:named|called)\s+(?<v>\p{Lu}[\p{L}'-]*)`, 'u'),
    (g) => family(g.r!, g.v),
  ],
  [/^\s+(?:has|have)\s+(?<v>\w+)\s+(?:kids|children|sons|daughters|grandchildren)\b/i, (g) => f('children', g.v)],
  // Pets.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:has got|have got|has|have|adopted|got|rescued|just got|just adopted)\s+an?\s+(?:new\s+)?(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})(?:\s+(?:named|called)\s+|\s*,\s*(?=\p{Lu}[\p{L}'-]*\s*(?:[.!]|$)))(?<v>\p{Lu}[\p{L}'-]*)`,
      'u',
    ),
    (g) => k('pet', petKind(g.r!), g.v),
  ],
  [new RegExp(String.raw`^'s\s+(?:[\p{L}-]+\s+)?(?<r>${PET_WORDS})(?:'s\s+name\s+is|\s+is\s+(?:called|named))\s+(?<v>\p{Lu}[\p{L}'-]*)`, 'u'), (g) => k('pet', petKind(g.r!), g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:has got|have got|has|have|adopted|got|rescued)\s+an?\s+(?:new\s+)?(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})\b`, 'iu'), (g) => k('pet', petKind(g.r!), null)],
  [new RegExp(String.raw`^\s+${ADV}(?:don't|doesn't|do not|does not|no longer)\s+(?:have|own)\s+an?\s+(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})\b`, 'iu'), (g) => k('pet', petKind(g.r!), null)],
  // Vehicle.
  [
    new RegExp(String.raw`^\s+${ADV}(?:drives|owns|has got|have got|has bought|have bought|has|have|bought|got|just bought|leased|is driving|picked up|traded up to|upgraded to)\s+(?:an?\s+|the\s+)?${VEHICLE}`, 'iu'),
    (g) => f('vehicle', g.v),
  ],
  // "drives a grey Polo": whatever model, driving a capitalised name is driving a car.
  [
    /^\s+(?:(?:now|currently|still|just)\s+)?(?:drives|is driving|has been driving)\s+(?:an?\s+|the\s+)?(?<v>(?:(?:new|used|old|red|blue|black|white|silver|grey|gray|green|yellow|orange|electric|\d{4})\s+)*\p{Lu}[\p{L}\d-]*(?:\s+[\p{Lu}\d][\p{L}\d-]*)?)/u,
    (g) => f('vehicle', g.v),
  ],
  [new RegExp(String.raw`^'s\s+(?:car|vehicle|ride)\s+is\s+(?:an?\s+)?${V}`, 'iu'), (g) => f('vehicle', g.v)],
  // "my 2015 Golf keeps failing its MOT", "our Zafira broke down again": a named model with a car's trouble is the car.
  [
    /^'s\s+(?:old\s+|trusty\s+)?(?<v>(?:(?:19|20)\d\d\s+)?\p{Lu}[\p{L}\d-]*(?:\s+[\p{Lu}\d][\p{L}\d-]*)?)\s+(?:(?:keeps|kept|just|finally|has|had|is|was)\s+)*(?:broke down|breaking down|broken down|won't start|wouldn't start|in the garage|(?:failing|failed|needs|needed|went in for)\b.*?\b(?:MOT|service|garage|tyres?|tires?|brakes|clutch|gearbox|mechanic|engine))\b/u,
    (g) => f('vehicle', g.v),
  ],
  [
    new RegExp(String.raw`^\s+${ADV}(?:sold|has sold|is selling|got rid of|traded in|totaled|crashed)\s+(?:the user's\s+|\p{Lu}[\p{L}'-]*'s\s+|her\s+|his\s+|their\s+|the\s+|an?\s+)?(?:old\s+)?${VEHICLE}`, 'iu'),
    (g) => f('vehicle', g.v, { ended: true }),
  ],
  // Food and health.
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|are|has been|have been|became|went|has gone|have gone|is going|is now|are now|turned)\s+${ADV}(?:not\s+|no\s+longer\s+)?${ADV}(?:an?\s+|fully\s+)?(?<v>${DIETS})\b`, 'iu'),
    (g) => f('diet', g.v),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:is on|follows|started|switched to|is following|tries|eats)\s+(?:an?\s+)?(?<v>[\p{L}-]+(?:\s+[\p{L}-]+)?)\s+diet\b`, 'iu'), (g) => f('diet', g.v)],
  // "eats fish and eggs (these days)": what a diet allows, said as the whole predicate.
  // Not "still eats eggs" (a detail of a diet): two foods, "only", or a cue that it changed.
  [
    /^\s+(?<only>(?:now\s+|only\s+)*)eats?\s+(?<v>(?:fish|meat|eggs|dairy|seafood|chicken|poultry)(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)(?:fish|meat|eggs|dairy|seafood|chicken|poultry))*)(?<cue>\s+(?:again|now|these days|nowadays))?\s*[.!]?$/iu,
    (g) => (g.only || g.cue || /\s|,/.test(g.v!) ? f('diet', `eats ${g.v}`) : null),
  ],
  // "weighs 92 kg", "weighed in this morning at 86 kg", "is down to 80 kg".
  [/^\s+(?:(?:now|currently|just)\s+)?(?:weighs|weighed(?:\s+in)?|is down to|is up to|got down to)\b.{0,45}?(?<v>\d+(?:[.,]\d+)?\s?(?:kg|kgs|kilos?|lbs?|pounds|stone|st)\b)/iu, (g) => f('weight', g.v)],
  [/^'s\s+(?:current\s+|new\s+)?weight\s+is\s+(?:now\s+)?(?<v>\d+(?:[.,]\d+)?\s?(?:kg|kgs|kilos?|lbs?|pounds|stone|st)\b)/iu, (g) => f('weight', g.v)],
  // "eats fish again since the pregnancy", "went back to eating meat": "again" says the diet changed, whatever follows.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:(?:has\s+)?started|began|is|(?:has\s+)?gone back to|went back to)\s+eating|eats?)\s+(?<v>meat|fish|dairy|pork|beef|red meat|animal products|chicken|poultry|seafood|lamb|bacon|turkey)\s+again\b`,
      'iu',
    ),
    (g) => f('diet', `eats ${g.v}`),
  ],
  // "is back on a normal diet", "back on keto": a return to a diet is that diet.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|are|'s|'m|am|went|has gone|have gone|got)\s+(?:now\s+|finally\s+)?back\s+(?:on|to)\s+(?:a\s+|an\s+|the\s+|her\s+|his\s+|their\s+)?(?:(?<n>normal|regular|full|ordinary|standard|mixed)\s+diet\b|(?<v>${DIETS})\b)`,
      'iu',
    ),
    (g) => f('diet', g.v ?? `${g.n} diet`),
  ],
  // "eats everything", "will eat anything", "has no dietary restrictions": no diet is a diet a change replaces.
  [
    new RegExp(String.raw`^\s+${ADV}(?:(?:(?:is happy to|is glad to)\s+)?eats?\s+(?:everything|anything)\b|(?:has|have)\s+no\s+(?:dietary\s+(?:restrictions|requirements|needs)|special diet))`, 'iu'),
    () => f('diet', 'no restrictions'),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:stopped|quit|gave up)\s+eating\s+(?<v>meat|fish|dairy|gluten|sugar|eggs|pork|beef|red meat|animal products)`, 'iu'), (g) => f('diet', `no ${g.v}`)],
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|has been|became|is still)\s+${ADV}(?:not\s+)?${ADV}(?:severely\s+|very\s+|mildly\s+|a bit\s+|slightly\s+|deathly\s+|highly\s+)?allergic\s+to\s+(?<v>.+)`, 'iu'),
    (g) => k('allergy', g.v, 'allergic'),
  ],
  [/^\s+(?:has|developed)\s+an?\s+(?<v>[\p{L} ]{2,30}?)\s+allergy\b/iu, (g) => k('allergy', g.v, 'allergic')],
  // "reacts to codeine", "reacted badly to tramadol": a reaction to a drug or a common allergen is an allergy.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:reacts?|reacted|has reacted|gets a reaction|had a (?:bad\s+)?reaction|has a reaction)\s+(?:(?:really\s+)?(?:badly|severely|strongly)\s+)?to\s+(?<v>${DRUG_SUFFIX}|${ALLERGENS})\b`,
      'iu',
    ),
    (g) => k('allergy', g.v, 'allergic'),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?<how>takes|is taking|started taking|stopped taking|is on|was prescribed|is prescribed|takes a daily|quit taking|no longer takes|tapered off|weaned off|came off|got off)\s+(?:a\s+|the\s+|(?:her|his|their|the user's)\s+)?(?<dose>${DOSE}\s+(?:of\s+)?)?(?<v>${DRUG_SUFFIX})\b(?<dose2>\s+${DOSE})?`,
      'iu',
    ),
    (g) =>
      k(
        'medication',
        g.v,
        [g.dose, g.dose2]
          .filter(Boolean)
          .join(' ')
          .replace(/\s+of\s*$/, '') || 'taking',
        { ended: /stopped|quit|no longer|off/i.test(g.how ?? '') },
      ),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:has|was diagnosed with|has been diagnosed with|suffers from|is recovering from|broke)\s+(?<v>${HEALTH})\b`, 'iu'), (g) => k('health', g.v, g.v)],
  [/^\s+(?:is|got)\s+(?<v>pregnant)\b/iu, (g) => k('health', 'pregnancy', g.v)],
  // Contact, languages, identity.
  // "prefers to be contacted by email", "now only wants WhatsApp messages", "prefers calls before 10am": the channel a
  // person wants, one preference a later one replaces (contact-preferences.ts says the other shapes this way).
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:prefers|would rather|(?:only\s+)?wants|likes)\s+(?:to\s+be\s+(?:contacted|reached)\s+(?:by|via|on|over|through)\s+)?|only\s+answers\s+|is\s+(?:best|easiest)\s+(?:reached|contacted)\s+(?:by|via|on|over)\s+)(?:an?\s+)?(?<v>${CHANNEL})(?![\p{L}])`,
      'iu',
    ),
    (g) => k('contact', 'preference', g.v),
  ],
  [/^'s\s+(?:time\s*zone|tz)\s+is\s+(?:now\s+)?(?<v>.+)|^\s+(?:is|lives|works)\s+in\s+(?:the\s+)?(?<v2>[A-Z]{2,5}|UTC[+-]\d{1,2}|GMT[+-]\d{1,2}|[\p{L} ]+ time)\s+time\s*zone/u, (g) => f('timezone', g.v ?? g.v2)],
  // "My phone is a Pixel 6": a device, not a number.
  [
    new RegExp(String.raw`^'s\s+(?:(?:new|current)\s+)?(?<r>phone|laptop|computer|tablet|watch|browser|editor|music app|bank)\s+(?:is|has been)\s*,?\s+(?:now\s+)?(?:an?\s+|the\s+)?(?<v>[\p{L}][\p{L}\d+ .-]*)`, 'iu'),
    (g) => k('tool', g.r === 'laptop' ? 'computer' : g.r!.replace(/ app$/, ''), g.v),
  ],
  [
    /^'s\s+(?:(?:new|current|latest|updated)\s+)?(?<r>e-?mail(?:\s+address)?|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|number|address|(?:home|office|work|postal|mailing)\s+address)\s+is\s+(?<v>.+)/iu,
    (g) => k('contact', /mail/i.test(g.r!) ? 'email' : /address/i.test(g.r!) ? 'address' : 'phone', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:speaks?|is learning|learns|is fluent in|is studying|studies|is a native|started learning|began learning|has been learning|has started learning|is taking|takes|is practi[sc]ing)\s+(?:fluent\s+|some\s+|a little\s+|basic\s+)?(?<v>${LANGUAGES})\b`,
      'iu',
    ),
    (g) => k('language', g.v, g.v),
  ],
  // "is taking an evening course in Italian", "signed up for a beginners' class in Welsh": a language being learnt.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is taking|takes|is doing|does|started|has started|began|signed up for|enrolled in|is enrolled in)\s+(?:an?\s+|the\s+)?(?:[\p{L}'-]+\s+){0,2}?(?:course|class|classes|lessons)\s+in\s+(?<v>${LANGUAGES})\b`,
      'iu',
    ),
    (g) => k('language', g.v, g.v),
  ],
  [/^\s+(?:is|turned|just turned|has turned)\s+(?<v>\d{1,3})(?:\s+years?\s+old)?\s*(?:[.,!;]|$)/i, (g) => f('age', g.v)],
  // Numbers that change: pay and rent.
  [/^'s\s+(?:current\s+|new\s+|base\s+|annual\s+|monthly\s+)?(?:salary|pay|income|wage)\s+is\s+(?:now\s+)?(?<v>.+)/iu, (g) => f('income', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:makes|earns|is making|is earning|is paid|gets paid|is on|is at)\s+(?:now\s+)?(?<v>[$£€]\s?\d[\d,.]*\s?k?\b.*)`, 'iu'), (g) => f('income', g.v)],
  [/^'s\s+(?:(?:new|current|monthly)\s+){0,2}rent\s+(?:on\s+.+?\s+|for\s+.+?\s+)?is\s+(?:now\s+)?(?<v>.+)/iu, (g) => f('rent', g.v)],
  // "I pay 700 a month rent", "we pay £1,200 in rent": what the subject pays for their home.
  [
    /^\s+(?:(?:now|currently|still|only|just)\s+)?(?:pays?|is paying|are paying)\s+(?:the full\s+|just\s+|about\s+|around\s+)?(?<v>[$£€]?\s?\d[\d,.]*\s?k?(?:\s+(?:a|per|every)\s+(?:month|week|year))?)\s+(?:in\s+|for\s+)?(?:the\s+)?rent\b/iu,
    (g) => f('rent', g.v),
  ],
  // "my salary went up to £52,000", "the rent goes up to 1,320 a month from April": the amount it changed to.
  [
    /^'s\s+(?:current\s+|base\s+|annual\s+|monthly\s+)?(?<what>salary|pay|income|wage|rent)\s+(?:(?:has|had|is|was|will)\s+)?(?:just\s+|finally\s+|now\s+)?(?:went|goes|gone|going|go|got bumped|bumped|been bumped|raised|been raised|jumped|rose|risen|rising|increased|increases|dropped|fell|fallen|cut|went back)\s+(?:up\s+|down\s+)?to\s+(?<v>[$£€]?\s?\d.*)/iu,
    (g) => f(/rent/i.test(g.what!) ? 'rent' : 'income', g.v),
  ],
  [/^'s\s+birthday\s+is\s+(?:on\s+)?(?<v>.+)|^\s+was\s+born\s+on\s+(?<v2>.+)/iu, (g) => f('birthday', g.v ?? g.v2)],
  [/^'s\s+(?:(?:full|real|first|last|legal)\s+)?(?:name|nickname)\s+is\s+(?<v>.+)|^\s+(?:goes by|is called|is named)\s+(?<v2>\p{Lu}.+)/u, (g) => f('name', g.v ?? g.v2)],
  // Tools, services and devices, keyed by kind: switching to another of the same kind replaces it. "using my old iPhone 8"
  // is the phone too, so the next phone replaces it.
  [
    new RegExp(
      String.raw`^${GROUP_OF}${ADV}${NEG}(?:uses?|is using|are using|has been using|have been using|relies on|rely on|pays for|subscribes to)\s+(?:(?:the user's|her|his|their|our|\p{Lu}[\p{L}'-]*'s)\s+|an?\s+|the\s+)?(?:(?:old|new|spare|trusty|backup)\s+)?${PRODUCT}`,
      'iu',
    ),
    (g, rest) => tool(g.v, rest),
  ],
  [
    new RegExp(String.raw`^${GROUP_OF}${ADV}(?:has\s+|have\s+)?(?:switched|moved|migrated|changed|converted|went)\s+(?:over\s+)?(?:from\s+(?<old>.+?)\s+)?to\s+(?:an?\s+|the\s+)?${PRODUCT}`, 'iu'),
    (g, rest) => tool(g.v, rest, g.old),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:replaced|swapped|traded(?:\s+in)?|upgraded)\s+(?:(?:the user's|her|his|their|our|the|an?|\p{Lu}[\p{L}'-]*'s)\s+)?(?:old\s+)?(?<old>.+?)\s+(?:with|for|to)\s+(?:an?\s+|the\s+)?(?:new\s+)?${PRODUCT}`,
      'iu',
    ),
    (g, rest) => tool(g.v, rest, g.old, false, true),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:has|have|owns|got|bought|just got|just bought)\s+(?:an?\s+|the\s+)?(?:new\s+)?${PRODUCT}`, 'iu'), (g) => tool(g.v, '', undefined, true)],
  [new RegExp(String.raw`^\s+${ADV}(?:is|are|has been|have been|works)\s+${ADV}on\s+(?:an?\s+|the\s+)?${PRODUCT}`, 'iu'), (g) => tool(g.v, '', undefined, true)],
  [
    new RegExp(String.raw`^\s+${ADV}(?:listens?\s+to|streams?|watches|watch|reads?|plays?|tracks?|logs?|writes?)\s+(?:[\p{L}'-]+\s+){1,5}?(?:on|in|with|through)\s+${PRODUCT}`, 'iu'),
    (g) => tool(g.v, '', undefined, true),
  ],
  // "signed up for Disney+ instead", "subscribed to Spotify": a known service taken up, of its kind.
  [
    new RegExp(String.raw`^${GROUP_OF}${ADV}(?:has\s+|have\s+)?(?:signed up (?:for|to|with)|subscribed to|took out|got)\s+(?:an?\s+|the\s+)?${PRODUCT}`, 'iu'),
    (g, rest) => (knownProduct(g.v) ? tool(knownProduct(g.v)!, rest, undefined, true) : null),
  ],
  // Memberships, keyed by the kind of group.
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|are|became|has become|has been)\s+(?:an?\s+)?(?:(?:paying|proud|founding|new|active|longtime|long-time)\s+)?member\s+(?:of|at)\s+(?<v>.+)`, 'iu'),
    (g) => membership(g.v, true),
  ],
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:belongs? to|joined|has joined|signed up (?:at|with|for)|sings? in|sang in|plays? in|plays? with|dances? in|is in|rows? for|plays? for|goes to|trains at)\s+(?<v>.+)`, 'iu'),
    (g) => membership(g.v, false),
  ],
  // Smoking and similar habits: quitting ends them.
  [new RegExp(String.raw`^\s+${ADV}${NEG}(?<v>smokes?|vapes?|smoke|vape|is a (?:heavy |light |social |chain |former )?(?:smoker|vaper))\b`, 'iu'), (g) => k('schedule', /vap/i.test(g.v!) ? 'vaping' : 'smoking', g.v)],
  [
    new RegExp(String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:quit|stopped|gave up|given up|kicked)\s+(?:the\s+)?(?<v>smoking|vaping|cigarettes|the habit)\b`, 'iu'),
    (g) => k('schedule', /vap/i.test(g.v!) ? 'vaping' : 'smoking', null, { ended: true }),
  ],
  // "stopped playing tennis", "gave up running", "doesn't play tennis any more": the habit ends.
  [new RegExp(String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:stopped|quit|gave up|given up|dropped)\s+(?:playing\s+|doing\s+)?(?<v>[a-z]+)\b`, 'i'), (g) => activity(g.v, { ended: true })],
  [new RegExp(String.raw`^\s+${ADV}(?:doesn't|does not|don't|do not|no longer)\s+(?:play|do)\s+(?<v>[a-z]+)\b`, 'i'), (g) => activity(g.v, { negated: true })],
  // Work that is no employer: freelancing, self-employed, between jobs.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|are|has been|went|has gone|is now)\s+${ADV}(?<v>freelancing|freelance|self-employed|working freelance|working for (?:herself|himself|themselves|myself)|unemployed|between jobs|out of work|job hunting|looking for (?:a\s+)?(?:new\s+)?(?:job|work)|retired)\b`,
      'iu',
    ),
    (g) => f('employer', g.v),
  ],
  // Instruments and sports played: a habit; "doesn't play the cello any more" denies it.
  [new RegExp(String.raw`^\s+${ADV}${NEG}(?:plays?|practices|practises|is learning|learns?)\s+(?:the\s+)?(?<v>${INSTRUMENTS})\b`, 'iu'), (g) => k('schedule', g.v, 'plays')],
  // Intolerances: like an allergy, per substance.
  [new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|has been|became)\s+${ADV}(?:not\s+)?(?<v>lactose|gluten|fructose|histamine|dairy|caffeine|alcohol)[ -]intolerant\b`, 'iu'), (g) => k('allergy', g.v, 'intolerant')],
  // "has become a total coffee person", "is a huge tea lover": likes it.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|has become|became|is now|has turned into)\s+${ADV}(?:an?\s+)?(?:(?:total|huge|big|real|complete|true|massive|serious|proper)\s+)?(?<v>[\p{L}-]+)\s+(?:person|lover|fan|addict|snob|drinker|nerd|geek|fanatic|enthusiast)\b(?!\s+of\b)`,
      'iu',
    ),
    (g) => k('opinion', g.v, 'likes'),
  ],
  // Preferences.
  [/^'s\s+(?:favou?rite|fave)\s+(?<r>[\p{L} ]{1,30}?)\s+(?:is|are)\s+(?<v>.+)/iu, (g) => k('favorite', g.r, g.v)],
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?<how>likes?|loves?|enjoys?|adores?|hates?|dislikes?|detests?|prefers?|can't stand|cannot stand|doesn't mind|is into|is not into|isn't into|is a (?:big |huge )?fan of|is not a fan of|isn't a fan of|is passionate about|is obsessed with|is crazy about|is keen on|is tired of|is sick of|is afraid of|is scared of|fears)\s+(?<v>.+)`,
      'iu',
    ),
    (g, rest) => opinion(g.how!, g.v, rest),
  ],
  // Plans, projects, habits.
  [/^'s\s+(?:goal|plan|dream|resolution)\s+is\s+to\s+(?<v>.+)/iu, (g) => k('goal', g.v, g.v, { future: true })],
  [new RegExp(String.raw`^\s+${ADV}(?:plans|is planning|wants|hopes|intends|aims|is hoping|would like|dreams|is saving up|is saving)\s+(?:to|for)\s+(?<v>.+)`, 'iu'), (g) => k('goal', g.v, g.v, { future: true })],
  [new RegExp(String.raw`^\s+${ADV}(?:is working on|is building|is writing|is developing|is making|works on)\s+(?<v>(?:an?|the|\p{Lu}[\p{L}'-]*'s|her|his|their)\s+.+|\p{Lu}.+)`, 'u'), (g) => k('project', g.v, g.v)],
  // "manages a team of 6 engineers" → "now manages a team of 9": the team's size is the value that changes.
  [
    new RegExp(String.raw`^\s+${ADV}(?:leads|runs|heads|manages|is leading|is managing|has)\s+a\s+team\s+of\s+(?<v>\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\b`, 'iu'),
    (g) => k('lead', 'team', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:leads|runs|heads|manages|is leading|is in charge of)\s+(?<v>(?:the\s+)?[\p{L}\d' -]+?\s+(?:project|team|initiative|launch|program|programme|migration|redesign)|\p{Lu}[\p{L}\d-]*(?:\s+\p{Lu}[\p{L}\d-]*)*)`,
      'u',
    ),
    (g) => k('lead', g.v, 'lead'),
  ],
  [/^'s\s+(?:deadline|due date)\s+(?:for\s+(?<r>.+?)\s+)?is\s+(?<v>.+)|^\s+(?:is|are)\s+due\s+(?:on\s+|by\s+)?(?<v2>.+)/iu, (g) => k('deadline', g.r ?? null, g.v ?? g.v2)],
  [/^'s\s+budget\s+(?:for\s+(?<r>.+?)\s+)?is\s+(?<v>.+)/iu, (g) => k('budget', g.r ?? null, g.v)],
  // "became matron at St Thomas'", "was made head of sales at Acme": a change to a title the catalogue has no word for,
  // said with the organisation it is held at.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:became|has become|was promoted to|got promoted to|has been promoted to|took over as|was appointed(?:\s+as)?|has been appointed(?:\s+as)?|was made|was named)\s+(?:an?\s+|the\s+)?(?<v>[\p{Ll}-]+(?:\s+(?:of\s+)?[\p{Ll}-]+){0,3})\s+(?:at|for)\s+(?:the\s+)?\p{Lu}`,
      'u',
    ),
    (g) => (/\b(?:friends?|pals?|mates?|members?|engaged|pregnant|ill|sick|part|one|aware|interested)$/.test(g.v!) ? null : f('role', g.v)),
  ],
  // "'s GP is Dr. Hassan", "'s running coach is Dave Hughes", "'s car insurance is with Admiral": a slot of the subject
  // the catalogue has no id for, holding a name or a number. Keyed by the slot, so a later name for it replaces the
  // first ("'s GP is Dr. Hansen"). Relatives, pets and one-off bookings (a flight, a hotel) are not such slots.
  [
    new RegExp(
      String.raw`^'s\s+(?:(?:new|current|usual|regular)\s+)?(?<r>(?:[\p{Ll}-]+\s+){0,2}(?:[\p{Ll}-]{2,}|\p{Lu}{2,4}))\s+(?:is|are)\s+(?:now\s+|still\s+)?(?:with\s+)?(?:Dr\.?\s+)?(?<v>(?:number\s+)?[\p{Lu}\d][^,;!?]*)`,
      'u',
    ),
    // "my gym is PureGym": a group's slot is the membership "joined X gym" files, so the two replace each other.
    (g) => (SLOT_NOT.test(g.r!) || SLOT_DATE.test(g.v!) ? null : (groupSlot(g.r!, g.v!) ?? k('field', serviceSlot(g.r!), g.v))),
  ],
  // "moved my current account over to Starling", "switched our broadband to Sky", "I bank with Barclays", "I'm on EE
  // for my phone": the provider of a service, in the same slot as "my bank is ..." (service-accounts.ts).
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:switched|moved|changed|transferred|took)\s+(?:(?:my|our|his|her|their)\s+|(?:the\s+)?(?:[\p{L}-]+(?:'s|’s)\s+){1,2})?(?<r>${SERVICE})s?\s+(?:over\s+|across\s+)?(?:from\s+\p{Lu}[\p{L}\d&'’+-]*(?:\s+\p{Lu}[\p{L}\d&'’+-]*)*\s+)?to\s+(?<v>\p{Lu}[\p{L}\d&'’+-]*(?:\s+\p{Lu}[\p{L}\d&'’+-]*)*)`,
      'iu',
    ),
    (g) => k('field', serviceSlot(g.r!), g.v),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:banks?|is banking|has banked|has been banking)\s+with\s+(?<v>\p{Lu}[\p{L}\d&'’+-]*(?:\s+\p{Lu}[\p{L}\d&'’+-]*)*)`, 'u'), (g) => k('field', 'bank', g.v)],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:is|are|'s|'m|'re)\s+(?:now\s+)?(?:on|with)\s+(?<v>\p{Lu}[\p{L}\d&'’+-]*(?:\s+\p{Lu}[\p{L}\d&'’+-]*)*)\s+(?:now\s+)?for\s+(?:(?:my|our|his|her|their)\s+|(?:the\s+)?(?:[\p{L}-]+(?:'s|’s)\s+){1,2})?(?<r>${SERVICE})s?\b`,
      'u',
    ),
    (g) => k('field', serviceSlot(g.r!), g.v),
  ],
  // "'s bin collection is on Thursday", "'s piano lesson is on Saturday mornings", "'s standup is every Monday": a
  // recurring slot of the subject held as a weekday (temporal-expressions.ts keeps such weekdays), keyed by what recurs,
  // so a corrected or moved day ("it's Tuesday not Thursday") replaces it. Bookings and dates are no such slots.
  [
    new RegExp(
      String.raw`^'s\s+(?:(?:new|current|usual|regular|weekly|fortnightly)\s+)?(?<r>(?:[\p{Ll}-]+\s+){0,2}[\p{Ll}-]{2,})\s+(?:is|are|meets|happens|runs)\s+(?:now\s+|still\s+|always\s+)?(?:on\s+)?(?:every\s+(?:other\s+|second\s+|third\s+|alternate\s+)?|the\s+(?:first|second|third|fourth|last)\s+)?(?<v>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b[^,;!?.]*)`,
      'u',
    ),
    (g) => (SLOT_NOT.test(g.r!) || /\b(?:birthday|anniversary|wedding|deadline|funeral|graduation|holiday|surgery|operation|day off|last day|first day)$/i.test(g.r!) ? null : k('field', g.r, g.v)),
  ],
  // "leads 4 engineers", "now leads 5 engineers": a count of something, current until it changes.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:has\s+|have\s+)?(?:been\s+)?(?<verb>[a-z]{3,})\s+(?:about\s+|around\s+|over\s+|nearly\s+|almost\s+|exactly\s+)?(?<v>\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:new\s+|more\s+|different\s+)?(?<what>[a-z]{3,})\b`,
      'i',
    ),
    (g, rest) =>
      /^(?:is|was|are|were|has|had|did|does|will|turned|visited|went|spent|took|ran|read|saw|met|won|lost|made|got|bought|sold)$/.test(g.verb!) || RECURRING.test(rest) ? null : k('count', `${g.what} ${g.verb}`, g.v),
  ],
];
