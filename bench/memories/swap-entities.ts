/**
 * An entity-swap robustness split (issue 26, round 16): rewrites scenario files with a consistent, seeded
 * substitution of their entities — people, places, employers, schools, pets, gyms, streets, dishes and drugs — in
 * documents, questions, current / stale answers and expected profiles alike, so every answer still matches. The
 * held-out split has not moved in four rounds while every proxy rose; one reason may be that its entities differ from
 * ours (our rules may lean on the first names, cities and employers our own sets use). A swapped split measures that.
 *
 * The source side (`SOURCE`) is an inventory of the entities the proxy splits use; the target side (`TARGETS`) was
 * written for this generator, not taken from the engine's lexicons: names from many cultures (short ones, two-word and
 * hyphenated ones, names that are also common words: Hope, Will, June, Bill), towns and cities worldwide (multi-word,
 * accented), employers that are multi-word, lowercase, numeric or accented. The mapping is per scenario (seeded by
 * the seed and the scenario id), so one run rewrites each scenario the same way, and a target word that already
 * occurs in a scenario is never chosen for it (a name "June" beside the month June would make the answer ambiguous).
 *
 *   npx tsx bench/memories/swap-entities.ts --seed 17 --split swap17 --out test/fixtures/memory-scenarios/swap17.json \
 *     test/fixtures/memory-scenarios/{dev,fresh16,ask16,rank15}.json
 *
 * Never point it at the held-out split.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseJsonFile, ScenarioFile, type Scenario } from './scenarios.js';

export type EntityKind = 'female' | 'male' | 'either' | 'surname' | 'city' | 'employer' | 'school' | 'pet' | 'gym' | 'street' | 'dish' | 'allergen-drug' | 'drug';

/** Entities of the proxy splits, by kind. Lowercase occurrences are swapped too, except for words in `COMMON_WORDS`. */
export const SOURCE: Record<EntityKind, readonly string[]> = {
  female: [
    'Maya',
    'Priya',
    'Lena',
    'Sofia',
    'Hana',
    'Caroline',
    'Ines',
    'Ruth',
    'Ola',
    'Maisie',
    'Cecilia',
    'Lily',
    'Carol',
    'Jess',
    'Mary Ann',
    'Mary Jane',
    'Mary',
    'Joan',
    'Annika',
    'Anika',
    'Liz',
    'Freya',
    'Shelly',
    'Rachel',
    'Melanie',
    'Isla',
    'Lucia',
    'Karen',
    'Joanna',
    'Aiko',
    'Meera',
    'Lucy',
    'Helen',
    'Amara',
    'Sunita',
    'Doreen',
    'Nina',
    'Lina',
    'Ama',
    'Mel',
    'Nkechi',
    'Rose',
  ],
  male: [
    'Tom',
    'Nate',
    'Finn',
    'Jonas',
    'Gareth',
    'Trevor',
    'Erik',
    'Jake',
    'Rhys',
    'Ollie',
    'Kenji',
    'Ren',
    'Hugo',
    'Jon',
    'Raj',
    'Dan',
    'Arthur',
    'Felix',
    'Marco',
    'Kofi',
    'David',
    'Owen',
    'Euan',
    'Ben',
    'Rob',
    'Omar',
    'Leo',
    'Ray',
    'Frank',
    'Evan',
    'Robert',
    'Alfie',
    'Hamid',
    'Mark',
    'Max',
  ],
  either: ['Sam', 'Dana', 'Jo', 'Alex', 'Jordan', 'Dev'],
  surname: [
    'Chen',
    'Silva',
    'Kline',
    'Reyes',
    'Otieno',
    'Weber',
    'Berg',
    'Baker',
    'Cole',
    'Doyle',
    'Nair',
    'Mills',
    'Ng',
    'Price',
    'Qureshi',
    'Halvorsen',
    'Beale',
    'Pike',
    'Pryce',
    'Marsh',
    'Obi',
    'Kim',
    'Weiss',
    'Fern',
    'Haddad',
    'Lim',
    'Rao',
    'Okafor',
    'Tanaka',
    'Kovacs',
    'Byrne',
    'Achebe',
    'Mensah',
    'Harris',
    'Grainger',
    'Foster',
  ],
  city: [
    'Boston',
    'Seattle',
    'Lisbon',
    'Paris',
    'Manchester',
    'Leeds',
    'Denver',
    'Oslo',
    'Bristol',
    'Austin',
    'Cardiff',
    'Bergen',
    'York',
    'Edinburgh',
    'Tucson',
    'Chicago',
    'Valencia',
    'Portland',
    'Lyon',
    'Singapore',
    'Halifax',
    'Glasgow',
    'London',
    'Newport',
    'Berlin',
    'Madrid',
    'Toronto',
    'Norwich',
    'Exeter',
    'Galway',
    'Croydon',
    'Sutton',
    'Swansea',
    'Hackney',
    'Inverness',
    'Porto',
    'Copenhagen',
    'Montreal',
    'Sheffield',
    'Aberdeen',
    'Whitstable',
    'Walthamstow',
    'Accra',
    'Whitby',
    'Chorlton',
    'Shoreditch',
    'Brighton',
    'Leith',
    'Cork',
    'Bethnal Green',
    'Headingley',
    'Redland',
    'Reading',
  ],
  employer: [
    'Figma',
    'Stripe',
    'Monzo',
    'Deloitte',
    'Ocado',
    'Spotify',
    'Equinor',
    'Arup',
    'Clifford Chance',
    'Google',
    'Shopify',
    'Acme',
    'Tesco',
    'Pret',
    'Wise',
    'Datadog',
    'KPMG',
    'Baker & Lowe',
    'Siemens',
    'Bosch',
    'Globex',
    'Mott MacDonald',
    'Brightline',
    'Dishoom',
    'Ember',
    'Deliveroo',
    'Airbnb',
    'Atlassian',
    'Halvorsen Marine',
    'Accenture',
    'Fenwick Foods',
    'Halden Logistics',
    'Plaid',
    'Amazon',
    'Boots',
    'Lloyds',
    'Barclays',
    'Price & Daughters',
    'Etihad',
    'RBC',
  ],
  school: ['Hillside', 'Oakfield', 'Kingsmead', 'Little Acorns', 'Hollins', 'St Marys', 'Parkside'],
  pet: ['Biscuit', 'Nibbles', 'Dash', 'Sooty', 'Kiwi', 'Mochi', 'Juno', 'Bruno', 'Miso', 'Clover', 'Pepper', 'Rufus'],
  gym: ['PureGym', 'Gymbox', 'BoulderBarn', 'Third Space'],
  street: ['Mill Road', 'Elm Grove', 'Harbour Street', 'Kirkstall Lane'],
  dish: ['tacos', 'sushi', 'curry', 'risotto', 'porridge'],
  'allergen-drug': ['penicillin', 'penicilin', 'amoxicillin'],
  drug: ['metformin', 'amlodipine'],
};

