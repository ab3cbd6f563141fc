/**
 * Deterministic synthetic corpus for the benchmarks (bench/search.ts, bench/ingest.ts).
 *
 * Texts are English-ish: real English words in simple sentence templates, drawn from Zipf-distributed vocabularies
 * (general nouns/verbs/adjectives, 24 topic vocabularies, and a long tail of ~2,500 generated proper nouns and jargon
 * terms), so that term frequencies, document frequencies, stemming and FTS posting-list lengths behave roughly like
 * real prose. Every document is generated from its own seeded PRNG stream, so document i is identical whatever the
 * corpus size (a 10k corpus is a prefix of a 100k corpus) and on every machine.
 */

// ---------------------------------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------------------------------

/** 32-bit mixing (splitmix32-style finaliser); used to derive independent seeds. */
export function mix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export function seedFrom(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    const s = String(p);
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = mix32(h);
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Standard normal. */
  gaussian(): number;
}

/** sfc32: small, fast and good enough for benchmark data. */
export function createRng(seed: number): Rng {
  let a = mix32(seed ^ 0xdeadbeef);
  let b = mix32(seed + 1);
  let c = mix32(seed + 2);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  let spare: number | null = null;
  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    range: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    gaussian: () => {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return s;
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
  };
  return rng;
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Samples items with probability proportional to 1 / rank^s (rank 1 = first item). */
export class Zipf<T> {
  private readonly cdf: Float64Array;

  constructor(
    readonly items: readonly T[],
    s = 1,
  ) {
    this.cdf = new Float64Array(items.length);
    let total = 0;
    for (let i = 0; i < items.length; i++) {
      total += 1 / Math.pow(i + 1, s);
      this.cdf[i] = total;
    }
    for (let i = 0; i < items.length; i++) this.cdf[i]! /= total;
  }

  sample(rng: Rng): T {
    const u = rng.next();
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo]!;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------------------

const w = (s: string): string[] => s.trim().split(/\s+/);

const GENERAL_NOUNS = w(`
  time year way day thing world life hand part place case week company system program question work number night point
  home water room area story fact month right study book eye job word business issue side kind head house service friend
  father power hour game line end member car city community name president team minute idea kid body parent face level
  office door art war party result change morning reason girl guy moment teacher force foot boy age policy process market
  sense nation plan college interest death experience effect class field role effort rate heart drug show leader light
  voice wife mind price report decision son view relationship town road arm difference value building action model season
  society tax director position player record paper space ground form event official matter center couple site project
  activity star table need court situation cost industry figure street image phone picture practice piece land product
  doctor wall worker test movie love support step computer type film tree source organization window chance brother period
  course summer plant opportunity term letter condition choice rule daughter floor campaign material economy hospital
  church risk fire future bank sport board subject officer behavior performance goal bed order author agency color store
  sound movement page race concern series language response animal factor decade article artist scene career approach size
  dog fund sign thought list individual answer resource meeting disease success cup amount ability character loss degree
  attack region box deal election feeling standard bill message benefit network address account budget customer feature
  version schedule request ticket deadline vendor partner manager colleague draft summary meeting note review estimate
  template checklist folder document invoice question reminder calendar holiday weekend trip lunch dinner coffee train
  platform channel thread comment task goal milestone owner contract policy budget printer laptop screen keyboard battery
  charger cable router
`);

const GENERAL_VERBS = w(`
  use work call try ask need seem help talk turn start show play move like live believe happen provide include continue
  change watch follow create open walk offer remember consider appear wait serve expect stay reach remain suggest raise
  pass report decide pull return explain hope develop carry receive agree support produce pick cover describe improve check
  compare deliver design finish handle fix install launch measure monitor prepare protect publish reduce replace request
  review schedule share store test track update upgrade visit warn collect connect contain discuss enjoy estimate increase
  join label manage mention notice order allow avoid borrow clean close count cross deploy edit explore export import invite
  load mark miss mix name paint print process push rank record refund rent repair rescue resolve restore retire save search
  select sort sign solve stretch study train trust unlock verify vote wash weigh worry approve archive assign attach
  calculate cancel confirm document draft filter gather ignore inspect migrate notify observe outline predict refactor
  release rotate validate
`);

const GENERAL_ADJECTIVES = w(`
  new good high old great big small large local social important long young national political real public early strong
  different major recent common current ready simple clear available likely free special difficult easy final main similar
  full legal central significant private human general natural physical financial single personal serious nice basic modern
  popular traditional cultural medical global direct quick quiet careful detailed accurate annual urgent stable reliable
  expensive cheap fresh warm cold heavy bright dark narrow wide rare frequent remote internal external temporary permanent
  complex minor strict flexible manual automatic critical optional previous upcoming weekly monthly visible hidden broken
  secure efficient practical
`);

const ADVERBS = w(`
  quickly slowly carefully usually often rarely recently finally clearly probably already nearly mostly simply quietly
  directly suddenly regularly eventually later again together almost really actually certainly currently easily especially
  generally immediately largely manually automatically briefly gradually roughly safely exactly
`);

const PREPOSITIONS = w(`in on at with from for about after before during under over between through across near without into behind around against along`);
const DETERMINERS = w(`the the the the a a this that every each our their its some another`);

interface Topic {
  name: string;
  nouns: string[];
  verbs: string[];
  adjectives: string[];
}

const TOPIC_DEFS: [string, string, string, string][] = [
  [
    'databases',
    'database index query table column row transaction schema replica shard cluster cursor partition migration snapshot backup join lock deadlock cache latency throughput vacuum checkpoint journal constraint trigger view tablespace optimizer',
    'replicate partition normalize vacuum query compact',
    'relational transactional indexed durable consistent distributed',
  ],
  [
    'cooking',
    'recipe flour butter oven skillet garlic onion dough sauce broth pastry spice saucepan whisk yeast vinegar basil pepper cinnamon marinade casserole dumpling noodle lentil batter crust kitchen chef ingredient pantry',
    'bake simmer whisk roast season knead',
    'crispy savory tender spicy golden creamy',
  ],
  [
    'finance',
    'revenue budget invoice ledger dividend equity bond portfolio interest mortgage loan audit asset liability forecast quarter margin expense payroll accountant shareholder inflation currency deposit credit debt valuation statement reconciliation treasury',
    'invest audit reconcile borrow deposit allocate',
    'fiscal quarterly taxable liquid profitable audited',
  ],
  [
    'football',
    'goalkeeper striker penalty referee stadium match league tournament midfielder defender coach transfer corner tackle jersey fixture trophy pitch supporter captain kickoff offside substitute derby champion injury formation whistle header winger',
    'score defend tackle dribble qualify celebrate',
    'unbeaten athletic defensive tactical relegated offside',
  ],
  [
    'astronomy',
    'telescope galaxy nebula comet asteroid orbit planet supernova eclipse constellation observatory satellite moon meteor spectrum redshift quasar pulsar cosmos horizon gravity exoplanet astronomer lens mirror rocket crater atmosphere starlight',
    'observe orbit collapse rotate detect illuminate',
    'stellar lunar solar orbital celestial distant',
  ],
  [
    'gardening',
    'garden soil compost seedling shrub hedge mulch fertilizer pruner greenhouse bulb perennial weed root trowel hose lawn orchard vine blossom pollinator aphid seed harvest shovel rake sapling meadow tomato cucumber',
    'plant prune water harvest fertilize transplant',
    'organic leafy fertile shady hardy flowering',
  ],
  [
    'medicine',
    'patient clinic diagnosis symptom vaccine antibody dose prescription nurse surgeon therapy infection fever allergy cholesterol insulin diabetes pharmacy ward biopsy tumor recovery immunity pathogen physician ambulance trial placebo virus stethoscope',
    'diagnose prescribe vaccinate treat recover examine',
    'chronic clinical acute immune contagious benign',
  ],
  [
    'music',
    'violin orchestra symphony melody chord rhythm guitar piano drummer album concert chorus harmony tempo conductor composer lyric note scale rehearsal soloist cello trumpet quartet studio vinyl playlist festival ballad opera',
    'compose rehearse perform record tune improvise',
    'acoustic melodic orchestral rhythmic classical harmonic',
  ],
  [
    'travel',
    'flight airport passport luggage hotel itinerary reservation visa station ferry hostel tourist guidebook souvenir layover terminal suitcase destination cruise border customs map journey backpack beach resort ticket delay jetlag railway',
    'travel book depart arrive explore pack',
    'scenic overnight international coastal crowded delayed',
  ],
  [
    'law',
    'judge lawyer contract lawsuit verdict jury statute clause appeal plaintiff defendant testimony witness settlement evidence attorney regulation license patent trademark liability hearing ruling precedent subpoena tribunal compliance warrant injunction arbitration',
    'sue testify appeal comply litigate arbitrate',
    'judicial binding contractual criminal statutory legal',
  ],
  [
    'climate',
    'storm rainfall drought hurricane temperature glacier emission carbon flood heatwave humidity wind cyclone monsoon ocean ice snowfall wildfire thermometer barometer climate ozone aerosol permafrost rain cloud frost tornado sealevel weather',
    'warm melt flood evaporate absorb circulate',
    'tropical arctic humid extreme seasonal windy',
  ],
  [
    'devops',
    'deployment container pipeline server rollback release kubernetes pod node balancer certificate secret config alert incident outage dashboard metric log uptime timeout proxy registry artifact runner webhook firewall endpoint helm terraform',
    'deploy provision restart scale monitor rollout',
    'stateless containerized scalable redundant observable healthy',
  ],
  [
    'machinelearning',
    'dataset embedding gradient neuron layer tensor epoch optimizer classifier label inference transformer attention token benchmark accuracy regression kernel weight bias loss tokenizer vector prompt hyperparameter baseline perceptron backpropagation dropout finetuning',
    'train evaluate tokenize classify predict quantize',
    'neural supervised semantic probabilistic pretrained multilingual',
  ],
  [
    'medieval',
    'castle knight king queen monastery manuscript siege crusade peasant fortress abbey cathedral duke kingdom armor chronicle guild parchment monk village moat banner sword shield dynasty throne battle bishop merchant drawbridge',
    'besiege crown conquer rule pillage fortify',
    'medieval royal feudal noble ancient gothic',
  ],
  [
    'marine',
    'octopus coral reef whale dolphin plankton kelp shark jellyfish tide squid crab lobster seagrass turtle salmon estuary lagoon algae diver sonar krill urchin anemone mollusk trawler habitat seabed seal starfish',
    'migrate spawn camouflage dive filter bleach',
    'marine aquatic pelagic venomous nocturnal tidal',
  ],
  [
    'housing',
    'apartment landlord tenant lease rent renovation bathroom roof plumber heating insulation neighborhood property inspection contractor balcony garage basement staircase leak tap boiler furniture mover zoning realtor thermostat radiator mortgage deposit',
    'rent renovate repair insulate furnish move',
    'spacious furnished residential cozy leaky affordable',
  ],
  [
    'education',
    'student classroom curriculum exam homework lecture semester grade tutor syllabus scholarship principal campus diploma essay textbook quiz seminar professor library enrollment tuition pupil assignment thesis faculty kindergarten graduate lesson',
    'educate enroll graduate study grade tutor',
    'academic educational elementary scholarly bilingual remedial',
  ],
  [
    'cycling',
    'bicycle chain brake saddle pedal helmet gear derailleur tire spoke handlebar frame cyclist route climb descent peloton sprint wheel pump puncture crank cassette trail commute lane mileage cadence sprocket bikepacking',
    'pedal climb sprint commute adjust inflate',
    'uphill downhill aerodynamic rugged lightweight tubeless',
  ],
  [
    'photography',
    'camera shutter aperture exposure tripod sensor portrait landscape flash histogram negative darkroom zoom focus pixel photographer composition lighting viewfinder bokeh sunset silhouette contrast lens print album filter frame studio',
    'photograph expose focus zoom retouch develop',
    'blurry sharp vivid monochrome panoramic underexposed',
  ],
  [
    'chemistry',
    'molecule atom reaction catalyst solvent acid compound element electron bond polymer enzyme isotope beaker titration crystal oxide sodium chloride nitrogen hydrogen oxygen ion solution laboratory chemist reagent precipitate flask spectrometer',
    'dissolve oxidize react synthesize distill crystallize',
    'organic inorganic volatile acidic molecular toxic',
  ],
  [
    'elections',
    'ballot voter candidate campaign poll debate senator parliament district referendum constituency mayor council coalition manifesto turnout legislation governor caucus primary delegate lobbyist committee amendment recount majority minority opposition incumbent',
    'vote campaign elect nominate legislate lobby',
    'electoral democratic partisan legislative municipal bipartisan',
  ],
  [
    'ecommerce',
    'checkout cart shipment warehouse refund inventory discount coupon catalog supplier payment courier parcel subscription marketplace seller wishlist storefront promotion barcode logistics retailer sku basket fulfillment chargeback merchant voucher restock dropshipping',
    'dispatch refund restock purchase fulfill invoice',
    'wholesale online discounted backordered retail seasonal',
  ],
  [
    'security',
    'password vulnerability exploit malware phishing encryption token breach attacker patch credential permission authentication session backdoor ransomware botnet intrusion sandbox cipher signature hash key threat perimeter honeypot keylogger spoofing firewall certificate',
    'encrypt authenticate patch exploit revoke sanitize',
    'malicious vulnerable encrypted unauthorized suspicious compromised',
  ],
  [
    'parenting',
    'toddler baby nursery diaper stroller bedtime playground crib lullaby tantrum babysitter daycare teenager allowance chore snack toy puzzle storybook crayon pacifier naptime sibling preschool pediatrician milestone birthday routine highchair onesie',
    'soothe cuddle supervise encourage comfort reward',
    'sleepy playful curious fussy cheerful gentle',
  ],
];

const ONSETS = w('b br c ch d dr f fl g gr h j k kl l m n p pr qu r s sh sk st t th tr v w z');
const VOWELS = w('a e i o u a e i o ai ea ou y');
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'x', 'th', 'm', 'nd', 'rk', 'st', 'ck', 'ng'];

export interface Vocabulary {
  nouns: Zipf<string>;
  verbs: Zipf<string>;
  adjectives: Zipf<string>;
  adverbs: Zipf<string>;
  prepositions: Zipf<string>;
  determiners: Zipf<string>;
  /** Long tail: generated proper nouns and jargon. */
  tail: Zipf<string>;
  topics: { name: string; nouns: Zipf<string>; verbs: Zipf<string>; adjectives: Zipf<string> }[];
  topicPicker: Zipf<number>;
  /** Words that are rare in the corpus (topic vocabulary and long tail), lower-case. */
  distinctive: Set<string>;
  size: number;
}

function pseudoWords(count: number, rng: Rng, avoid: Set<string>): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const syllables = rng.chance(0.55) ? 2 : rng.chance(0.7) ? 3 : 1;
    let s = '';
    for (let i = 0; i < syllables; i++) s += rng.pick(ONSETS) + rng.pick(VOWELS) + (i === syllables - 1 || rng.chance(0.3) ? rng.pick(CODAS) : '');
    if (s.length >= 4 && s.length <= 11 && !avoid.has(s)) out.add(s);
  }
  return [...out];
}

