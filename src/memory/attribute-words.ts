import { objectKey } from './attributes.js';

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

export type Groups = Record<string, string | undefined>;
export type Build = (g: Groups, rest: string) => (Omit<Facet, 'negated' | 'ended' | 'future'> & Partial<Pick<Facet, 'negated' | 'ended' | 'future'>>) | null;

export const ADV = String.raw`(?:(?:now|currently|still|also|just|recently|finally|really|absolutely|totally|truly|actually|officially|since|mostly|mainly|pretty|super|so|quite|very|especially|particularly|kind of|sort of|already|even|both|definitely|honestly|happily|proudly|newly|only|always)\s+)*`;
export const NEG = String.raw`(?:(?:does|do|is|are|has|have|was)(?:n't|\s+not)\s+|no\s+longer\s+|not\s+|never\s+)?`;
export const V = String.raw`(?<v>.+)`;
// Names of organisations and places start with a capital or a digit ("3M").
export const CAP = String.raw`(?<v>(?:the\s+)?[\p{Lu}\d][\p{L}\d&'.-]*(?:\s+(?:[\p{Lu}\d&][\p{L}\d&'.-]*|of|de|du|la|le|and|&))*)`;

// Workplaces named by a common noun ("a bookstore downtown", "st mary's hospital", "the local bakery"): lowercase
// names of employers, read where a capitalised name is expected.
export const WORKPLACES =
  'firm|company|agency|startup|start-up|studio|practice|hospital|clinic|school|high school|university|college|bank|lab|laboratory|bookstore|bookshop|shop|store|caf[eé]|coffee shop|roastery|bakery|restaurant|bar|pub|hotel|warehouse|factory|plant|supermarket|grocery store|pharmacy|library|museum|newspaper|magazine|nonprofit|non-profit|charity|salon|garage|brewery|winery|daycare|nursery|kindergarten|airline|consultancy|law firm|call center|call centre|dealership|hospice|care home|nursing home';
export const WORKPLACE = String.raw`(?<v>(?:(?:the|a|an)\s+)?(?:[\p{Ll}\d][\p{L}\d'&.-]*\s+){0,3}?(?:${WORKPLACES}))(?![\p{L}-])`;
export const PROFESSIONS =
  'practitioner coordinator representative nurse doctor physician surgeon dentist teacher professor lecturer engineer developer programmer designer architect lawyer attorney accountant consultant manager director ceo cto cfo coo founder cofounder co-founder entrepreneur writer author journalist editor artist painter musician singer songwriter photographer chef cook baker waiter waitress barista bartender pilot driver mechanic electrician plumber carpenter farmer scientist researcher analyst student therapist counselor counsellor psychologist psychiatrist pharmacist veterinarian vet paramedic firefighter officer soldier detective librarian realtor banker economist translator tutor coach trainer athlete dancer actor actress filmmaker producer intern freelancer cashier clerk secretary receptionist nanny caregiver volunteer instructor administrator technician lead head specialist strategist marketer recruiter president vp supervisor principal midwife optometrist physiotherapist physio hygienist scientist biologist chemist physicist mathematician statistician illustrator animator copywriter paralegal associate partner pm swe sde dev eng solicitor barrister judge magistrate surveyor lieutenant sergeant inspector constable captain commander colonel superintendent sheriff deputy marshal ranger chaplain vicar priest rabbi imam minister pastor councillor councilor mayor senator ambassador diplomat sailor marine carer worker porter cleaner builder labourer laborer gardener hairdresser stylist barber beautician optician radiographer sonographer anaesthetist anesthetist registrar clinician gp locum executive agent broker trader underwriter actuary auditor bookkeeper planner buyer courier chauffeur steward stewardess attendant housekeeper janitor curator archivist historian dean postdoc welder machinist operator dispatcher controller investigator lifeguard assistant'.split(
    ' ',
  );
export const PROFESSION = String.raw`(?:${PROFESSIONS.join('|')})s?`;
export const ROLE = String.raw`(?<v>(?:[\p{L}-]+\s+){0,3}?${PROFESSION}(?:\s+${PROFESSION})*(?:\s+of\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)?)\b`;

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
export const UNIQUE_RELATIVES = new Set(['mother', 'father', 'stepmother', 'stepfather', 'grandmother', 'grandfather']);
export const PARTNER_WORDS = 'wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?';
export const RELATIVE_WORDS = Object.keys(RELATIVES)
  .sort((a, b) => b.length - a.length)
  .join('|');
