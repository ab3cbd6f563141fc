/**
 * A place said as where someone is, with nothing of a trip about it (issue 26, blind23: "I'm in Galway and my mum lives
 * in Cork, what's a halfway place to meet?" filed "The user is in Galway." as a location): for "where does the user
 * live?" it is no other attribute's fact, so it does not count against itself as one. A trip, a visit or a stay said
 * with it ("is in Lisbon for a conference", "is in Rome this week") keeps it a location.
 */
const IS_IN_PLACE = /\b(?:is|am|are)\s+(?:now\s+|currently\s+|still\s+)?(?:in|based in|living in)\s+\p{Lu}/u;
const AWAY =
  /\b(?:trip|visit\w*|holiday\w*|vacation\w*|conference|festival|travel\w*|flying|flew|staying|stay|tour\w*|for (?:a|the|two|three|\d+)\b|this (?:week|weekend|month)|today|tonight|tomorrow|until|till|back)\b/i;

/** Whether a location fact reads as where its subject is based ("The user is in Galway."). */
export function locationReadsAsHome(memory: string): boolean {
  return IS_IN_PLACE.test(memory) && !AWAY.test(memory);
}