/** Source entities that are also English words: only their capitalised occurrences are entities. */
const COMMON_WORDS = new Set([
  'dev',
  'mark',
  'max',
  'rose',
  'dash',
  'kiwi',
  'pepper',
  'clover',
  'biscuit',
  'miso',
  'wise',
  'boots',
  'ember',
  'cork',
  'ruth',
  'will',
  'price',
  'marsh',
  'fern',
  'baker',
  'berg',
  'mills',
  'pike',
  'plaid',
  'jess',
  'ben',
  'dan',
  'ray',
  'frank',
  'rob',
  'cole',
  'doyle',
]);

/** Replacements written for this generator. */
export const TARGETS: Record<EntityKind, readonly string[]> = {
  female: [
    'Nkechi',
    'Hope',
    'June',
    'Mei',
    'Aroha',
    'Siobhan',
    'Thandiwe',
    'Zsófia',
    'Ngozi',
    'Anne-Marie',
    'Mary Beth',
    'Yuki',
    'Li',
    'Ife',
    'Saoirse',
    'Dagny',
    'Precious',
    'Pilar',
    'Ewa',
    'Amira',
    'Bích Ngọc',
    'Astrid',
    'Xochitl',
    'Hine',
    'Olufunke',
    'Paz',
    'Noa',
    'Joy',
    'Faith',
    'Oyuna',
    'Radhika',
    'Małgorzata',
    'Fatou',
    'Esi',
    'Marie-Claire',
    'Ayşe',
    'Kiri',
    'Lan',
    'Dörte',
    'Wanjiru',
    'Ilse',
    'Bo-ra',
  ],
  male: [
    'Bill',
    'Will',
    'Mo',
    'Kwame',
    'Tariq',
    'Jean-Luc',
    'Bao',
    'Chidi',
    'Søren',
    'Rangi',
    'Ivo',
    'Tiago',
    'Sipho',
    'Dmitri',
    'Ahmad',
    'Juan Pablo',
    'Eitan',
    'Luka',
    'Hemi',
    'Wen',
    'Ruairí',
    'Yaw',
    'Ali',
    'Art',
    'Guy',
    'Rich',
    'Bongani',
    'Jae-won',
    'Olek',
    'Thabo',
    'Ioane',
    'Kaveh',
    'Florin',
    'Oisín',
    'Anh',
    'Sione',
    'Nuno',
    'Kalle',
  ],
  either: ['Robin', 'Sasha', 'Noor', 'Kai', 'Ash', 'Sky', 'Jules', 'Rowan', 'Nikita', 'Eden'],
  surname: [
    'Adeyemi',
    'Nguyen',
    'Kowalczyk',
    "O'Brien",
    'García Márquez',
    'Al-Sayed',
    'van der Berg',
    'Ferreira-Lopes',
    'Mbeki',
    'Tanabe',
    'Ó Súilleabháin',
    'Papadopoulos',
    'Ngata',
    'Oyelaran',
    'Srinivasan',
    'de la Cruz',
    'Hämäläinen',
    'Mwangi',
    'Castellanos',
    'Babatunde',
    'Yilmaz',
    'Rakotomalala',
    'Dlamini',
    'Fitzgerald-Hughes',
    'Park',
    'Ivanova',
    'Bianchi',
    'Haugen',
    'Tuilagi',
    'Ochieng',
    'Brown',
    'Lee',
    'Sørensen',
    'MacLeod',
    'Ahmadi',
    'Kapoor',
    'Nakamura',
    'Quispe',
    'Zhou',
    'Abebe',
  ],
  city: [
    'Bad Homburg',
    'Ciudad del Este',
    'Hoi An',
    'Tbilisi',
    'Tromsø',
    'Ouagadougou',
    'Kraków',
    'Ponta Delgada',
    'Saint-Étienne',
    'Kota Kinabalu',
    'Da Nang',
    'Villa María',
    'Esch-sur-Alzette',
    'Ulaanbaatar',
    'Ballarat',
    'Dunedin',
    'Cuenca',
    'Arequipa',
    'Mombasa',
    'Jinja',
    'Iloilo',
    'Temuco',
    'Ghent',
    'Ely',
    'Hebden Bridge',
    'Totnes',
    'Lerwick',
    'Trondheim',
    'Lviv',
    'Cluj-Napoca',
    'Las Palmas',
    'Stoke-on-Trent',
    'Milton Keynes',
    'Newcastle upon Tyne',
    'St Ives',
    'Tórshavn',
    'Nuuk',
    'Bath',
    'Wells',
    'Hove',
    'Kisumu',
    'Aix-en-Provence',
    'Hobart',
    'Oaxaca',
    'Kumasi',
    'Ipoh',
    'Tartu',
    'Bruges',
    'Split',
    'Zadar',
    'Coimbra',
    'Gdańsk',
    'Salta',
    'Chiang Mai',
    'Port Louis',
    'Bendigo',
    'Thunder Bay',
    'Moose Jaw',
    'Rotorua',
    'Galle',
  ],
  employer: [
    'Halden & Moss Surveyors',
    'Halden & Moss',
    'blue yonder labs',
    'N26',
    'Ørsted',
    'Kainos',
    'Zalando',
    'Tata Consultancy Services',
    'Safaricom',
    'Grupo Bimbo',
    'Mercado Libre',
    'Naspers',
    'Infosys',
    'Canva',
    'Xero',
    'Rakuten',
    'Jollibee',
    'Fonterra',
    'Cotswold Outdoor',
    'Harper & Finch Architects',
    'northwind analytics',
    'Brightwater Veterinary',
    'Dunmore Council',
    '3M',
    'H&M',
    'Marks & Spencer',
    'Nando’s',
    'Bolt',
    'Kongsberg',
    'Vinted',
    'Glovo',
    'Tabby',
    'Paystack',
    'Škoda Auto',
    'Arçelik',
    'Wipro',
    'Sainsbury’s',
    'kite & key studio',
    'Ruralco',
    'Thistle Housing Association',
    'OVO',
    'Lidl',
    'Pōhutu Tours',
    'GreenLeaf',
    'Maersk',
  ],
  school: ['Greenfields', 'St Aidan’s', 'Bramble Hill', 'Al-Noor', 'Ashgrove', 'Ysgol y Graig', 'Holy Cross', 'Te Kura', 'Riverbend', 'Willowdene'],
  pet: ['Pip', 'Bean', 'Pickle', 'Button', 'Smudge', 'Noodle', 'Toffee', 'Socks', 'Bear', 'Storm', 'Tofu', 'Chai', 'Mango', 'Ziggy', 'Olive', 'Fudge', 'Hank', 'Boo'],
  gym: ['Anytime Fitness', 'the Foundry', 'Climb Zone', 'Studio Lagom', 'Fitness First', 'Better Leisure'],
  street: ['Calle Mayor', 'Kloof Street', 'Jalan Besar', 'Via Roma', 'Rue des Carmes', 'Ngong Road'],
  dish: ['jollof rice', 'bún chả', 'pierogi', 'shakshuka', 'congee', 'bobotie', 'khachapuri', 'laksa'],
  'allergen-drug': ['cefalexin', 'clarithromycin', 'trimethoprim', 'nitrofurantoin', 'doxycycline'],
  drug: ['sitagliptin', 'bisoprolol', 'levothyroxine', 'gliclazide', 'losartan', 'empagliflozin'],
};

