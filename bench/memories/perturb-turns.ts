/**
 * Turns of a scenario document, for the perturbations (perturb-scenarios.ts): a document is read as a transcript in
 * one of the shapes the service accepts (`user:`/`assistant:` lines, a JSON message array, or plain text, which is
 * what the user said), rewritten, and rendered back in any shape. Named speakers (`Maya:`), LoCoMo lines and notes
 * are left alone by shape changes: their speakers are not the user.
 */

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  name?: string;
}

export type DocShape = 'plain' | 'roles' | 'json';

export interface ParsedDoc {
  shape: DocShape;
  turns: Turn[];
}

const ROLE_LINE = /^(user|assistant):\s?(.*)$/i;

/** The document as turns, or null for a shape the perturbations leave alone (named speakers, notes, lists). */
export function parseDoc(content: string): ParsedDoc | null {
  const trimmed = content.trim();
  if (trimmed.startsWith('[{')) {
    try {
      const raw = JSON.parse(trimmed) as unknown;
      if (Array.isArray(raw) && raw.every((m) => m && typeof m === 'object' && ['user', 'assistant'].includes((m as Turn).role) && typeof (m as Turn).content === 'string'))
        return { shape: 'json', turns: (raw as Turn[]).map((m) => ({ role: m.role, content: m.content, ...(m.name ? { name: m.name } : {}) })) };
    } catch {
      return null;
    }
    return null;
  }
  const lines = trimmed.split('\n');
  if (ROLE_LINE.test(lines[0]!)) {
    const turns: Turn[] = [];
    for (const line of lines) {
      const m = ROLE_LINE.exec(line);
      if (m) turns.push({ role: m[1]!.toLowerCase() as Turn['role'], content: m[2]! });
      else if (turns.length > 0) turns.at(-1)!.content += `\n${line}`;
    }
    return turns.some((t) => t.role === 'user') ? { shape: 'roles', turns } : null;
  }
  // Plain prose: one paragraph, no speaker or label at the start, no list.
  if (lines.length > 1 || /^[^\s:]{1,30}( [^\s:]{1,30})?:/.test(trimmed) || /^\s*[-*#]/.test(trimmed)) return null;
  return { shape: 'plain', turns: [{ role: 'user', content: trimmed }] };
}

/** Renders turns as `user:`/`assistant:` lines, `Name:` + `Assistant:` lines, or a JSON message array. */
export function renderTurns(turns: readonly Turn[], shape: 'roles' | 'named' | 'json', name?: string): string {
  if (shape === 'json') return JSON.stringify(turns.map((t) => ({ role: t.role, content: t.content, ...(t.name ? { name: t.name } : {}) })));
  if (shape === 'named') return turns.map((t) => `${t.role === 'user' ? (t.name ?? name ?? 'User') : 'Assistant'}: ${t.content}`).join('\n');
  return turns.map((t) => `${t.role}: ${t.content}`).join('\n');
}

/** Renders a parsed document back in its own shape (plain stays plain while it is one user turn). */
export function renderInShape(doc: ParsedDoc): string {
  if (doc.shape === 'plain' && doc.turns.length === 1) return doc.turns[0]!.content;
  return renderTurns(doc.turns, doc.shape === 'json' ? 'json' : 'roles');
}