// Breeds count as their kind: "a golden retriever named Max" is a dog.
export const DOG_BREEDS =
  'retriever|labrador|lurcher|cockapoo|cavapoo|cavachon|springer|staffie|jack russell|westie|samoyed|akita|vizsla|weimaraner|labradoodle|goldendoodle|doodle|poodle|beagle|terrier|spaniel|shepherd|husky|corgi|dachshund|pug|bulldog|collie|chihuahua|greyhound|whippet|rottweiler|boxer|schnauzer|pitbull|pit bull|mutt|border collie|shiba inu|dalmatian|great dane|mastiff|sheepdog|setter|pointer|hound';
export const CAT_BREEDS = 'tabby|siamese|persian|maine coon|ragdoll|bengal|sphynx|calico';
export const PET_WORDS = `dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|bird|fish|goldfish|turtle|tortoise|horse|pony|guinea pig|lizard|snake|ferret|budgie|budgerigar|canary|cockatiel|parakeet|gecko|axolotl|gerbil|chinchilla|hedgehog|rat|${DOG_BREEDS}|${CAT_BREEDS}`;
export const PET_KIND: Record<string, string> = {
  puppy: 'dog',
  kitten: 'cat',
  bunny: 'rabbit',
  goldfish: 'fish',
  pony: 'horse',
  budgie: 'bird',
  budgerigar: 'bird',
  canary: 'bird',
  cockatiel: 'bird',
  parakeet: 'bird',
  ...Object.fromEntries(DOG_BREEDS.split('|').map((b) => [b, 'dog'])),
  ...Object.fromEntries(CAT_BREEDS.split('|').map((b) => [b, 'cat'])),
};
export const DIETS = 'vegetarian|veggie|vegan|pescatarian|pescetarian|keto|paleo|gluten-free|gluten free|dairy-free|dairy free|lactose-free|lactose free|kosher|halal|carnivore|plant-based|flexitarian|raw vegan';
export const LANGUAGES =
  'english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|finnish|polish|czech|russian|ukrainian|greek|turkish|arabic|hebrew|hindi|urdu|bengali|punjabi|tamil|mandarin|cantonese|chinese|japanese|korean|vietnamese|thai|indonesian|malay|tagalog|swahili|persian|farsi|romanian|hungarian|catalan|basque|irish|welsh|latin|sign language|asl|marathi|telugu|gujarati|kannada|malayalam|odia|oriya|bhojpuri|maithili|nepali|sinhala|sinhalese|sindhi|pashto|dari|kurdish|javanese|sundanese|filipino|burmese|khmer|lao|hokkien|shanghainese|hakka|amharic|hausa|yoruba|igbo|somali|zulu|xhosa|afrikaans|tigrinya|twi|akan|kinyarwanda|malagasy|shona|uzbek|kazakh|kyrgyz|tajik|turkmen|azerbaijani|azeri|uyghur|mongolian|tibetan|georgian|armenian|serbian|croatian|bosnian|slovak|slovenian|bulgarian|macedonian|albanian|lithuanian|latvian|estonian|icelandic|belarusian|galician|maltese|luxembourgish|yiddish|haitian creole|quechua|maori|te reo|samoan|esperanto';
export const CAR_BRANDS =
  'tesla|honda|toyota|ford|bmw|audi|subaru|volkswagen|vw|kia|hyundai|mazda|nissan|chevy|chevrolet|jeep|volvo|mercedes|mercedes-benz|porsche|prius|civic|corolla|camry|lexus|mini|fiat|peugeot|renault|skoda|rivian|polestar|dodge|ram|gmc|buick|cadillac|jaguar|land rover|range rover|mitsubishi|suzuki|vespa|harley';
