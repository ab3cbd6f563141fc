import type { MemoryHit } from '../services/memories.js';
import type { ChunkHit } from '../services/search.js';

/** Longest text a tool returns (about 50k tokens), as the reference caps it. */
export const MAX_TEXT_CHARS = 200_000;

export const clip = (text: string, max = MAX_TEXT_CHARS) => (text.length > max ? `${text.slice(0, max)}...` : text);

export const SAVE_INSTRUCTION =
  '**Important:** Whenever the user shares informative facts, preferences, personal details, or anything worth remembering, use the `memory` tool to save it to Mnemo. This keeps context across conversations.';

export const NO_PROFILE = 'No user profile available yet. Start saving memories to build context.';

const bullets = (facts: readonly string[]) => facts.map((f) => `- ${f}`);

/** The profile as markdown, or null when it has no facts. */
export function profileText(profile: { static: string[]; dynamic: string[] }, opts: { includeRecent?: boolean; heading?: string } = {}): string | null {
  const recent = opts.includeRecent === false ? [] : profile.dynamic;
  if (profile.static.length === 0 && recent.length === 0) return null;
  const parts = [opts.heading ?? '# User Profile'];
  if (profile.static.length > 0) parts.push('', '## Stable Preferences', ...bullets(profile.static));
  if (recent.length > 0) parts.push('', '## Recent Activity', ...bullets(recent));
  return parts.join('\n');
}

export function memoriesText(hits: readonly MemoryHit[]): string {
  if (hits.length === 0) return 'No relevant memories found.';
  return hits.map((h, i) => `${i + 1}. ${h.memory.memory} (similarity ${h.similarity.toFixed(2)}${h.memory.isStatic ? ', lasting' : ''})`).join('\n');
}

export function recallText(r: { containerTag: string; memories: readonly MemoryHit[]; profile: { static: string[]; dynamic: string[] } | null }): string {
  const parts: string[] = [];
  const profile = r.profile ? profileText(r.profile, { heading: '## User Profile' }) : null;
  if (profile) parts.push(profile, '');
  parts.push(`## Relevant Memories (project ${r.containerTag})`, memoriesText(r.memories));
  return clip(parts.join('\n'));
}

export function chunksText(hits: readonly ChunkHit[]): string {
  if (hits.length === 0) return 'No matching documents found.';
  return clip(
    hits
      .map((h, i) => {
        const source = h.document.title ?? h.document.url ?? h.document.filepath ?? h.document.id;
        return `${i + 1}. [${source}] (document ${h.document.id}, similarity ${h.similarity.toFixed(2)})\n${h.chunk.content}`;
      })
      .join('\n\n'),
  );
}
