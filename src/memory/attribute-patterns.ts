import { objectKey } from './attributes.js';
import { isKnownName, isPlaceName } from './lexicon.js';
import { toolCategory } from './tools.js';

/**
 * What follows a fact's subject, matched to the attribute catalogue (attributes.ts): "lives in Paris" → residence
 * "Paris", "is allergic to peanuts" → allergy:peanut, "works as a designer at Figma" → role "designer" and employer
 * "Figma". Each pattern reads the predicate right after the subject (`rest`, starting with a space or "'s").
 */
export interface Facet {
  /** Catalogue id. */
  id: string;
  /** The object of a keyed attribute ("peanuts"); null for single-valued ones. */
  object: string | null;
  /** The value stated ("Paris", "senior product designer"), as written; null when the fact only ends one. */
  value: string | null;
  /** "is not allergic", "no longer lives": the fact denies the value. */
  negated: boolean;
  /** "left Figma", "sold the Honda", "stopped taking": the value stops holding, nothing replaces it yet. */
  ended: boolean;
  /** A plan or announced change ("is moving to", "will start at"): not yet the current value. */
  future: boolean;
  /** The predicate of this facet alone, when a clause states several ("works at Figma" of "works as a nurse at Figma"). */
  predicate?: string;
  /** "replaced my Pixel with an iPhone": the fact is stated as the new value alone (the old one is the parent version). */
  replaced?: boolean;
}

type Groups = Record<string, string | undefined>;
type Build = (g: Groups, rest: string) => (Omit<Facet, 'negated' | 'ended' | 'future'> & Partial<Pick<Facet, 'negated' | 'ended' | 'future'>>) | null;

export const ADV = String.raw`(?:(?:now|currently|still|also|just|recently|finally|really|absolutely|totally|truly|actually|officially|since|mostly|mainly|pretty|super|so|quite|very|especially|particularly|kind of|sort of|already|even|both|definitely|honestly|happily|proudly|newly|only|always)\s+)*`;
const NEG = String.raw`(?:(?:does|do|is|are|has|have|was)(?:n't|\s+not)\s+|no\s+longer\s+|not\s+|never\s+)?`;
const V = String.raw`(?<v>.+)`;
// Names of organisations and places start with a capital or a digit ("3M").
const CAP = String.raw`(?<v>(?:the\s+)?[\p{Lu}\d][\p{L}\d&'.-]*(?:\s+(?:[\p{Lu}\d&][\p{L}\d&'.-]*|of|de|du|la|le|and|&))*)`;

// Workplaces named by a common noun ("a bookstore downtown", "st mary's hospital", "the local bakery"): lowercase
// names of employers, read where a capitalised name is expected.
export const WORKPLACES =
  'firm|company|agency|startup|start-up|studio|practice|hospital|clinic|school|high school|university|college|bank|lab|laboratory|bookstore|bookshop|shop|store|caf[eé]|coffee shop|roastery|bakery|restaurant|bar|pub|hotel|warehouse|factory|plant|supermarket|grocery store|pharmacy|library|museum|newspaper|magazine|nonprofit|non-profit|charity|salon|garage|brewery|winery|daycare|nursery|kindergarten|airline|consultancy|law firm|call center|call centre|dealership|hospice|care home|nursing home';
export const WORKPLACE = String.raw`(?<v>(?:(?:the|a|an)\s+)?(?:[\p{Ll}\d][\p{L}\d'&.-]*\s+){0,3}?(?:${WORKPLACES}))(?![\p{L}-])`;
export const PROFESSIONS =
  'practitioner coordinator representative nurse doctor physician surgeon dentist teacher professor lecturer engineer developer programmer designer architect lawyer attorney accountant consultant manager director ceo cto cfo coo founder cofounder co-founder entrepreneur writer author journalist editor artist painter musician singer songwriter photographer chef cook baker waiter waitress barista bartender pilot driver mechanic electrician plumber carpenter farmer scientist researcher analyst student therapist counselor counsellor psychologist psychiatrist pharmacist veterinarian vet paramedic firefighter officer soldier detective librarian realtor banker economist translator tutor coach trainer athlete dancer actor actress filmmaker producer intern freelancer cashier clerk secretary receptionist nanny caregiver volunteer instructor administrator technician lead head specialist strategist marketer recruiter president vp supervisor principal midwife optometrist physiotherapist physio hygienist scientist biologist chemist physicist mathematician statistician illustrator animator copywriter paralegal associate partner pm swe sde'.split(
    ' ',
  );
