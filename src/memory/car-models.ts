import { ADV, f, type Build } from './attribute-words.js';

/**
 * Cars named by their model alone (issue 26, round 22): "gave the Golf to my nephew", "sold the Octavia", "I just
 * cycle everywhere on the new e-bike now". A model name is a car only when it is capitalised ("golf", "focus" and
 * "polo" are words), so the list is matched case-sensitively and only after a verb of giving a thing away or selling
 * it. Riding a bike or e-bike everywhere, or to work, is how the speaker gets around: the vehicle.
 */
export const CAR_MODELS =
  'Golf|Polo|Passat|Tiguan|Touran|Beetle|Octavia|Fabia|Superb|Fiesta|Focus|Mondeo|Kuga|Mustang|Corsa|Astra|Zafira|Insignia|Yaris|Corolla|Prius|Auris|Aygo|Camry|Clio|Megane|Mégane|Twingo|Zoe|Micra|Qashqai|Juke|Leaf|Jazz|Civic|Accord|Punto|Panda|Ibiza|Leon|Impreza|Outback|Forester|Sandero|Duster|Swift|Picanto|Sportage|Tucson|Ioniq|Kona|Berlingo|Kangoo|Transit|Sprinter|Defender|Discovery|Evoque|Cooper';
// "sold the Tucson house", "gave the Jazz tickets away": a model's name before a noun names that thing, not the car.
const MODEL = String.raw`(?<v>(?:(?:19|20)\d\d\s+)?(?:${CAR_MODELS})(?:\s+(?:estate|hatchback|GTI|TDI|diesel))?)(?![\p{L}\d-])(?!\s+(?:house|home|flat|apartment|place|ranch|cottage|condo|property|office|shop|store|tickets?|club|course|clubs|records?|albums?|shares|stock|business)\b)`;
const GIVEN_AWAY = String.raw`(?:gave|has given|have given|handed|passed|sold|has sold|have sold|got rid of|scrapped|traded in)`;
const BIKE = String.raw`(?<v>(?:(?:new|old|electric|cargo)\s+)*(?:e-?bike|ebike|bike|bicycle|scooter|e-scooter|motorbike|motorcycle))`;

export const CAR_MODEL_PATTERNS: [RegExp | RegExp[], Build][] = [
  // "gave the Golf to my nephew", "sold our old Fiesta", "passed the Polo on to my sister"
  [new RegExp(String.raw`^\s+${ADV}${GIVEN_AWAY}\s+(?:away\s+)?(?:the|my|our|his|her|their)\s+(?:old\s+|trusty\s+|beloved\s+)?${MODEL}`, 'u'), (g) => f('vehicle', g.v, { ended: true })],
  // "cycle(s) everywhere on the new e-bike now", "ride my bike to work"
  [
    new RegExp(
      String.raw`^\s+${ADV}(?:cycles?|rides?|gets? around|commutes?|goes|go)\s+(?:everywhere\s+|to work\s+|around\s+)?(?:on|by)\s+(?:the user's|\p{Lu}[\p{L}'-]*'s|the|my|our|his|her|their|an?)\s+${BIKE}\b`,
      'iu',
    ),
    (g) => f('vehicle', g.v),
  ],
];
