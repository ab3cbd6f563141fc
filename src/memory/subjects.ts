/**
 * Whether two memories are about the same subject. Names compare case-insensitively; a first name matches a full
 * name that starts with it ("Maya" ~ "Maya Chen"); a fact's aliases (the user's name for "the user", a first name)
 * count as its subject. "Maya" and "Maya's sister" are different subjects, and so are "Lena" and "Maya".
 */

const norm = (s: string) => s.trim().toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ');

function namesMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.includes("'") || b.includes("'") || a === 'the user' || b === 'the user') return false;
  const [x, y] = a.length <= b.length ? [a, b] : [b, a];
  // A first name against a full name starting with it.
  return !x.includes(' ') && y.startsWith(`${x} `);
}

/** The names a fact goes by: its subject and aliases, normalised. */
export function subjectNames(subject: string | null, aliases: readonly string[] = []): string[] {
  return [...new Set([subject, ...aliases].filter((s): s is string => typeof s === 'string' && s.trim() !== '').map(norm))];
}

/** True when `candidate` names one of `names`; null when either side names no subject (unknown). */
export function sameSubject(names: readonly string[], candidate: string | null): boolean | null {
  if (names.length === 0 || !candidate?.trim()) return null;
  const c = norm(candidate);
  return names.some((n) => namesMatch(n, c));
}
