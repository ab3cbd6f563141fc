import { readScope, type Actor } from '../core/actor.js';
import { errorMessage } from '../core/errors.js';
import { matchesFilter, type FilterNode } from '../core/filters.js';
import type { Logger } from '../core/logger.js';
import type { MemoryRecord } from '../core/types.js';
import type { Embedder, EmbedderHandle } from '../providers/embedder.js';
import { clamp01 } from '../search/hybrid.js';
import { keywordCoverage } from '../search/keyword-score.js';
import { memoryFeatures, memorySimilarity, memorySimilarityWeights, memoryTermWeights, sourceSimilarity, withSourceEvidence, type MemorySimilarityWeights } from '../search/memory-similarity.js';
import type { Store } from '../storage/store.js';
import { queryTerms } from '../text/tokenize.js';
import { asksAboutEvent, subjectsOf } from './memory-subjects.js';
import { askedAttributes, attributeEvidence, currentFactsFirst, oneSlotPerSource, questionFocus } from './memory-ranking.js';
import { allergiesAboveDenials } from './memory-denials.js';
import { titleAboveEmployer } from './memory-job-questions.js';
import { startAboveOffer } from './job-offers.js';
import { actionAboveTrouble } from './doing-about.js';
import { newerPartnerFirst } from './partner-mentions.js';
import { newerStatementFirst } from './unfiled-versions.js';
import { placeAboveBareMove } from './residence-places.js';
import { restOfSetAboveEnding } from './memory-set-endings.js';
import { pastQuestion, previousValueFirst } from './memory-past.js';
import { memoryTerms } from './memory-terms.js';
import { fieldEvidence } from './field-evidence.js';
import { freshSources, stalePassages } from './stale-passages.js';
import { checksValue, replacedValues, replacedValuesBelow } from './memory-old-values.js';

export interface MemoryHit {
  memory: MemoryRecord;
  similarity: number;
}

export interface MemorySearchParams {
  q: string;
  containerTags?: readonly string[];
  limit: number;
  threshold: number;
  includeForgotten?: boolean;
  filters?: FilterNode;
  /** Only memories this document is a source of. */
  documentId?: string;
  /**
   * Evidence of the memories' sources for the same question: the similarity of each document's best chunk (chunk
   * search, calibrated), awaited after the memory candidates are read so that both searches run at once. A memory
   * inherits it (search/memory-similarity.ts withSourceEvidence).
   */
  sources?: { scores: Promise<ReadonlyMap<string, number>>; weight: number };
  /**
   * With `sources`: also rank the candidates on their own similarity (no source evidence) and return the best `own`
   * of them (searchWithOwn): a hybrid search keeps them on its first page (search/result-fusion.ts withOwnMemories).
   */
  own?: number;
}

/** A version of a memory's chain, relative to the hit (-1 the version before, +1 the one after). */
export interface MemoryContextItem {
  memory: string;
  relation: 'updates' | 'extends' | 'derives';
  updatedAt: string;
  metadata: MemoryRecord['metadata'];
  version?: number;
}

export interface MemoryContext {
  parents: MemoryContextItem[];
  children: MemoryContextItem[];
  related: MemoryContextItem[];
}

/** Inferences rank below stated facts of the same similarity. */
const INFERENCE_WEIGHT = 0.85;
/**
 * A fact about another person than the one the question names ranks at this share of its similarity, when the
 * question asks for that person's own attribute (see `ownAttribute` below).
 */
const OTHER_SUBJECT_WEIGHT = 0.5;
/** Candidates per retriever for a memory search. */
const CANDIDATES = 100;
/** Source documents whose memories join the candidates of a search with source evidence. */
const SOURCE_CANDIDATES = 10;
/** Keyword similarity weight when no embedder answers (the chunk search's keyword-only scale). */
const KEYWORD_ONLY_WEIGHT = 0.95;

/**
 * Memory search: candidates by meaning and by words, one calibrated similarity (search/memory-similarity.ts), the
 * attribute the question asks about, and the current fact of each subject first (memory-ranking.ts). Reads are
 * batched: the candidates in one read, and the version context of a page of results in one more.
 */
export class MemorySearch {
  constructor(
    private readonly store: Store,
    private readonly embedder: EmbedderHandle,
    private readonly logger: Logger,
    /** Fixed weights; by default the embedder's (search/memory-similarity.ts). */
    private readonly weights?: MemorySimilarityWeights,
  ) {}

  async search(actor: Actor, p: MemorySearchParams): Promise<MemoryHit[]> {
    return (await this.searchWithOwn(actor, p)).hits;
  }

