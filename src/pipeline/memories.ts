import type { DocumentRecord, DocumentRef } from '../core/types.js';
import { ownDocumentDate } from '../memory/document-date.js';
import { storedVectorContext } from '../memory/memory-context.js';
import { rememberFacts, retractDocument } from '../memory/remember.js';
import type { ExtractedFact } from '../memory/types.js';
import { contentPrefix, continuation } from './memory-prefix.js';
import type { PipelineDeps } from './deps.js';
import type { StepOutcome } from './step.js';

/**
 * Step 3: derives memories — atomic facts about the container tag's user or project — from the document and relates
 * them to what the tag already knows (memory/remember.ts). A re-processed document first retracts what its earlier
 * version said. `taskType: "superrag"` documents are only indexed. When the extractor yields nothing usable (for
 * example malformed model output), the document is still indexed and the step's metadata says why.
 */
export async function extractMemories(deps: PipelineDeps, doc: DocumentRecord, ref: DocumentRef): Promise<StepOutcome> {
  if (doc.taskType === 'superrag') return { metadata: { skipped: 'taskType superrag: chunks only' } };
  const engine = deps.memoryEngine;
  if (!engine) return { metadata: { skipped: 'memory engine not configured' } };
  const now = new Date().toISOString();
  const content = doc.content ?? '';
  // An append (a conversation re-sent with new turns): only the new part is extracted, nothing is retracted.
  const incremental = continuation(content, doc.processingMetadata?.memoryPrefix);
  const retracted = incremental ? 0 : await retractDocument(deps.store.memories, ref.orgId, ref.documentId, now);
  const fresh = incremental ? incremental.fresh : content;
  const processed = contentPrefix(content);
  const settings = await deps.store.settings.getSettings(ref.orgId);
  if (settings.shouldLLMFilter === true && typeof settings.filterPrompt === 'string' && engine.filter) {
    const verdict = await engine.filter(fresh, settings.filterPrompt);
    if (!verdict.relevant) return { metadata: { filtered: true, reason: verdict.reason, memories: 0, retracted, processed } };
  }
  // The document's own date, when it carries one: relative dates resolve against it, and its facts hold from it.
  const statedAt = ownDocumentDate(doc);
  const extracted = await engine.extractor.extract({
    content: fresh,
    ...(incremental ? { previous: incremental.previous } : {}),
    title: doc.title,
    type: doc.type,
    documentDate: statedAt ?? doc.createdAt,
    metadata: doc.metadata,
    entityContext: doc.entityContext,
  });
  const { facts, dropped } = keepItems(extracted.facts, settings.includeItems, settings.excludeItems);
  const note = extracted.note;
  const embedder = await deps.embedder.get();
  // A chat stored one turn per document: its memories' vectors carry the turn and the one before it.
  const vectorContext = incremental || facts.length === 0 ? null : await storedVectorContext(deps.store.documents, ref.orgId, doc, statedAt ?? doc.createdAt);
  const outcome = await rememberFacts(
    { memories: deps.store.memories, embedder, judge: engine.judge },
    // Memories carry their document's metadata, so the same filters select them as select its chunks.
    { orgId: ref.orgId, containerTags: doc.containerTags, documentId: doc.id, now, forgetAfter: doc.forgetAfter, metadata: doc.metadata, statedAt, vectorContext },
    facts,
  );
  return {
    metadata: {
      extractor: engine.extractor.kind,
      judge: engine.judge.kind,
      facts: facts.length,
      ...(dropped > 0 ? { droppedBySettings: dropped } : {}),
      created: outcome.created.length,
      updated: outcome.updated.length,
      duplicates: outcome.duplicates.length,
      extended: outcome.extended.length,
      retracted,
      ...(note ? { note } : {}),
      ...(incremental ? { incremental: { previousChars: incremental.previous.length } } : {}),
      processed,
    },
  };
}

/**
 * The organisation's includeItems / excludeItems settings (lists of words or phrases): a fact mentioning an excluded
 * item is not kept; with includeItems, only facts mentioning one of them are. Other shapes of these free-form
 * settings (objects used by connectors) do not apply to memories.
 */
export function keepItems(facts: readonly ExtractedFact[], include: unknown, exclude: unknown): { facts: ExtractedFact[]; dropped: number } {
  const words = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.toLowerCase()) : []);
  const inc = words(include);
  const exc = words(exclude);
  const kept = facts.filter((f) => {
    const text = f.text.toLowerCase();
    if (exc.some((w) => text.includes(w))) return false;
    return inc.length === 0 || inc.some((w) => text.includes(w));
  });
  return { facts: kept, dropped: facts.length - kept.length };
}
