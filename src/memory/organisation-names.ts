/**
 * Whether a capitalised name is shaped like an organisation's rather than a place's (issue 26, round 21): "Allegro
 * Technologies", "Kite Labs", "HubSpot", "Procter & Gamble". Only the shape is read (a company word at its end, a
 * capital inside one word, an ampersand), so "Heathrow", "Central Station" and "the Louvre" stay places: "Kit is at
 * Allegro Technologies now" is where Kit works, "Rosa is at Heathrow now" where Rosa is this minute.
 */
const COMPANY_WORD =
  /\s(?:Inc|Ltd|LLC|LLP|GmbH|AG|SA|SAS|BV|NV|PLC|Corp|Corporation|Co|Company|Group|Labs?|Technologies|Technology|Tech|Systems|Software|Solutions|Consulting|Consultants|Partners|Capital|Ventures|Bank|Insurance|Pharma|Pharmaceuticals|Therapeutics|Biotech|Analytics|Studios|Media|Games|Digital|Networks|Robotics|AI|Healthineers|Motors|Airlines|Airways|Energy|Foods|Logistics|Holdings|Industries|Interactive|Entertainment|Dynamics|Semiconductors?)\.?$/u;
// "HubSpot", "DeepMind", "PayPal": a capital inside a word (not "McAllen"-like Mc/Mac names, not "O'Hare").
const INNER_CAPITAL = /^(?!Mc|Mac|O['’])\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+$/u;

/** Whether `name` reads as an organisation's name by its shape alone. */
export function isOrganisationShaped(name: string): boolean {
  const n = name.trim();
  return COMPANY_WORD.test(n) || INNER_CAPITAL.test(n) || /\s&\s/.test(n);
}
