/**
 * "mobile team here, iOS mostly", "Payments team here!": a speaker introducing themselves by their team says they are
 * on it ("I'm on the mobile team"), as "Maya here" says who is speaking. Only with the word "team" (or "squad"), so
 * "backend here" or "London here" are left alone.
 */
const TEAM_HERE = /^\s*(?:(?:hi|hey|hello|yo)[,!]?\s+)?(?:the\s+)?(?<team>(?:[\p{L}\d&/-]+\s+){1,3}?)(?<word>team|squad)\s+here\b\s*(?:[,.!:;—–-]+\s*)?(?<rest>.*)$/iu;
const NOT_TEAM = /^(?:the|a|an|my|our|your|whole|entire|same|other|new|old|this|that)\s*$/i;

/** The sentence with a team introduction said as a statement; unchanged otherwise. */
export function teamHere(sentence: string): string {
  const m = TEAM_HERE.exec(sentence);
  if (!m?.groups) return sentence;
  const team = m.groups.team!.trim();
  if (NOT_TEAM.test(team)) return sentence;
  const rest = m.groups.rest!.trim();
  // What follows ("iOS mostly", "quick question about SQL") is an aside or a request, no part of the team; a
  // statement of its own after it is joined with "and", so it splits off as a clause of its own.
  const own = /^(?:I|I'm|I've|we|we're|my|our)\b/.test(rest) ? rest : null;
  return own ? `I'm on the ${team.toLowerCase()} ${m.groups.word!.toLowerCase()} and ${own}` : `I'm on the ${team.toLowerCase()} ${m.groups.word!.toLowerCase()}.`;
}