const PROFESSION = String.raw`(?:${PROFESSIONS.join('|')})s?`;
const ROLE = String.raw`(?<v>(?:[\p{L}-]+\s+){0,3}?${PROFESSION}(?:\s+${PROFESSION})*(?:\s+of\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)?)\b`;

const RELATIVES: Record<string, string> = {
  mom: 'mother',
  mum: 'mother',
  mother: 'mother',
  mommy: 'mother',
  dad: 'father',
  father: 'father',
  daddy: 'father',
  stepmom: 'stepmother',
  stepdad: 'stepfather',
  sister: 'sister',
  brother: 'brother',
  son: 'son',
  daughter: 'daughter',
  grandma: 'grandmother',
  grandmother: 'grandmother',
  granny: 'grandmother',
  grandpa: 'grandfather',
  grandfather: 'grandfather',
  aunt: 'aunt',
  uncle: 'uncle',
  cousin: 'cousin',
  niece: 'niece',
  nephew: 'nephew',
  'best friend': 'best friend',
  friend: 'friend',
  roommate: 'roommate',
  flatmate: 'roommate',
  neighbor: 'neighbour',
  neighbour: 'neighbour',
  coworker: 'coworker',
  colleague: 'coworker',
  stepsister: 'stepsister',
  stepbrother: 'stepbrother',
  twin: 'twin',
};
/** Relatives there is one of: their name is the attribute's value. Others are keyed by their name too. */
const UNIQUE_RELATIVES = new Set(['mother', 'father', 'stepmother', 'stepfather', 'grandmother', 'grandfather']);
export const PARTNER_WORDS = 'wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?';
export const RELATIVE_WORDS = Object.keys(RELATIVES)
  .sort((a, b) => b.length - a.length)
  .join('|');
// Breeds count as their kind: "a golden retriever named Max" is a dog.
const DOG_BREEDS =
  'retriever|labrador|labradoodle|goldendoodle|doodle|poodle|beagle|terrier|spaniel|shepherd|husky|corgi|dachshund|pug|bulldog|collie|chihuahua|greyhound|whippet|rottweiler|boxer|schnauzer|pitbull|pit bull|mutt|border collie|shiba inu|dalmatian|great dane|mastiff|sheepdog|setter|pointer|hound';
const CAT_BREEDS = 'tabby|siamese|persian|maine coon|ragdoll|bengal|sphynx|calico';
export const PET_WORDS = `dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|bird|fish|goldfish|turtle|tortoise|horse|pony|guinea pig|lizard|snake|ferret|${DOG_BREEDS}|${CAT_BREEDS}`;
const PET_KIND: Record<string, string> = {
  puppy: 'dog',
  kitten: 'cat',
  bunny: 'rabbit',
  goldfish: 'fish',
  pony: 'horse',
  ...Object.fromEntries(DOG_BREEDS.split('|').map((b) => [b, 'dog'])),
  ...Object.fromEntries(CAT_BREEDS.split('|').map((b) => [b, 'cat'])),
};
export const DIETS = 'vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten-free|dairy-free|lactose-free|kosher|halal|carnivore|plant-based|flexitarian|raw vegan';
export const LANGUAGES =
  'english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|czech|russian|ukrainian|greek|turkish|arabic|hebrew|hindi|urdu|bengali|punjabi|tamil|mandarin|cantonese|chinese|japanese|korean|vietnamese|thai|indonesian|malay|tagalog|swahili|persian|farsi|romanian|hungarian|catalan|basque|irish|welsh|latin|sign language|asl';
const CAR_BRANDS =
  'tesla|honda|toyota|ford|bmw|audi|subaru|volkswagen|vw|kia|hyundai|mazda|nissan|chevy|chevrolet|jeep|volvo|mercedes|mercedes-benz|porsche|prius|civic|corolla|camry|lexus|mini|fiat|peugeot|renault|skoda|rivian|polestar|dodge|ram|gmc|buick|cadillac|jaguar|land rover|range rover|mitsubishi|suzuki|vespa|harley';