export const PRODUCT = String.raw`(?<v>[\p{Lu}\d][\p{L}\d+.-]*(?:\s+(?:[\p{Lu}\d][\p{L}\d+.-]*|\d+))*|[\p{Ll}][\p{L}]*[\p{Lu}][\p{L}\d]*(?:\s+(?:[\p{Lu}\d][\p{L}\d+.-]*|\d+))*)`;
// "Maya's team uses Jira": what the subject's team, company or household uses, the subject uses.
export const GROUP_OF = String.raw`(?:'s\s+(?:team|company|office|workplace|org|organi[sz]ation|household|family|school|startup|lab|department)\s+|\s+)`;
export const INSTRUMENTS =
  'piano|guitar|electric guitar|bass|bass guitar|cello|violin|viola|double bass|drums|flute|clarinet|saxophone|sax|trumpet|trombone|harp|ukulele|banjo|mandolin|accordion|oboe|bassoon|harmonica|keyboard|organ|french horn|tuba';
export const VEHICLE = String.raw`(?<v>(?:(?:new|used|old|red|blue|black|white|silver|grey|gray|green|electric|\d{4})\s+)*(?:${CAR_BRANDS})(?:\s+[\p{L}\d-]+){0,2}|(?:(?:new|used|old|electric)\s+)?(?:camper van|campervan|camper|motorhome|car|truck|van|motorcycle|motorbike|scooter|suv|minivan|pickup|e-bike|bike))`;
export const DRUG_SUFFIX = String.raw`[\p{L}-]*(?:pril|sartan|statin|gliflozin|gliptin|glutide|zide|xaban|parin|cycline|oxacin|semide|dronate|tinib|olol|formin|azole|cillin|mycin|prazole|tidine|xetine|traline|pram|faxine|pentin|propion|pine|pam|lam|done|profen|amine|codeine|morphine|tramadol|paracetamol|acetaminophen|naproxen|diclofenac|triptan|lukast|thyroxine|insulin|aspirin|ibuprofen|melatonin|adderall|ritalin|zoloft|lexapro|prozac|wellbutrin|xanax|tylenol|advil|ozempic|wegovy|metformin|lithium|vitamin\s+[a-z]\d*|iron|magnesium|birth control)`;
/** Common allergens beside drugs: what "reacts to X" names when X is no drug. */
export const ALLERGENS = String.raw`(?:peanuts?|tree nuts|nuts|cashews?|walnuts?|almonds?|hazelnuts?|pistachios?|shellfish|prawns|shrimp|crab|lobster|fish|eggs?|milk|dairy|lactose|gluten|wheat|soy|soya|sesame|mustard|celery|latex|pollen|dust mites?|bee stings?|wasp stings?|penicillin|sulfa drugs|sulphites|opioids|anaesthetics?|anesthetics?|codeine|morphine|tramadol|paracetamol|acetaminophen|naproxen|diclofenac|contrast dye)`;
export const DOSE = String.raw`\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|units?|iu)`;
export const HEALTH =
  "diabetes|type 1 diabetes|type 2 diabetes|asthma|adhd|autism|depression|anxiety|migraines?|epilepsy|arthritis|celiac disease|coeliac disease|high blood pressure|hypertension|eczema|psoriasis|crohn's|ibs|covid|long covid|cancer|insomnia|a cold|the flu|flu|a broken \\w+|a sprained \\w+|back pain|dyslexia|ptsd|ocd|bipolar disorder|lupus|anemia|scoliosis|tinnitus|a concussion|pneumonia|bronchitis|a heart condition|celiac";

export const RECURRING = /\b(?:every|each|per|a (?:day|week|month|year))\b/i;

export const f = (id: string, v: string | null | undefined, extra: Partial<Facet> = {}) => ({ id, object: null, value: v?.trim() || null, ...extra });
export const k = (id: string, object: string | null | undefined, v: string | null | undefined, extra: Partial<Facet> = {}) => ({
  id,
  object: object?.trim() || null,
  value: v?.trim() || null,
  ...extra,
});

export const relative = (word: string) => RELATIVES[word.toLowerCase()] ?? word.toLowerCase();
const uniqueRelative = (word: string) => UNIQUE_RELATIVES.has(relative(word));

const UNIQUE_KEYS = new Set([...UNIQUE_RELATIVES].map(objectKey));

/** Whether a relative (as a word or a stored key) is one of a kind, a mother: another name for them corrects the first. */
export function isUniqueRelative(word: string): boolean {
  return uniqueRelative(word) || UNIQUE_KEYS.has(word);
}