  /** The search's hits and, with `sources` and `own`, the best `own` memories on their own similarity (same candidates). */
  async searchWithOwn(actor: Actor, p: MemorySearchParams): Promise<{ hits: MemoryHit[]; own: MemoryHit[] }> {
    const containerTags = readScope(actor, p.containerTags && p.containerTags.length > 0 ? p.containerTags : undefined);
    const scope = { ...(containerTags ? { containerTags } : {}), includeForgotten: p.includeForgotten ?? false };
    const terms = queryTerms(p.q);
    const embedder = await this.embedderOrNull();
    const n = Math.max(CANDIDATES, p.limit * 3);
    // The query's embedding starts first; the keyword side and its rows are read meanwhile (an embedded store reads
    // synchronously), and the vector side then reads only the rows the keyword side did not: each row once.
    const vectorSide = embedder ? embedder.embedQuery(p.q).then((vector) => this.store.memories.memoryVectorSearch(actor.orgId, { ...scope, vector, model: embedder.id, limit: n })) : Promise.resolve([]);
    const wordSide = this.store.memories.memoryKeywordSearch(actor.orgId, { ...scope, terms, limit: n }).then(async (byWords) => {
      const rows = await this.store.memories.getMemoriesByIds(actor.orgId, [...new Set(byWords.map((c) => c.memoryId))]);
      return { byWords, rows };
    });
    const [byVector, { byWords, rows: wordRows }] = await Promise.all([vectorSide, wordSide]);
    const ids = [...new Set([...byVector.map((c) => c.memoryId), ...byWords.map((c) => c.memoryId)])];
    const read = new Map(wordRows.map((m) => [m.id, m]));
    const [vectorRows, sources] = await Promise.all([
      this.store.memories.getMemoriesByIds(
        actor.orgId,
        ids.filter((id) => !read.has(id)),
      ),
      p.sources ? p.sources.scores : null,
    ]);
    for (const m of vectorRows) read.set(m.id, m);
    // In candidate order, as one read returned them.
    const found = ids.flatMap((id) => (read.has(id) ? [read.get(id)!] : []));
    // The facts of the passages that answer best are candidates too, even when their own words did not reach them.
    const superseded: MemoryRecord[] = [];
    const extra = sources ? await this.memoriesOfSources(actor, sources, new Set(ids), containerTags, p.includeForgotten ?? false, superseded) : [];
    // A question about a former value ("where did I live before Cardiff?") reads the earlier versions of the candidates.
    const past = pastQuestion(p.q);
    // A question checking a value ("does Tom still live in Leeds?") reads them too: its chain answers for what it said.
    const checks = !past && checksValue(p.q);
    const earlier = past || checks ? await this.earlierVersions(actor, [...found, ...extra], containerTags, p.includeForgotten ?? false) : new Map<string, { version: MemoryRecord; head: string }>();
    const versions = past ? [...earlier.values()].map((e) => e.version) : [];
    const memories = [...found, ...extra, ...versions].filter((m) => matchesFilter(p.filters, m.metadata) && (!p.documentId || m.documentIds.includes(p.documentId)));
    // Term weights from the candidates themselves: they are the memories the question is about.
    const termSets = new Map(memories.map((m) => [m.id, new Set(memoryTerms(m))]));
    // Scored on what the question asks: "What is Maya's position at Baker & Lowe?" without the organisation it names.
    const scored = queryTerms(questionFocus(p.q));
    const df = new Map(scored.map((t) => [t, [...termSets.values()].filter((s) => s.has(t)).length]));
    const weights = memoryTermWeights(scored, df, memories.length);
    const cosines = new Map(byVector.map((c) => [c.memoryId, c.score]));
    // A word match the vector side did not return scored below its last candidate when that side was full.
    const floor = byVector.length >= n ? Math.min(...byVector.map((c) => c.score)) : null;
    const best = byVector.length > 0 ? Math.max(...byVector.map((c) => c.score)) : 0;
    const asked = askedAttributes(p.q);
    const asksName = asked.includes('name');
    // Whom the question asks about weighs for a person's own catalogue attribute ("where does Tom live?"), not for an
    // event, an activity or a time ("when did Caroline go to the support group?"), which the other person's turn
    // often tells ("Melanie: how was the support group, Caroline?").
    const ownAttribute = asked.length > 0 && !asksAboutEvent(p.q);
    const sourceFloor = sources && sources.size > 0 ? Math.min(...sources.values()) : 0;
    const subjects = subjectsOf(p.q, memories);
    // A question about the past asks for what the superseded fact's passage says.
    const stale = past ? new Set<string>() : stalePassages(superseded, asked, (m) => subjects.match(m));
    const scoreOf = (m: MemoryRecord, withSources = true) => {
      const evidence = fieldEvidence(p.q, m) ?? attributeEvidence(asked, m);
      let similarity: number;
      if (embedder) {
        // An earlier version, which no retriever returns, is as close in meaning as its chain's latest.
        const cos = cosines.get(m.id) ?? cosines.get(earlier.get(m.id)?.head ?? '') ?? floor ?? embedder.calibration.mean;
        const keyword = { queryTerms: scored, memoryTerms: termSets.get(m.id) ?? new Set(memoryTerms(m)), weights };
        similarity = memorySimilarity(memoryFeatures(cos, best, embedder.calibration, keyword, evidence), this.weights ?? memorySimilarityWeights(embedder.id));
      } else {
        similarity = KEYWORD_ONLY_WEIGHT * keywordCoverage(scored, termSets.get(m.id) ?? new Set(memoryTerms(m)), weights);
      }
      const matched = subjects.match(m);
      // Another person's fact counts against itself only for the asked person's own attribute, and not when it names
      // the asked person ("Melanie asked Caroline about the group" is about both).
      // The kinship fact that named the asked relative ("The user's sister is Marta.") says who she is, not what is
      // asked about her.
      // ... except for the relative's name: "The user's dad is called Bogdan." answers "what is my father called?".
      const about = asksName && subjects.resolvesRelative(m) ? 1 : matched < 0 && (!ownAttribute || (subjects.mentionsAsked(m) && !subjects.resolvesRelative(m))) ? 0 : matched;
      if (sources && withSources) {
        // A fact stating another attribute than the one asked about ("works as a nurse" for "where does she live"),
        // or about another person than the one asked about, inherits nothing from its passage, which may well answer
        // through another of its facts.
        // A fact not stating the asked attribute inherits nothing from a passage that answers with a superseded value.
        const from = evidence > 0 ? m.documentIds : freshSources(m.documentIds, stale);
        const mixed = withSourceEvidence(similarity, evidence < 0 || about < 0 ? 0 : from.length === 0 && m.documentIds.length > 0 ? sourceFloor : sourceSimilarity(from, sources, sourceFloor), p.sources!.weight);
        // The asked person's fact stating the asked attribute answers on its own words ("where do I live" against
        // "Priyanka lives in Sydney."), however little its passage says about the question's words.
        similarity = about > 0 && evidence > 0 ? Math.max(similarity, mixed) : mixed;
      }
      // Another person's fact ("The user's sister Hannah lives in Leeds." for "where does Tom live?") ranks below.
      if (about < 0) similarity *= OTHER_SUBJECT_WEIGHT;
      if (m.isInference) similarity *= INFERENCE_WEIGHT;
      return clamp01(similarity);
    };
    // For a question checking a value, a chain's latest version scores at least what its earlier versions would (the
    // question names what they said), and the values they held are known replaced.
    const byHead = new Map<string, MemoryRecord[]>();
    const replaced = new Map<string, string[]>();
    if (checks) {
      for (const { version, head } of earlier.values()) byHead.set(head, [...(byHead.get(head) ?? []), version]);
      for (const m of memories) {
        const chain = byHead.get(m.id);
        if (chain) replaced.set(m.id, replacedValues(m, chain));
      }
    }
    const rank = (score: (m: MemoryRecord) => number, limit: number) => {
      const hits = memories.map((m) => {
        const chain = byHead.get(m.id);
        return { memory: m, similarity: Math.max(score(m), chain ? Math.max(...chain.map((v) => score(v))) : 0) };
      });
      const current = replacedValuesBelow(currentFactsFirst(hits, subjects.key), replaced, subjects.key);
      const ranked = actionAboveTrouble(
        restOfSetAboveEnding(allergiesAboveDenials(startAboveOffer(titleAboveEmployer(current, asked, subjects.key), asked, subjects.key), p.q, asked, subjects.key), p.q, subjects.key),
        p.q,
        subjects.key,
      );
      const placed = newerStatementFirst(
        placeAboveBareMove(newerPartnerFirst(ranked, asked, subjects.key), asked, subjects.key, (m) => subjects.match(m)),
        asked,
        subjects.key,
      );
      return oneSlotPerSource(
        (past ? previousValueFirst(placed, past, asked, subjects.key) : placed).filter((h) => h.similarity >= p.threshold),
        limit,
      );
    };
    return { hits: rank((m) => scoreOf(m), p.limit), own: sources && p.own ? rank((m) => scoreOf(m, false), p.own) : [] };
  }

