/**
 * The one test of a looking-back gerund, shared by since-clauses.ts and clause-tense.ts (review23 F1, F5, F12): an
 * "-ing" verb of the speaker's that opens a clause after "since", "after" or "now that" ("relocating to Bristol",
 * "moving here", "quitting my job"). It holds only when the gerund ends the clause or is followed by its object or
 * place; a gerund with a verb of its own is the subject of a clause ("quitting is not an option", "training starts on
 * Saturday", "moving day is on Friday") and does not look back. When unsure it says no.
 */

// "-ing" nouns that are never a looking-back verb ("the wedding", "morning training").
const GERUND =
  /^(?:(?:finally|just|first|properly)\s+)?(?!(?:morning|evening|wedding|meeting|spring|thing|nothing|something|anything|everything|king|ring|wing|string|sibling|ceiling|building|during|christening|outing|earring|offspring)\b)\p{Ll}{2,}ing\b(?<tail>.*)$/su;
// What may follow the gerund: its object or place, or the clause's end.
const OBJECT = /^(?:$|(?:to|from|into|at|in|on|out|up|back|off|over|away|abroad|here|there|home|the|my|our|his|her|their|a|an)\b|\p{Lu})/u;

/** Whether `clause` opens on a gerund of the speaker's that looks back (followed by its object or place, or nothing). */
export function gerundLooksBack(clause: string): boolean {
  const gerund = GERUND.exec(clause.trim());
  return gerund !== null && OBJECT.test(gerund.groups!.tail!.trim());
}
