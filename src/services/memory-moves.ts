/**
 * Moves and stays said in other words than a residence (issue 26, round 16): "Gran has moved, so anything posted
 * should now go to her new flat in Whitstable", "Mum and Dad sold the house and moved to Kinsale", "back in the London
 * flat" after "working from my parents' place in Devon for two weeks". The engine files such facts under no attribute
 * or as a location, so neither a version chain nor a supersession key links them to the home they replace. Pure
 * functions over a fact's text and catalogue id, shared by ranking (memory-ranking.ts) and the profile.
 */

/**
 * A move said as done: "moved to Kinsale", "relocated to Denver", "has moved", "we've moved", "settled in Lisbon", a home
 * taken ("signed a lease in Berlin", "bought a house in Bath": round 20). Not
 * planned ("is moving", "will move", "plans to move" use no past form) and not "moved out of" (an ending) nor a move
 * to a person or a thing in lower case ("moved to a new dentist, Dr Achebe").
 */
const MOVED =
  /\b(?:moved|relocated)\s+(?:[\p{Ll}']+\s+){0,3}?(?:to|into)\s+(?:(?:a|an|the|her|his|their|our|my)\s+)?(?:new\s+)?(?:[\p{Ll}]+\s+){0,2}?\p{Lu}|\b(?:has|have|'ve|had)\s+(?:finally\s+|just\s+)?moved\b|\bsettled (?:in|into)\s+(?:[\p{Ll}]+\s+){0,2}?\p{Lu}|\b(?:signed|took)\s+(?:a|the)\s+(?:lease|tenancy|rental agreement)\s+(?:on|in|for)\s+(?:(?:a|an|the)\s+)?(?:[\p{Ll}]+\s+){0,2}?(?:in\s+)?\p{Lu}|\bbought\s+(?:a|our|my|their|his|her)\s+(?:first\s+|new\s+|own\s+)?(?:house|flat|home|apartment|place|condo|cottage)\s+in\s+\p{Lu}/u;
/** Words of a plan or a wish: "wants to move", "might have moved", "if we moved". */
// Read before the move only, in lower case ("in May 2026" is a date, "posted should now go to" comes after the move).
const NOT_DONE = /\b(?:want|wants|wanted|plan|plans|planning|hope|hopes|hoping|might|may|could|would|should|if|thinking|considering)\b/;
/** A home stated: "lives in", "living in", "based in", "home is", "house in". */
const HOME = /\b(?:lives?|living|based|resides?|residing|home is|address is|house in|flat in)\b/i;

/**
 * A new home named by its place (round 19): "The user's new flat is in Hackney", "new flat in Mokotow", "our new place
 * is in Leith". A new home is a move, said without the verb.
 */
const NEW_HOME = /\bnew\s+(?:flat|house|home|place|apartment|flatshare|houseshare|address)\s+(?:is\s+|was\s+)?(?:in|at)\s+(?:(?:the\s+)?\p{Ll}+\s+of\s+)?\p{Lu}/u;

/** Whether a fact says its subject moved home, as done. */
export function movedHome(text: string, id: string): boolean {
  // "moved to PwC", "moved to the Berlin office": a job, not a home.
  if (id === 'employer' || id === 'role') return false;
  const m = MOVED.exec(text) ?? NEW_HOME.exec(text);
  return m !== null && !NOT_DONE.test(text.slice(0, m.index));
}

/** A place said to be home: "Bristol is home.", "Leeds is our home now". */
const PLACE_IS_HOME = /\p{Lu}[\p{L}-]+\s+is\s+(?:(?:my|our|his|her|their|the user's)\s+)?home\b/u;

/** Whether a fact states where its subject lives (filed as a residence, or said with a verb of living). */
export function statesHome(text: string, id: string): boolean {
  if (id === 'residence') return true;
  return (id === 'other' || id === 'location') && (HOME.test(text) || PLACE_IS_HOME.test(text)) && !MOVED.test(text) && !NEW_HOME.test(text);
}

/**
 * Back from a stay, said of the subject: "is back in Manchester", "Back home in Dublin" (opening the fact), "got back
 * from Lisbon", "returned home". Not "the community center back home" nor "taking us back in time" (no verb of the
 * subject before "back").
 */
const BACK = /(?:^|\b(?:is|am|are|was|were|'s|'m|'re|now|just|got|came|arrived|finally)\s+)[Bb]ack (?:in|at|home|to|from)\b|\breturned (?:to|home|from)\b|\bgot back\b/;
// Not "while" or "away": "a while back", "away from the court" bound nothing.
const STAY = /\bfor (?:a|an|one|two|three|four|five|six|a few|a couple of|\d+) (?:days?|nights?|weeks?|months?)\b|\b(?:until|till|this week|visiting|trip|holiday|vacation)\b/i;

/** Back at a named place: "back in Berlin as of this week", "back home in Dublin", "back to Leeds". */
const BACK_AT_PLACE = /(?:^|\b(?:is|am|are|was|were|'s|'m|'re|now|just|got|came|arrived|finally)\s+)[Bb]ack (?:home )?(?:in|to|at)\s+\p{Lu}/u;

/**
 * Whether a fact says its subject is back at a named place ("I'm back in Berlin as of this week", "Back home in
 * Dublin"): that is where they are based now, whatever was said of a home before.
 */
export function backAtPlace(text: string): boolean {
  const m = BACK_AT_PLACE.exec(text);
  // "in Lisbon until March, then back home to Dublin" is a plan.
  return m !== null && !NOT_DONE.test(text.slice(0, m.index)) && !PLANNED_RETURN.test(text.slice(0, m.index));
}
const PLANNED_RETURN = /\b(?:then|until|till|will|going to|'ll)\b/i;

/** Whether a fact says its subject is back from somewhere. */
export function backFromStay(text: string): boolean {
  const m = BACK.exec(text);
  return m !== null && !NOT_DONE.test(text.slice(0, m.index));
}

/** Whether a fact tells a stay bounded in time (or expires: the engine read its end). */
export function boundedStay(text: string, expires: boolean): boolean {
  return (expires || STAY.test(text)) && !BACK.test(text);
}