  /**
   * The earlier versions of the candidates' chains (by id, each with its chain's candidate), not forgotten unless
   * asked, inside the caller's tags: one read of the chains of candidates that have a version before them.
   */
  private async earlierVersions(actor: Actor, candidates: readonly MemoryRecord[], containerTags: readonly string[] | undefined, includeForgotten: boolean): Promise<Map<string, { version: MemoryRecord; head: string }>> {
    const out = new Map<string, { version: MemoryRecord; head: string }>();
    const known = new Set(candidates.map((m) => m.id));
    const heads = new Map(candidates.filter((m) => m.version > 1 && m.rootMemoryId).map((m) => [m.rootMemoryId!, m.id]));
    if (heads.size === 0) return out;
    const chains = await this.store.memories.memoryHistories(actor.orgId, [...heads.keys()]);
    for (const [root, chain] of chains) {
      for (const v of chain) {
        if (known.has(v.id) || v.isLatest || (!includeForgotten && v.isForgotten)) continue;
        if (containerTags && !v.containerTags.some((t) => containerTags.includes(t))) continue;
        if (!visible(actor, v)) continue;
        out.set(v.id, { version: v, head: heads.get(root)! });
      }
    }
    return out;
  }

  /**
   * The memories of the SOURCE_CANDIDATES best source documents that the retrievers did not return: latest, not
   * forgotten or expired (unless asked), inside the caller's tags. One read for all of them.
   */
  private async memoriesOfSources(
    actor: Actor,
    sources: ReadonlyMap<string, number>,
    known: ReadonlySet<string>,
    containerTags: readonly string[] | undefined,
    includeForgotten: boolean,
    /** Receives the earlier versions the same read returns (stale-passages.ts). */
    superseded: MemoryRecord[],
  ): Promise<MemoryRecord[]> {
    const best = [...sources.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SOURCE_CANDIDATES)
      .map(([id]) => id);
    const now = new Date().toISOString();
    const seen = new Set(known);
    const out: MemoryRecord[] = [];
    const byDocument = await this.store.memories.memoriesOfDocuments(actor.orgId, best);
    for (const list of best.map((id) => byDocument.get(id) ?? [])) {
      for (const m of list) {
        if (!m.isLatest && !m.isForgotten && (!containerTags || m.containerTags.some((t) => containerTags.includes(t))) && visible(actor, m)) superseded.push(m);
        if (seen.has(m.id) || !m.isLatest) continue;
        if (!includeForgotten && (m.isForgotten || (m.forgetAfter !== null && m.forgetAfter <= now))) continue;
        if (containerTags && !m.containerTags.some((t) => containerTags.includes(t))) continue;
        if (!visible(actor, m)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out;
  }

  /**
   * The version context of hits in two reads: every chain of the page, then the memories extensions and inferences
   * point at. Memories outside the caller's tags are left out.
   */
  async contexts(actor: Actor, hits: readonly MemoryRecord[]): Promise<Map<string, MemoryContext>> {
    const out = new Map<string, MemoryContext>();
    if (hits.length === 0) return out;
    const chains = await this.store.memories.memoryHistories(
      actor.orgId,
      hits.map((m) => m.rootMemoryId ?? m.id),
    );
    const linkedIds = hits.filter((m) => m.parentMemoryId && m.relation !== 'updates').map((m) => m.parentMemoryId!);
    const linked = new Map((await this.store.memories.getMemoriesByIds(actor.orgId, linkedIds)).map((m) => [m.id, m]));
    for (const m of hits) {
      const chain = (chains.get(m.rootMemoryId ?? m.id) ?? []).filter((v) => visible(actor, v));
      const item = (v: MemoryRecord) => ({ memory: v.memory, relation: 'updates' as const, updatedAt: v.updatedAt, metadata: v.metadata, version: v.version - m.version });
      const parent = m.parentMemoryId && m.relation !== 'updates' ? linked.get(m.parentMemoryId) : undefined;
      out.set(m.id, {
        parents: chain
          .filter((v) => v.version < m.version)
          .sort((a, b) => b.version - a.version)
          .map(item),
        children: chain
          .filter((v) => v.version > m.version)
          .sort((a, b) => a.version - b.version)
          .map(item),
        related: parent && visible(actor, parent) ? [{ memory: parent.memory, relation: m.relation as 'extends' | 'derives', updatedAt: parent.updatedAt, metadata: parent.metadata }] : [],
      });
    }
    return out;
  }

  private async embedderOrNull(): Promise<Embedder | null> {
    try {
      return await this.embedder.get();
    } catch (err) {
      this.logger.warn('searching memories without vectors: embedder unavailable', { error: errorMessage(err) });
      return null;
    }
  }
}

/** A memory the actor may see: a root key sees all; a scoped key, those carrying one of its tags. */
export function visible(actor: Actor, m: MemoryRecord): boolean {
  return actor.containerTags === null || m.containerTags.some((t) => actor.containerTags!.includes(t));
}