/** Builds the vocabulary (deterministic for a seed): rank order of every list is a seeded shuffle. */
export function buildVocabulary(seed: number): Vocabulary {
  const rng = createRng(seedFrom(seed, 'vocabulary'));
  const known = new Set<string>([...GENERAL_NOUNS, ...GENERAL_VERBS, ...GENERAL_ADJECTIVES, ...ADVERBS]);
  const topics = TOPIC_DEFS.map(([name, n, v, a]) => {
    const t: Topic = { name, nouns: [...new Set(w(n))], verbs: [...new Set(w(v))], adjectives: [...new Set(w(a))] };
    for (const x of [...t.nouns, ...t.verbs, ...t.adjectives]) known.add(x);
    return t;
  });
  const tail = pseudoWords(2500, rng, known);
  const distinctive = new Set<string>(tail);
  for (const t of topics) for (const x of [...t.nouns, ...t.verbs, ...t.adjectives]) distinctive.add(x);
  const all = new Set<string>([...known, ...tail, ...PREPOSITIONS, ...DETERMINERS]);
  return {
    nouns: new Zipf(shuffled([...new Set(GENERAL_NOUNS)], rng), 1.0),
    verbs: new Zipf(shuffled([...new Set(GENERAL_VERBS)], rng), 1.0),
    adjectives: new Zipf(shuffled([...new Set(GENERAL_ADJECTIVES)], rng), 1.0),
    adverbs: new Zipf(shuffled(ADVERBS, rng), 1.0),
    prepositions: new Zipf(PREPOSITIONS, 0.9),
    determiners: new Zipf(DETERMINERS, 0.3),
    tail: new Zipf(shuffled(tail, rng), 0.75),
    topics: topics.map((t) => ({
      name: t.name,
      nouns: new Zipf(shuffled(t.nouns, rng), 0.9),
      verbs: new Zipf(shuffled(t.verbs, rng), 0.8),
      adjectives: new Zipf(shuffled(t.adjectives, rng), 0.8),
    })),
    topicPicker: new Zipf(
      shuffled(
        topics.map((_, i) => i),
        rng,
      ),
      0.6,
    ),
    distinctive,
    size: all.size,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Morphology and sentences
// ---------------------------------------------------------------------------------------------------------------

const CONSONANT_Y = /[^aeiou]y$/;

function plural(n: string): string {
  if (CONSONANT_Y.test(n)) return `${n.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(n)) return `${n}es`;
  return `${n}s`;
}

function thirdPerson(v: string): string {
  return plural(v);
}

function past(v: string): string {
  if (CONSONANT_Y.test(v)) return `${v.slice(0, -1)}ied`;
  if (v.endsWith('e')) return `${v}d`;
  return `${v}ed`;
}

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

const TEMPLATES = w(`
  {D}_{A}_{N}_{Vs}_{D}_{N}_{P}_{D}_{N}.
  {X}_{Ved}_{D}_{A}_{TN}_{P}_{D}_{N}.
  When_the_{TN}_{Vs},_the_{N}_{Vs}_{R}.
  We_{V}_{D}_{TN}_because_the_{N}_is_{A}.
  In_{YEAR},_{X}_{Ved}_{NUM}_{Ns}_{P}_{X}.
  It_is_{A}_to_{V}_the_{TN}_before_the_{N}_{Vs}.
  {D}_{N}_of_{TN}_{Vs}_{R}_{P}_the_{A}_{N}.
  Our_{N}_team_{Ved}_the_{TN}_{P}_{D}_{N},_and_the_{N}_{Ved}_{R}.
  Ticket_{ID}_tracks_the_{A}_{TN}_in_{X}.
  Why_does_the_{TN}_{V}_{P}_the_{N}?
  {X}_said_the_{TN}_was_{A}_and_{A}.
  Most_{Ns}_{V}_{D}_{TN}_{R}.
  The_{TN}_and_the_{TN}_were_{Ved}_{P}_{NUM}_{Ns}.
  After_the_{N},_{X}_{Ved}_the_{A}_{TN}_{R}.
  You_should_{V}_the_{TN}_{P}_{D}_{A}_{N}_first.
  There_were_{NUM}_{A}_{Ns}_{P}_the_{TN}_last_{N}.
  The_{T}_{N}_{Vs}_every_{TN}_{P}_{X}.
  {D}_{A}_{TN}_can_{V}_{D}_{N}_{P}_{NUM}_minutes.
  As_{X}_{Ved},_the_{TN}_{R}_{Vs}_the_{N}.
  The_report_on_{TN}_{Vs}_{NUM}_percent_of_the_{Ns}.
  Nobody_{Ved}_the_{T}_{TN}_until_{X}_{Ved}_it.
  Please_{V}_the_{A}_{TN}_and_{V}_the_{N}.
  Each_{TN}_needs_a_{A}_{N}_and_a_{A}_{TN}.
  The_{N}_{P}_{X}_{Vs}_the_{TN}_{R}.
`).map((t) => t.replace(/_/g, ' '));

const ID_PREFIXES = w('INC JIRA PR RFC SKU REQ OPS BUG');

export interface SentenceContext {
  vocab: Vocabulary;
  topic: number;
  rng: Rng;
  /** Probability that a generic noun/verb/adjective slot takes a topic word. */
  topicBias: number;
}

function fill(slot: string, c: SentenceContext): string {
  const { vocab, rng } = c;
  const topic = vocab.topics[c.topic]!;
  const fromTopic = rng.chance(c.topicBias);
  switch (slot) {
    case 'N':
      return (fromTopic ? topic.nouns : vocab.nouns).sample(rng);
    case 'TN':
      return rng.chance(0.85) ? topic.nouns.sample(rng) : vocab.tail.sample(rng);
    case 'Ns':
      return plural((fromTopic ? topic.nouns : vocab.nouns).sample(rng));
    case 'V':
      return (fromTopic ? topic.verbs : vocab.verbs).sample(rng);
    case 'Vs':
      return thirdPerson((fromTopic ? topic.verbs : vocab.verbs).sample(rng));
    case 'Ved':
      return past((fromTopic ? topic.verbs : vocab.verbs).sample(rng));
    case 'A':
      return (fromTopic ? topic.adjectives : vocab.adjectives).sample(rng);
    case 'R':
      return vocab.adverbs.sample(rng);
    case 'P':
      return vocab.prepositions.sample(rng);
    case 'D':
      return vocab.determiners.sample(rng);
    case 'X':
      return capitalize(vocab.tail.sample(rng));
    case 'T':
      return vocab.tail.sample(rng);
    case 'NUM':
      return String(rng.chance(0.7) ? rng.range(2, 40) : rng.range(41, 5000));
    case 'YEAR':
      return String(rng.range(1990, 2025));
    case 'ID':
      return `${rng.pick(ID_PREFIXES)}-${rng.range(100, 9999)}`;
    default:
      throw new Error(`unknown slot ${slot}`);
  }
}

/** One sentence on the context's topic. */
export function sentence(c: SentenceContext): string {
  const template = c.rng.pick(TEMPLATES);
  const s = template.replace(/\{(\w+)\}/g, (_, slot: string) => fill(slot, c));
  return capitalize(s.replace(/\b([Aa]) ([aeiou])/g, '$1n $2'));
}

/** A paragraph-structured text of roughly `words` words (sentences are never cut). */
export function passage(c: SentenceContext, words: number): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let count = 0;
  let inParagraph = 0;
  while (count < words) {
    const s = sentence(c);
    current.push(s);
    const n = s.split(' ').length;
    count += n;
    inParagraph += n;
    if (inParagraph > 45 && count < words - 20 && c.rng.chance(0.35)) {
      paragraphs.push(current.join(' '));
      current = [];
      inParagraph = 0;
    }
  }
  if (current.length > 0) paragraphs.push(current.join(' '));
  return paragraphs.join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------------------------------------------

export interface CorpusOptions {
  seed: number;
  /** Total number of chunks; documents are generated until this many chunks exist (the last one truncated). */
  chunks: number;
  /** Tag holding most documents. */
  mainTag?: string;
  /** Share of documents in the main tag. */
  mainShare?: number;
  /** Number of smaller tags sharing the rest. */
  otherTags?: number;
}

export interface CorpusDocument {
  index: number;
  topic: number;
  title: string;
  containerTags: string[];
  chunks: string[];
  /** Global index of the document's first chunk (chunks are numbered in corpus order). */
  firstChunk: number;
}

export interface Corpus {
  seed: number;
  vocab: Vocabulary;
  documents: CorpusDocument[];
  chunkCount: number;
  tags: { tag: string; documents: number; chunks: number }[];
}

const TITLE_KINDS = w('notes overview guide review checklist report FAQ postmortem plan summary proposal handbook');

/** Chunk length in words: 60..250, mean ~150 (a triangular-ish mix of uniforms). */
function chunkWords(rng: Rng): number {
  return Math.round(60 + 190 * ((rng.next() + rng.next() + rng.next()) / 3));
}

/** Number of chunks of a document: 1 + geometric, mean ~4, at most 12. */
function chunksPerDocument(rng: Rng): number {
  const q = 0.27;
  return Math.min(12, 1 + Math.floor(Math.log(1 - rng.next()) / Math.log(1 - q)));
}

export function generateDocument(vocab: Vocabulary, seed: number, index: number, opts: Required<Omit<CorpusOptions, 'seed' | 'chunks'>>): Omit<CorpusDocument, 'firstChunk'> {
  const rng = createRng(seedFrom(seed, 'doc', index));
  const topic = vocab.topicPicker.sample(rng);
  const t = vocab.topics[topic]!;
  const ctx: SentenceContext = { vocab, topic, rng, topicBias: 0.45 };
  const title = `${capitalize(t.nouns.sample(rng))} ${rng.pick(TITLE_KINDS)}: ${capitalize(vocab.tail.sample(rng))} ${t.nouns.sample(rng)}`;
  let containerTags: string[];
  if (rng.chance(opts.mainShare)) {
    containerTags = [opts.mainTag];
    if (rng.chance(0.05)) containerTags.push(`team_${rng.int(4)}`);
  } else {
    containerTags = [`user_${String(rng.int(opts.otherTags)).padStart(2, '0')}`];
  }
  const n = chunksPerDocument(rng);
  const chunks: string[] = [];
  for (let i = 0; i < n; i++) chunks.push(passage(ctx, chunkWords(rng)));
  return { index, topic, title, containerTags, chunks };
}

export function generateCorpus(options: CorpusOptions): Corpus {
  const opts = { mainTag: 'main_kb', mainShare: 0.85, otherTags: 12, ...options };
  const vocab = buildVocabulary(opts.seed);
  const documents: CorpusDocument[] = [];
  let total = 0;
  for (let i = 0; total < opts.chunks; i++) {
    const doc = generateDocument(vocab, opts.seed, i, opts);
    if (total + doc.chunks.length > opts.chunks) doc.chunks.length = opts.chunks - total;
    documents.push({ ...doc, firstChunk: total });
    total += doc.chunks.length;
  }
  const tags = new Map<string, { tag: string; documents: number; chunks: number }>();
  for (const d of documents) {
    for (const tag of d.containerTags) {
      const e = tags.get(tag) ?? { tag, documents: 0, chunks: 0 };
      e.documents++;
      e.chunks += d.chunks.length;
      tags.set(tag, e);
    }
  }
  return { seed: opts.seed, vocab, documents, chunkCount: total, tags: [...tags.values()].sort((a, b) => b.chunks - a.chunks) };
}

/** The text the pipeline would give the embedder for a chunk (title + content, see src/pipeline/chunk.ts). */
export function embeddedContent(doc: CorpusDocument, position: number): string {
  return `${doc.title}\n${doc.chunks[position]!}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------------------

export type QueryKind = 'keywords' | 'question' | 'sentence';

export interface BenchQuery {
  q: string;
  kind: QueryKind;
  /** Tag to search in, or undefined for an organisation-wide search. */
  containerTag: string | undefined;
  /** The document (corpus index) and chunk the query was written from. */
  targetDocument: number;
  targetPosition: number;
}

const QUESTION_TEMPLATES = [
  'how does the {a} {b} work',
  'what happened with the {a} and {b}',
  'why is the {a} {b} {c}',
  'notes about {a} {b} for {c}',
  'what did we decide on the {a} {b}',
  'how to {v} the {a}',
  '{a} {b} {c} issue',
];

function chunkWordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
}

export interface QueryOptions {
  seed: number;
  count: number;
  /** Chunks (global indices) that queries may be written from. */
  eligible?: (globalChunk: number) => boolean;
  /** Share of organisation-wide queries (no container tag). */
  untaggedShare?: number;
}

/** Queries written from known chunks: distinctive keywords, short questions, and lossy copies of a sentence. */
export function generateQueries(corpus: Corpus, options: QueryOptions): BenchQuery[] {
  const rng = createRng(seedFrom(options.seed, 'queries'));
  const untagged = options.untaggedShare ?? 0.1;
  const refs: [number, number][] = [];
  for (const d of corpus.documents) {
    for (let p = 0; p < d.chunks.length; p++) if (!options.eligible || options.eligible(d.firstChunk + p)) refs.push([d.index, p]);
  }
  if (refs.length === 0) throw new Error('no eligible chunks to write queries from');
  const out: BenchQuery[] = [];
  const { distinctive } = corpus.vocab;
  for (let i = 0; i < options.count; i++) {
    const [di, p] = rng.pick(refs);
    const doc = corpus.documents[di]!;
    const text = doc.chunks[p]!;
    const words = chunkWordsOf(text);
    const rare = [...new Set(words.filter((x) => distinctive.has(x) || /^[a-z]+-\d+$/.test(x)))];
    const r = rng.next();
    let q: string;
    let kind: QueryKind;
    if (r < 0.4 && rare.length >= 2) {
      kind = 'keywords';
      const n = Math.min(rare.length, rng.range(2, 4));
      q = shuffled(rare, rng).slice(0, n).join(' ');
    } else if (r < 0.7 && rare.length >= 3) {
      kind = 'question';
      const [a, b, c] = shuffled(rare, rng);
      const topic = corpus.vocab.topics[doc.topic]!;
      q = rng.pick(QUESTION_TEMPLATES).replace('{a}', a!).replace('{b}', b!).replace('{c}', c!).replace('{v}', topic.verbs.sample(rng));
    } else {
      kind = 'sentence';
      const sentences = text.split(/(?<=[.?])\s+/).filter((s) => s.split(' ').length >= 6);
      const s = sentences.length > 0 ? rng.pick(sentences) : text.slice(0, 120);
      q = s
        .replace(/[.?,]/g, '')
        .split(/\s+/)
        .filter(() => rng.chance(0.75))
        .join(' ')
        .toLowerCase();
      if (q.trim() === '') q = rare.slice(0, 3).join(' ') || 'status update';
    }
    out.push({
      q,
      kind,
      containerTag: rng.chance(untagged) ? undefined : doc.containerTags[0],
      targetDocument: di,
      targetPosition: p,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Ingestion documents
// ---------------------------------------------------------------------------------------------------------------

/** Distinct plain-text documents of about `bytes` bytes each (sentences are never cut; a little under or over). */
export function generateTextDocuments(seed: number, count: number, bytes = 1000): { text: string; topic: number }[] {
  const vocab = buildVocabulary(seed);
  const out: { text: string; topic: number }[] = [];
  for (let i = 0; i < count; i++) {
    const rng = createRng(seedFrom(seed, 'ingest', i));
    const topic = vocab.topicPicker.sample(rng);
    const ctx: SentenceContext = { vocab, topic, rng, topicBias: 0.45 };
    const sentences: string[] = [];
    let len = 0;
    for (;;) {
      const s = sentence(ctx);
      if (len + s.length + 1 > bytes && len > bytes * 0.8) break;
      sentences.push(s);
      len += s.length + 1;
      if (len >= bytes) break;
    }
    const mid = Math.ceil(sentences.length / 2);
    out.push({ text: `${sentences.slice(0, mid).join(' ')}\n\n${sentences.slice(mid).join(' ')}`, topic });
  }
  return out;
}