/** Spelling variants that must map to one target (a typo of the same drug). */
const SAME_AS: Record<string, string> = { penicilin: 'penicillin' };

/** A small deterministic generator (mulberry32) seeded from a string. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const entityPattern = (words: readonly string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(${[...words]
      .sort((x, y) => y.length - x.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );

const ALL_SOURCES = Object.values(SOURCE).flat();
const KIND_OF = new Map<string, EntityKind>(Object.entries(SOURCE).flatMap(([k, ws]) => ws.map((w) => [w.toLowerCase(), k as EntityKind] as const)));
const SOURCE_RE = entityPattern(ALL_SOURCES);

/** Every string a scenario sends or expects (ids, dates, roles and kinds are not text). */
function texts(x: unknown, out: string[] = []): string[] {
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) for (const y of x) texts(y, out);
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) if (!['id', 'family', 'date', 'kind', 'role', 'conversationId'].includes(k)) texts(v, out);
  return out;
}

/** The occurrence is an entity: capitalised, or lowercase for a word that is not also an English word. */
function isEntityOccurrence(occurrence: string): boolean {
  const canonical = ALL_SOURCES.find((w) => w.toLowerCase() === occurrence.toLowerCase())!;
  if (occurrence === canonical) return true;
  if (canonical === canonical.toLowerCase()) return true; // dishes and drugs: any case
  return occurrence === occurrence.toLowerCase() && !COMMON_WORDS.has(occurrence);
}

