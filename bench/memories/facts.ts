/**
 * Deterministic synthetic memories of one user: short third-person facts about the user and the people around
 * them, lasting (job, allergy, home town: static) or dated events and plans (dynamic), each with a question a client
 * would search for it. Slots are filled from word lists with a seeded PRNG, so every fact is distinct and no fact
 * repeats another's words (the relation judge would merge it as a duplicate).
 */
import { createRng, seedFrom, type Rng } from '../corpus.js';

export interface SyntheticFact {
  text: string;
  isStatic: boolean;
  /** A question or keyword query this fact answers. */
  query: string;
}

const FIRST = ['Alex', 'Maya', 'Jonas', 'Priya', 'Tomas', 'Lena', 'Omar', 'Chloe', 'Rafael', 'Ines', 'Kenji', 'Sofia', 'Marek', 'Aisha', 'Hugo', 'Nadia'];
const RELATIONS = ['sister', 'brother', 'mother', 'father', 'cousin', 'colleague', 'neighbour', 'friend', 'manager', 'partner', 'uncle', 'aunt'];
const JOBS = ['nurse', 'architect', 'data analyst', 'teacher', 'carpenter', 'pharmacist', 'translator', 'pilot', 'chef', 'lawyer', 'electrician', 'photographer', 'surgeon', 'librarian', 'accountant', 'journalist'];
const COMPANIES = ['Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella Labs', 'Stark Logistics', 'Wayne Foods', 'Acme Rail', 'Hooli', 'Vandelay Imports', 'Soylent Farms', 'Tyrell Design'];
const CITIES = [
  'Lyon',
  'Porto',
  'Krakow',
  'Osaka',
  'Valencia',
  'Ghent',
  'Bergen',
  'Tallinn',
  'Seville',
  'Graz',
  'Lucerne',
  'Bologna',
  'Dublin',
  'Quebec',
  'Adelaide',
  'Cusco',
  'Hanoi',
  'Tbilisi',
  'Marrakesh',
  'Reykjavik',
];
const FOODS = ['peanuts', 'shellfish', 'gluten', 'lactose', 'sesame', 'kiwi', 'soy', 'eggs', 'walnuts', 'mustard', 'celery', 'strawberries'];
const CATEGORIES: Record<string, string[]> = {
  band: ['Radiohead', 'Fleetwood Mac', 'Daft Punk', 'Portishead', 'ABBA', 'Queen', 'Massive Attack', 'The Cure'],
  book: ['Dune', 'Middlemarch', 'The Hobbit', 'Beloved', 'Ulysses', 'Emma', 'Solaris', 'Persuasion'],
  dish: ['ramen', 'paella', 'moussaka', 'pho', 'lasagne', 'tagine', 'risotto', 'goulash'],
  sport: ['tennis', 'rowing', 'climbing', 'badminton', 'fencing', 'handball', 'surfing', 'curling'],
  film: ['Amelie', 'Alien', 'Heat', 'Arrival', 'Vertigo', 'Paprika', 'Casablanca', 'Parasite'],
};
const LANGUAGES = ['Portuguese', 'Japanese', 'Polish', 'Arabic', 'Finnish', 'Greek', 'Korean', 'Dutch', 'Swahili', 'Hindi'];
const ACTIVITIES = [
  'went hiking',
  'ran a half marathon',
  'went kayaking',
  'visited a pottery studio',
  'attended a jazz concert',
  'went camping',
  'took a cooking class',
  'visited a museum',
  'went skiing',
  'joined a chess tournament',
  'played volleyball',
  'went birdwatching',
];
const OBJECTS = ['a road bike', 'a telescope', 'an espresso machine', 'a sewing machine', 'a drone', 'a violin', 'a tent', 'a standing desk', 'a kayak', 'a record player', 'a camera lens', 'a sourdough starter kit'];
const OCCASIONS = ['a birthday', 'an anniversary', 'a housewarming', 'a graduation', 'a wedding', 'a retirement party'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Alex" (the user) or "Alex's sister Maya". */
function person(rng: Rng): string {
  if (rng.chance(0.35)) return 'Alex';
  return `Alex's ${rng.pick(RELATIONS)} ${rng.pick(FIRST.slice(1))}`;
}

const date = (rng: Rng) => `${rng.range(1, 28)} ${rng.pick(MONTHS)} ${rng.range(2019, 2026)}`;

type Template = (rng: Rng) => SyntheticFact;

const TEMPLATES: readonly Template[] = [
  (rng) => {
    const [p, job, co, city] = [person(rng), rng.pick(JOBS), rng.pick(COMPANIES), rng.pick(CITIES)];
    return { text: `${p} works as a ${job} at ${co} in ${city}.`, isStatic: true, query: `What does ${p} do at ${co}?` };
  },
  (rng) => {
    const [p, food, other] = [person(rng), rng.pick(FOODS), rng.pick(FOODS)];
    return { text: `${p} is allergic to ${food} and avoids ${other} since ${rng.range(1990, 2024)}.`, isStatic: true, query: `Is ${p} allergic to ${food}?` };
  },
  (rng) => {
    const p = person(rng);
    const category = rng.pick(Object.keys(CATEGORIES));
    const item = rng.pick(CATEGORIES[category]!);
    return { text: `${p}'s favourite ${category} is ${item}, discovered in ${rng.pick(CITIES)}.`, isStatic: true, query: `${p} favourite ${category}` };
  },
  (rng) => {
    const [p, city, lang] = [person(rng), rng.pick(CITIES), rng.pick(LANGUAGES)];
    return { text: `${p} grew up in ${city} and speaks ${lang} at home.`, isStatic: true, query: `Where did ${p} grow up?` };
  },
  (rng) => {
    const [p, act, city, d] = [person(rng), rng.pick(ACTIVITIES), rng.pick(CITIES), date(rng)];
    return { text: `${p} ${act} near ${city} on ${d}.`, isStatic: false, query: `When did ${p} go to ${city}?` };
  },
  (rng) => {
    const [p, city, m, other] = [person(rng), rng.pick(CITIES), rng.pick(MONTHS), rng.pick(FIRST)];
    return { text: `${p} is planning a trip to ${city} with ${other} in ${m} ${rng.range(2024, 2027)}.`, isStatic: false, query: `trip plans to ${city}` };
  },
  (rng) => {
    const [p, obj, occ, d] = [person(rng), rng.pick(OBJECTS), rng.pick(OCCASIONS), date(rng)];
    return { text: `${p} bought ${obj} for ${occ} on ${d}.`, isStatic: false, query: `What did ${p} buy for ${occ}?` };
  },
  (rng) => {
    const [p, other, dish, city, d] = [person(rng), rng.pick(FIRST), rng.pick(CATEGORIES.dish!), rng.pick(CITIES), date(rng)];
    return { text: `${p} had ${dish} with ${other} at a restaurant in ${city} on ${d}.`, isStatic: false, query: `dinner with ${other} in ${city}` };
  },
];

/** `count` distinct facts (their text, normalised, never repeats) and their queries, the same for the same seed. */
export function generateFacts(seed: number, count: number): SyntheticFact[] {
  const rng = createRng(seedFrom(seed, 'memories'));
  const seen = new Set<string>();
  const out: SyntheticFact[] = [];
  while (out.length < count) {
    const fact = rng.pick(TEMPLATES)(rng);
    const key = fact.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(fact);
  }
  return out;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const REPLIES = ['That sounds lovely!', 'Nice, thanks for telling me.', 'Good to know.', 'How exciting!', 'Noted.', 'Oh, how was it?'];

/** First-person sentences of one user, the kind the memory step extracts facts from. */
const CHAT_LINES: readonly ((rng: Rng) => string)[] = [
  (rng) => `I had ${rng.pick(CATEGORIES.dish!)} with my ${rng.pick(RELATIONS)} ${rng.pick(FIRST.slice(1))} in ${rng.pick(CITIES)} last ${rng.pick(WEEKDAYS)}.`,
  (rng) => `My ${rng.pick(RELATIONS)} ${rng.pick(FIRST.slice(1))} works as a ${rng.pick(JOBS)} at ${rng.pick(COMPANIES)}.`,
  (rng) => `I'm planning a trip to ${rng.pick(CITIES)} in ${rng.pick(MONTHS)}.`,
  (rng) => `I bought ${rng.pick(OBJECTS)} for ${rng.pick(OCCASIONS)}.`,
  (rng) => `I ${rng.pick(ACTIVITIES)} near ${rng.pick(CITIES)} on ${date(rng)}.`,
  (rng) => `I'm learning ${rng.pick(LANGUAGES)} and practise every ${rng.pick(WEEKDAYS)}.`,
  (rng) => `My favourite ${rng.pick(['book', 'film', 'band'])} right now is ${rng.pick([...CATEGORIES.book!, ...CATEGORIES.film!, ...CATEGORIES.band!])}.`,
];

/**
 * `count` similar user/assistant chats of one user (two or three first-person lines, each answered), the same for
 * the same seed: what an app sends turn after turn into one container tag.
 */
export function generateChatDocuments(seed: number, count: number): string[] {
  const rng = createRng(seedFrom(seed, 'memory-chats'));
  return Array.from({ length: count }, () => {
    const lines = Array.from({ length: rng.range(2, 3) }, () => rng.pick(CHAT_LINES)(rng));
    return lines.map((l) => `user: ${l}\nassistant: ${rng.pick(REPLIES)}`).join('\n');
  });
}