const PRODUCT = String.raw`(?<v>[\p{Lu}\d][\p{L}\d+.-]*(?:\s+(?:[\p{Lu}\d][\p{L}\d+.-]*|\d+))*|[\p{Ll}][\p{L}]*[\p{Lu}][\p{L}\d]*(?:\s+(?:[\p{Lu}\d][\p{L}\d+.-]*|\d+))*)`;
// "Maya's team uses Jira": what the subject's team, company or household uses, the subject uses.
const GROUP_OF = String.raw`(?:'s\s+(?:team|company|office|workplace|org|organi[sz]ation|household|family|school|startup|lab|department)\s+|\s+)`;
const INSTRUMENTS =
  'piano|guitar|electric guitar|bass|bass guitar|cello|violin|viola|double bass|drums|flute|clarinet|saxophone|sax|trumpet|trombone|harp|ukulele|banjo|mandolin|accordion|oboe|bassoon|harmonica|keyboard|organ|french horn|tuba';
const VEHICLE = String.raw`(?<v>(?:(?:new|used|old|red|blue|black|white|silver|grey|gray|green|electric|\d{4})\s+)*(?:${CAR_BRANDS})(?:\s+[\p{L}\d-]+){0,2}|(?:(?:new|used|old|electric)\s+)?(?:camper van|campervan|camper|motorhome|car|truck|van|motorcycle|motorbike|scooter|suv|minivan|pickup|e-bike|bike))`;
const DRUG_SUFFIX = String.raw`[\p{L}-]*(?:pril|sartan|statin|olol|formin|azole|cillin|mycin|prazole|tidine|xetine|traline|pram|faxine|pentin|propion|pine|pam|lam|done|profen|amine|triptan|lukast|thyroxine|insulin|aspirin|ibuprofen|melatonin|adderall|ritalin|zoloft|lexapro|prozac|wellbutrin|xanax|tylenol|advil|ozempic|wegovy|metformin|lithium|vitamin\s+[a-z]\d*|iron|magnesium|birth control)`;
const DOSE = String.raw`\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|units?|iu)`;
const HEALTH =
  "diabetes|type 1 diabetes|type 2 diabetes|asthma|adhd|autism|depression|anxiety|migraines?|epilepsy|arthritis|celiac disease|coeliac disease|high blood pressure|hypertension|eczema|psoriasis|crohn's|ibs|covid|long covid|cancer|insomnia|a cold|the flu|flu|a broken \\w+|a sprained \\w+|back pain|dyslexia|ptsd|ocd|bipolar disorder|lupus|anemia|scoliosis|tinnitus|a concussion|pneumonia|bronchitis|a heart condition|celiac";

const RECURRING = /\b(?:every|each|per|a (?:day|week|month|year))\b/i;

const f = (id: string, v: string | null | undefined, extra: Partial<Facet> = {}) => ({ id, object: null, value: v?.trim() || null, ...extra });
const k = (id: string, object: string | null | undefined, v: string | null | undefined, extra: Partial<Facet> = {}) => ({
  id,
  object: object?.trim() || null,
  value: v?.trim() || null,
  ...extra,
});

export const relative = (word: string) => RELATIVES[word.toLowerCase()] ?? word.toLowerCase();
const uniqueRelative = (word: string) => UNIQUE_RELATIVES.has(relative(word));