/** Renders a target in the case of the occurrence it replaces (lowercase chat stays lowercase). */
function inCaseOf(target: string, occurrence: string, canonical: string): string {
  if (occurrence === canonical) return target;
  if (occurrence === occurrence.toLowerCase()) return target.toLowerCase();
  if (canonical === canonical.toLowerCase() && /^\p{Lu}/u.test(occurrence)) return target.charAt(0).toUpperCase() + target.slice(1);
  return target;
}

/** The substitution for one scenario: each source entity it names gets a target of its kind no other entity took. */
export function scenarioMapping(scenario: Scenario, seed: string, targets: Record<EntityKind, readonly string[]> = TARGETS, minClashWord = 2): Map<string, string> {
  const all = texts(scenario);
  const found: string[] = [];
  for (const t of all)
    for (const m of t.matchAll(SOURCE_RE)) {
      const key = SAME_AS[m[1]!.toLowerCase()] ?? m[1]!.toLowerCase();
      if (isEntityOccurrence(m[1]!) && !found.includes(key)) found.push(key);
    }
  const words = new Set(all.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)));
  // Answers are matched as substrings of memory text: an entity named in an answer gets a target no word contains.
  const answers = texts([scenario.questions, scenario.profile]).join(' ').toLowerCase();
  const fitsAnswer = (t: string) => t.length >= 4 && ![...words].some((w) => w !== t.toLowerCase() && w.includes(t.toLowerCase()));
  const random = seededRandom(`${seed}:${scenario.id}`);
  const taken = new Set<string>();
  const mapping = new Map<string, string>();
  for (const key of found.sort()) {
    const kind = KIND_OF.get(key)!;
    const inAnswer = new RegExp(`(?<![\\p{L}\\p{N}])${escape(key)}(?![\\p{L}\\p{N}])`, 'u').test(answers);
    const free = targets[kind].filter(
      (t) =>
        !taken.has(t) &&
        !t
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .some((w) => w.length >= minClashWord && words.has(w)) &&
        (!inAnswer || fitsAnswer(t)),
    );
    if (free.length === 0) throw new Error(`${scenario.id}: no free ${kind} left for ${key}`);
    const target = free[Math.floor(random() * free.length)]!;
    taken.add(target);
    mapping.set(key, target);
  }
  return mapping;
}

