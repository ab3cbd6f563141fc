import { extractFacts } from './offline-extractor.js';
import type { ExtractedFact } from './types.js';

/**
 * The facts of a memory written directly (POST /v4/memories), read by the offline extractor like a one-line note so
 * the judge sees its subject, attribute and dates: "Maya lives in Seattle now." is Maya's residence and versions
 * "Maya lives in Boston.". A single fact keeps the caller's wording; a compound one ("Maya lives in Paris and works
 * at Figma") becomes one memory per fact, as a document's would, so a later move does not drop the job. Text the
 * extractor finds no fact in is kept as written, about no particular subject. The caller's isStatic wins.
 */
export function factsOfDirectWrite(content: string, isStatic: boolean | undefined, now: string): ExtractedFact[] {
  const text = content.trim();
  const { facts } = extractFacts({ content: text, title: null, type: 'text', documentDate: now, metadata: {}, entityContext: null }, 20);
  if (facts.length > 1) return facts.map((f) => ({ ...f, isStatic: isStatic ?? f.isStatic }));
  const f = facts[0];
  return [
    {
      text,
      isStatic: isStatic ?? f?.isStatic ?? false,
      eventDate: f?.eventDate ?? null,
      forgetAfter: f?.forgetAfter ?? null,
      subject: f?.subject ?? null,
      attribute: f?.attribute ?? null,
      speaker: null,
      ...(f?.aliases ? { aliases: f.aliases } : {}),
      ...(f?.corrects ? { corrects: f.corrects } : {}),
    },
  ];
}