/** Patterns in order; the first that matches wins, except for `also` patterns that add a facet (role beside employer). */
export const PATTERNS: [RegExp | RegExp[], Build][] = [
  // Residence and moves.
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:lives?|is living|resides?|is based|is settled|is\s+${ADV}based|is\s+${ADV}settled|has (?:been )?(?:lived|living)|has settled|settled)\s+(?:now\s+)?(?:in|out of)\s+${V}`,
      'iu',
    ),
    (g) => f('residence', g.v),
  ],
  // "bought a house in Portland": where the subject now lives.
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+)?(?:just\s+)?(?:bought|purchased|closed on|moved into|rented|rents|is renting|are renting|(?:has|have)\s+been\s+renting)\s+(?:an?|the|our|their|her|his)\s+(?:new\s+|first\s+|own\s+|little\s+|small\s+|(?:one|two|three|four|\d)-bed(?:room)?\s+)*(?:house|home|flat|apartment|condo|place|townhouse|cottage|bungalow|studio|room|(?:one|two|three|four|\d)-bed(?:room)?)\s+in\s+${CAP}`,
      'u',
    ),
    (g) => f('residence', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:(?:has|have)\s+${ADV})?(?:moved|relocated)\s+(?:back\s+|over\s+|out\s+|down\s+|up\s+|out of\s+(?:[^,.;]+?)\s+|away from\s+(?:[^,.;]+?)\s+|from\s+(?:[^,.;]+?)\s+)?(?:home\s+)?(?:to|into)\s+${V}`,
      'iu',
    ),
    (g, rest) => (knownProduct(g.v) ? tool(knownProduct(g.v)!, rest) : f('residence', g.v)),
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
  [new RegExp(String.raw`^\s+${ADV}(?:is|will be|is going to be)\s+(?:currently\s+|now\s+)?(?:in|at)\s+${CAP}`, 'u'), (g) => f('location', g.v)],
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
  [new RegExp(String.raw`^\s+${ADV}(?:joined|has joined|started at|is joining)\s+${CAP}`, 'u'), (g) => f('employer', g.v, { future: false })],
  [
    new RegExp(String.raw`^\s+${ADV}(?:joined|has joined|started at|started working at|started a (?:new\s+)?job at|is joining|got a job at|got hired at)\s+${WORKPLACE}`, 'iu'),
    (g) => f('employer', g.v, { future: false }),
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
  [new RegExp(String.raw`^\s+${ADV}(?:works?|is working|started working|has worked)\s+as\s+(?:an?\s+)?(?<v>.+)`, 'iu'), (g) => f('role', g.v)],
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
    (g) => (isPlaceName(g.v!) || isKnownName(g.v!.split(/\s+/)[0]!) || /^the\s/i.test(g.v!) ? null : f('employer', g.v)),
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
      String.raw`^\s+${ADV}${NEG}(?:is|became|has become|is becoming|got promoted to|was promoted to|has been promoted to|is now|started as|works as|stepped up as|stepped into the role of|took over as|was named|has been named|got named|was appointed(?:\s+as)?|has been appointed(?:\s+as)?|got appointed(?:\s+as)?|was made|has been made|got made)\s+${ADV}(?:not\s+)?(?:an?\s+|the\s+)?${ROLE}`,
      'iu',
    ),
    (g) => f('role', g.v),
  ],
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
  [new RegExp(String.raw`^\s+${ADV}(?:goes to|attends|is attending|is enrolled at|is enrolled in|is a student at|graduated from|is studying at)\s+${V}`, 'iu'), (g) => f('education', g.v)],
  // Relationships.
  [
    [
      new RegExp(String.raw`^\s+${ADV}(?:is|got|just got)\s+(?:married|engaged)\s+to\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}is\s+(?:dating|seeing|in a relationship with)\s+${V}`, 'iu'),
      new RegExp(String.raw`^\s+${ADV}married\s+${CAP}`, 'u'),
    ],
    (g) => f('partner', g.v),
  ],
  [new RegExp(String.raw`^\s+${ADV}(?:broke up with|split up with|divorced|separated from|is divorcing)\s+${V}`, 'iu'), (g) => f('partner', g.v, { ended: true })],
  [new RegExp(String.raw`^'s\s+(?:${PARTNER_WORDS})(?:'s\s+name)?\s+(?:is\s+)?(?:named\s+|called\s+)?${CAP}`, 'u'), (g) => f('partner', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:is|got|has gotten|just got)\s+(?<v>single|married|divorced|engaged|separated|widowed)\b(?!\s+to)`, 'iu'), (g) => f('relationship', g.v)],
  [new RegExp(String.raw`^'s\s+(?<r>${RELATIVE_WORDS})(?:'s\s+name\s+is|\s+is\s+(?:called|named)|\s+goes\s+by|\s+is)\s+(?<v>\p{Lu}[\p{L}'-]*)\s*[.!]?$`, 'u'), (g) => family(g.r!, g.v)],
  [
    new RegExp(String.raw`^\s+${ADV}has\s+(?:an?|one|two|three|\d)\s+(?:(?:older|younger|little|big|twin|baby)\s+)?(?<r>sister|brother|son|daughter|cousin)s?\s+(?:named|called)\s+(?<v>\p{Lu}[\p{L}'-]*)`, 'u'),
    (g) => family(g.r!, g.v),
  ],
  [/^\s+has\s+(?<v>\w+)\s+(?:kids|children|sons|daughters|grandchildren)\b/i, (g) => f('children', g.v)],
  // Pets.
  [
    new RegExp(String.raw`^\s+${ADV}(?:has got|have got|has|adopted|got|rescued|just got|just adopted)\s+an?\s+(?:new\s+)?(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})\s+(?:named|called)\s+(?<v>\p{Lu}[\p{L}'-]*)`, 'u'),
    (g) => k('pet', petKind(g.r!), g.v),
  ],
  [new RegExp(String.raw`^'s\s+(?:[\p{L}-]+\s+)?(?<r>${PET_WORDS})(?:'s\s+name\s+is|\s+is\s+(?:called|named))\s+(?<v>\p{Lu}[\p{L}'-]*)`, 'u'), (g) => k('pet', petKind(g.r!), g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:has got|have got|has|adopted|got|rescued)\s+an?\s+(?:new\s+)?(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})\b`, 'iu'), (g) => k('pet', petKind(g.r!), null)],
  [new RegExp(String.raw`^\s+${ADV}(?:don't|doesn't|do not|does not|no longer)\s+(?:have|own)\s+an?\s+(?:[\p{L}-]+\s+){0,2}?(?<r>${PET_WORDS})\b`, 'iu'), (g) => k('pet', petKind(g.r!), null)],
  // Vehicle.
  [new RegExp(String.raw`^\s+${ADV}(?:drives|owns|has|have|bought|got|just bought|leased|is driving|picked up|traded up to|upgraded to)\s+(?:an?\s+|the\s+)?${VEHICLE}`, 'iu'), (g) => f('vehicle', g.v)],
  [new RegExp(String.raw`^'s\s+(?:car|vehicle|ride)\s+is\s+(?:an?\s+)?${V}`, 'iu'), (g) => f('vehicle', g.v)],
  [
    new RegExp(String.raw`^\s+${ADV}(?:sold|has sold|is selling|got rid of|traded in|totaled|crashed)\s+(?:the user's\s+|\p{Lu}[\p{L}'-]*'s\s+|her\s+|his\s+|their\s+|the\s+|an?\s+)?(?:old\s+)?${VEHICLE}`, 'iu'),
    (g) => f('vehicle', g.v, { ended: true }),
  ],
  // Food and health.
  [new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|has been|became|went|has gone|is going|is now|turned)\s+${ADV}(?:not\s+|no\s+longer\s+)?${ADV}(?:an?\s+|fully\s+)?(?<v>${DIETS})\b`, 'iu'), (g) => f('diet', g.v)],
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
  [new RegExp(String.raw`^\s+${ADV}(?:started|began|is)\s+eating\s+(?<v>meat|fish|dairy|pork|beef|red meat|animal products|chicken|poultry|seafood|lamb|bacon|turkey)\s+again\b`, 'iu'), (g) => f('diet', `eats ${g.v}`)],
  [new RegExp(String.raw`^\s+${ADV}(?:stopped|quit|gave up)\s+eating\s+(?<v>meat|fish|dairy|gluten|sugar|eggs|pork|beef|red meat|animal products)`, 'iu'), (g) => f('diet', `no ${g.v}`)],
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|has been|became|is still)\s+${ADV}(?:not\s+)?${ADV}(?:severely\s+|very\s+|mildly\s+|a bit\s+|slightly\s+|deathly\s+|highly\s+)?allergic\s+to\s+(?<v>.+)`, 'iu'),
    (g) => k('allergy', g.v, 'allergic'),
  ],
  [/^\s+(?:has|developed)\s+an?\s+(?<v>[\p{L} ]{2,30}?)\s+allergy\b/iu, (g) => k('allergy', g.v, 'allergic')],
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
  [/^'s\s+(?:time\s*zone|tz)\s+is\s+(?:now\s+)?(?<v>.+)|^\s+(?:is|lives|works)\s+in\s+(?:the\s+)?(?<v2>[A-Z]{2,5}|UTC[+-]\d{1,2}|GMT[+-]\d{1,2}|[\p{L} ]+ time)\s+time\s*zone/u, (g) => f('timezone', g.v ?? g.v2)],
  // "My phone is a Pixel 6": a device, not a number.
  [
    new RegExp(String.raw`^'s\s+(?:(?:new|current)\s+)?(?<r>phone|laptop|computer|tablet|watch|browser|editor|music app|bank)\s+(?:is|has been)\s*,?\s+(?:now\s+)?(?:an?\s+|the\s+)?(?<v>[\p{L}][\p{L}\d+ .-]*)`, 'iu'),
    (g) => k('tool', g.r === 'laptop' ? 'computer' : g.r!.replace(/ app$/, ''), g.v),
  ],
  [
    /^'s\s+(?:(?:new|current|latest|updated)\s+)?(?<r>e-?mail(?:\s+address)?|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|number|address|home address)\s+is\s+(?<v>.+)/iu,
    (g) => k('contact', /mail/i.test(g.r!) ? 'email' : /address/i.test(g.r!) ? 'address' : 'phone', g.v),
  ],
  [
    new RegExp(
      String.raw`^\s+${ADV}${NEG}(?:speaks?|is learning|learns|is fluent in|is studying|studies|is a native|started learning|began learning|has been learning|has started learning|is taking|takes|is practi[sc]ing)\s+(?:fluent\s+|some\s+|a little\s+|basic\s+)?(?<v>${LANGUAGES})\b`,
      'iu',
    ),
    (g) => k('language', g.v, g.v),
  ],
  [/^\s+(?:is|turned|just turned|has turned)\s+(?<v>\d{1,3})(?:\s+years?\s+old)?\s*(?:[.,!;]|$)/i, (g) => f('age', g.v)],
  // Numbers that change: pay and rent.
  [/^'s\s+(?:current\s+|new\s+|base\s+|annual\s+|monthly\s+)?(?:salary|pay|income|wage)\s+is\s+(?:now\s+)?(?<v>.+)/iu, (g) => f('income', g.v)],
  [new RegExp(String.raw`^\s+${ADV}(?:makes|earns|is making|is earning|is paid|gets paid|is on|is at)\s+(?:now\s+)?(?<v>[$£€]\s?\d[\d,.]*\s?k?\b.*)`, 'iu'), (g) => f('income', g.v)],
  [/^'s\s+(?:monthly\s+)?rent\s+(?:on\s+.+?\s+|for\s+.+?\s+)?is\s+(?:now\s+)?(?<v>.+)/iu, (g) => f('rent', g.v)],
  [/^'s\s+birthday\s+is\s+(?:on\s+)?(?<v>.+)|^\s+was\s+born\s+on\s+(?<v2>.+)/iu, (g) => f('birthday', g.v ?? g.v2)],
  [/^'s\s+(?:(?:full|real|first|last|legal)\s+)?(?:name|nickname)\s+is\s+(?<v>.+)|^\s+(?:goes by|is called|is named)\s+(?<v2>\p{Lu}.+)/u, (g) => f('name', g.v ?? g.v2)],
  // Tools, services and devices, keyed by kind: switching to another of the same kind replaces it.
  [new RegExp(String.raw`^${GROUP_OF}${ADV}${NEG}(?:uses?|is using|are using|has been using|have been using|relies on|rely on|pays for|subscribes to)\s+(?:an?\s+|the\s+)?${PRODUCT}`, 'iu'), (g, rest) => tool(g.v, rest)],
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
  // Memberships, keyed by the kind of group.
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:is|are|became|has become|has been)\s+(?:an?\s+)?(?:(?:paying|proud|founding|new|active|longtime|long-time)\s+)?member\s+(?:of|at)\s+(?<v>.+)`, 'iu'),
    (g) => membership(g.v, true),
  ],
  [
    new RegExp(String.raw`^\s+${ADV}${NEG}(?:belongs? to|joined|has joined|signed up (?:at|with|for)|sings? in|sang in|plays? in|dances? in|is in|rows? for|plays? for|goes to|trains at)\s+(?<v>.+)`, 'iu'),
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
    (g) => (SLOT_NOT.test(g.r!) || SLOT_DATE.test(g.v!) ? null : k('field', g.r, g.v)),
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

// A date is when something happens ("'s anniversary is June 9"), no lasting value of a slot.
const SLOT_DATE =
  /\d{4}-\d{2}-\d{2}|^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
const SLOT_NOT = new RegExp(
  String.raw`\b(?:${PARTNER_WORDS}|${RELATIVE_WORDS}|${PET_WORDS}|name|nickname|flight|train|bus|hotel|appointment|meeting|booking|reservation|interview|trip|visit|party|event|exam|game|match|session|call|ticket|seat|gate|room|order|delivery|parcel|package|favou?rite|fave|plan|goal|guess|answer|question|point|problem|issue|fault|idea)s?$`,
  'iu',
);

/** "moved to Asana in January": a product the catalogue of tools knows, not a place. */
function knownProduct(value: string | undefined): string | null {
  const head = value?.split(/\s+(?:in|for|at|on|last|this|with|from|because|and)\b|[,.;!?]/)[0]?.trim() ?? '';
  return /^\p{Lu}/u.test(head) && !isPlaceName(head) && toolCategory(head) !== null && !/^(?:phone|laptop|computer|tablet|watch|headphones|camera|browser|editor|bank)$/i.test(head) ? head : null;
}

function tool(product: string | undefined, rest: string, old?: string, knownOnly = false, replaced = false) {
  const v = product?.trim();
  if (!v) return null;
  const category = toolCategory(v, rest) ?? (old ? toolCategory(old) : null);
  if (!category || (knownOnly && !toolCategory(v))) return null;
  return k('tool', category, v, replaced ? { replaced } : {});
}

const GROUP_KINDS =
  /\b(?:book club|running club|gym|choir|chorus|club|band|orchestra|ensemble|team|league|society|association|union|church|congregation|synagogue|mosque|guild|fraternity|sorority|crew|troupe|studio|dojo|co-?op|committee|board)\b/i;

/** "member of the Hillside climbing gym" → membership:gym; without a kind word only an explicit "member of" counts. */
function membership(value: string | undefined, explicit: boolean, extra: Partial<Facet> = {}) {
  const v = value?.trim() ?? '';
  const kind = GROUP_KINDS.exec(v.replace(/[,;!?].*$|\.(?:\s+\p{Ll}.*)?$/u, ''));
  if (!kind && !explicit) return null;
  if (!kind && !/^\p{Lu}/u.test(v.replace(/^the\s+/i, ''))) return null;
  return k('membership', kind ? kind[0].toLowerCase() : v, v, extra);
}

const NOT_AN_ACTIVITY =
  /^(?:the|a|an|her|his|their|my|our|it|that|this|working|work|taking|eating|drinking|using|going|being|seeing|talking|trying|having|to|by|at|in|on|for|and|so|much|anything|everything|nothing|any|some)$/i;

/** A habit's activity as HABIT files it ("tennis", "running"), for "stopped playing tennis"; null for anything else. */
function activity(word: string | undefined, extra: Partial<Facet>) {
  const v = word?.toLowerCase();
  if (!v || NOT_AN_ACTIVITY.test(v)) return null;
  return k('schedule', v, null, extra);
}

function petKind(word: string): string {
  const w = word.toLowerCase();
  return PET_KIND[w] ?? w;
}

function family(word: string, name: string | undefined) {
  return k('family', relative(word), name);
}

const UNIQUE_KEYS = new Set([...UNIQUE_RELATIVES].map(objectKey));

/** Whether a relative (as a word or a stored key) is one of a kind, a mother: another name for them corrects the first. */
export function isUniqueRelative(word: string): boolean {
  return uniqueRelative(word) || UNIQUE_KEYS.has(word);
}

/** "left Figma" ends an employer, "left Boston" a residence, "left her job" the employer; "left the party" nothing. */
function ended(value: string | undefined) {
  const v = value?.trim() ?? '';
  if (v === '' || /^(?:(?:her|his|their|the)\s+)?(?:job|position|role|company|firm)\b/i.test(v)) return f('employer', null, { ended: true });
  if (GROUP_KINDS.test(v.replace(/[,;!?].*$|\.(?:\s+\p{Ll}.*)?$/u, '').split(/\s+(?:and|but|in|on|last|this|after|because)\s/)[0]!)) return membership(v, true, { ended: true });
  const workplace = new RegExp(`^${WORKPLACE}`, 'iu').exec(v);
  if (workplace) return f('employer', workplace.groups!.v!, { ended: true });
  if (!/^\p{Lu}/u.test(v)) return null;
  return isPlaceName(v.replace(/[.,!;].*$/, '')) ? f('residence', v, { ended: true }) : f('employer', v, { ended: true });
}

const NEGATIVE = /^(?:hates?|dislikes?|detests?|can't stand|cannot stand|is not into|isn't into|is not a fan of|isn't a fan of|is tired of|is sick of|is afraid of|is scared of|fears)$/i;

function opinion(how: string, v: string | undefined, rest: string) {
  const negative = NEGATIVE.test(how) !== /\b(?:not|no longer|never)\b|n't\b/i.test(rest.slice(0, rest.toLowerCase().indexOf(how.toLowerCase())));
  return k('opinion', v, negative ? 'dislikes' : 'likes', { negated: false });
}
