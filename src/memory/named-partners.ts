/**
 * A partner named in passing (issue 26, round 22): "my girlfriend Inès is gluten free, what should I cook for her
 * birthday?" files the diet under Inès, so nothing said who the speaker's partner is, and an old "My boyfriend Hugo
 * and I …" stayed the partner. As with a manager named in passing (named-things.ts), the clause is kept and
 * "My girlfriend is Inès." is added: the partner's own fact, which the judge versions like any other partner.
 * Not for a partner who is former, late or leaving ("my ex-wife Dana", "my late husband Tom", "My girlfriend Rosalind
 * and I split up"): round 15's breakup rules name those as former, and a present partner fact would contradict them.
 */

const NAMED_PARTNER =
  /(?<![\p{L}-])[Mm]y\s+(?:new\s+)?(?<word>girlfriend|boyfriend|wife|husband|fianc[ée]e?|partner)(?<comma>\s*,)?\s+(?!(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame)\b)(?<name>\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)(?![\p{L}'’])/u;
// The clause says it as a statement already ("my wife is Thea", "my partner, Sam, is …" reads the same way) or the
// partnership is over or not the speaker's own.
const STATED = /\b(?:girlfriend|boyfriend|wife|husband|fianc[ée]e?|partner)\s*,?\s+(?:is|was|will be)\b/iu;
const AND_I = /^\s*,?\s*and\s+(?:I|me)\b/;
const NOT_CURRENT = /\b(?:ex|former|late|old|then|broke up|break up|breaking up|split|splitting|separated|separating|divorc\w*|dumped|left me|passed away|died|funeral|widow\w*|in crime|business|used to)\b/iu;

/** The clause, and "My <partner word> is <name>." when it names the speaker's partner in passing. */
export function withNamedPartner(clause: string): string[] {
  const m = NAMED_PARTNER.exec(clause);
  // "My husband Greg and I live in Tucson": the pair's fact is the speaker's already, and its partner is ended by a
  // later "since the divorce" only as the pair (round 15); a separate partner fact would outlive the divorce.
  const after = clause.slice(m?.index ?? 0).slice(m?.[0].length ?? 0);
  // "I live in Cork with my husband Eoin": the household reading (classify.ts) files that partner already.
  const withPartner = m ? /\bwith\s*$/i.test(clause.slice(0, m.index)) : false;
  if (!m?.groups || withPartner || STATED.test(clause) || NOT_CURRENT.test(clause) || AND_I.test(after)) return [clause];
  // "my girlfriend, Toby, and I": after a comma the name may be the next item of a list, not the partner's name; only
  // an apposition closed by a verb ("my wife, Thea, is a teacher") is read as one.
  if (m.groups.comma && !/^\s*,\s+(?!and\b)\p{Ll}+/u.test(after)) return [clause];
  return [clause, `My ${m.groups.word} is ${m.groups.name}.`];
}

// "Keziah broke up with Dario over the summer, she's dating Oskar now": the breakup and the new partner are two facts,
// or the whole sentence is read as the ending and the new partner is lost with the old.
const BREAKUP_THEN = /^(?<ending>.*?\b(?:broke up with|split up with|split from|separated from|divorced)\s+\S.*?),\s+(?<then>(?:he|she|they)(?:'s|’s|\s+is|\s+are|'re|\s+has|\s+have)\s+\p{Ll}.*)$/u;

/** A breakup and what followed it, as two clauses. */
export function breakupThenNext(clause: string): string[] {
  const m = BREAKUP_THEN.exec(clause);
  if (!m?.groups) return [clause];
  const then = m.groups.then!;
  return [`${m.groups.ending}.`, `${then[0]!.toUpperCase()}${then.slice(1)}`];
}