/** Rewrites one text with a scenario's mapping. */
export function swapText(text: string, mapping: ReadonlyMap<string, string>): string {
  return text.replace(SOURCE_RE, (occurrence: string) => {
    const key = SAME_AS[occurrence.toLowerCase()] ?? occurrence.toLowerCase();
    const target = mapping.get(key);
    if (target === undefined || !isEntityOccurrence(occurrence)) return occurrence;
    const canonical = ALL_SOURCES.find((w) => w.toLowerCase() === occurrence.toLowerCase())!;
    return inCaseOf(target, occurrence, canonical);
  });
}

function rewrite<T>(x: T, mapping: ReadonlyMap<string, string>, key?: string): T {
  if (typeof x === 'string') return (key && ['id', 'family', 'date', 'kind', 'role', 'conversationId'].includes(key) ? x : swapText(x, mapping)) as T;
  if (Array.isArray(x)) return x.map((y) => rewrite(y, mapping)) as T;
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, rewrite(v, mapping, k)])) as T;
  return x;
}

/** One scenario with its entities swapped, under a new id. */
export function swapScenario(scenario: Scenario, seed: string, idPrefix: string, targets?: Record<EntityKind, readonly string[]>, minClashWord?: number): Scenario {
  const mapping = scenarioMapping(scenario, seed, targets, minClashWord);
  return { ...rewrite(scenario, mapping), id: `${idPrefix}${scenario.id}`.slice(0, 100) };
}

async function main(): Promise<void> {
  const { values: a, positionals } = parseArgs({
    allowPositionals: true,
    options: { seed: { type: 'string', default: '17' }, split: { type: 'string', default: 'swap17' }, out: { type: 'string' }, prefix: { type: 'string', default: 's17-' } },
  });
  if (!a.out || positionals.length === 0) throw new Error('--out <file> <scenario files...>');
  if (positionals.some((f) => /holdout/i.test(f))) throw new Error('never the held-out split');
  const scenarios = positionals.flatMap((f) => parseJsonFile(f, ScenarioFile).scenarios.map((s) => swapScenario(s, a.seed!, a.prefix!)));
  const out = {
    split: a.split!,
    note: `Entity swap of ${positionals.map((f) => path.basename(f)).join(', ')} (seed ${a.seed}) by bench/memories/swap-entities.ts: people, places, employers, schools, pets, gyms, streets, dishes and drugs replaced consistently per scenario in documents, questions, answers and profiles.`,
    scenarios,
  };
  fs.writeFileSync(a.out, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`${scenarios.length} scenarios -> ${a.out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
