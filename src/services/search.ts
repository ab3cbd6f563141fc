import { readScope, type Actor } from '../core/actor.js';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { Embedder, EmbedderHandle } from '../providers/embedder.js';
import type { Store } from '../storage/store.js';
import type { ChunkRecord, DocumentHead } from '../core/types.js';
import { calibrateCosine, calibratePassageCosine } from '../vector/calibrate.js';
import type { FilterNode } from '../core/filters.js';
import { fuse, type FusedHit, type HybridEvidence } from '../search/hybrid.js';
import { orderByFeedback } from '../search/feedback.js';
import { idf, keywordCoverage, selectMatchTerms, termWeights } from '../search/keyword-score.js';
import { intentEvidence, orderByIntent, queryIntent, withIntent } from '../search/query-intent.js';
import { keepFirstPage, rerank } from '../search/rerank.js';
import { SHORT_PASSAGE_SAMPLE, shortPassages } from '../search/short-passages.js';
import { CONTEXT_SOURCES, CONTEXT_WINDOW, isTurn, orderByContext } from '../search/turn-context.js';
import { indexTerms, queryTerms } from '../text/tokenize.js';

export interface ChunkSearchParams {
  q: string;
  containerTags?: readonly string[];
  filters?: FilterNode;
  documentId?: string;
  filepath?: string;
  limit: number;
  threshold: number;
  rerank: boolean;
  /** Keep every chunk even when its text duplicates a better one (legacy per-document grouping). */
  keepDuplicates?: boolean;
}

/** A ranked chunk before its document is read: `chunk.documentId` names the document. */
export interface RankedChunk {
  chunk: ChunkRecord;
  similarity: number;
  vectorScore: number;
  keywordScore: number;
}

export interface ChunkHit extends RankedChunk {
  /** The chunk's document without its text (read from a covering index: issue 28's cold reads). */
  document: DocumentHead;
}

export interface SearchServiceOptions {
  vectorWeight: number;
  keywordWeight: number;
  candidates: number;
  rerankCandidates: number;
}

/** Hybrid chunk search: vector and keyword candidates, calibrated, fused, optionally reranked. */
export class SearchService {
  constructor(
    private readonly store: Store,
    private readonly embedder: EmbedderHandle,
    private readonly opts: SearchServiceOptions,
    private readonly logger: Logger,
  ) {}

  /** Searches within the caller's scope: requested tags must be in it (403 otherwise); none = the whole scope. */
  async search(actor: Actor, p: ChunkSearchParams): Promise<ChunkHit[]> {
    return this.searchChunks(actor.orgId, this.scoped(actor, p));
  }

  /**
   * The search's ranking without the documents read (`search` reads a document head for every hit): for a caller
   * that keeps many hits but shows few, such as the memory side's source evidence, which needs only each chunk's
   * document id. Read the heads of the hits it shows with `withDocuments`. Same scope rules as `search`.
   */
  async rank(actor: Actor, p: ChunkSearchParams): Promise<RankedChunk[]> {
    const q = this.scoped(actor, p);
    const { fused, chunks } = await this.ranking(actor.orgId, q);
    return this.page(fused, chunks, q, async (round) => round);
  }

  /**
   * Ranked chunks with their documents' heads, in their order; a chunk whose document is gone (deleted since the
   * ranking) is left out. One read for all of them.
   */
  async withDocuments(orgId: string, ranked: readonly RankedChunk[]): Promise<ChunkHit[]> {
    if (ranked.length === 0) return [];
    const heads = await this.store.documents.getDocumentHeads(orgId, [...new Set(ranked.map((r) => r.chunk.documentId))]);
    const docs = new Map(heads.map((d) => [d.id, d]));
    return ranked.flatMap((r) => {
      const document = docs.get(r.chunk.documentId);
      return document ? [hitOf(r, document)] : [];
    });
  }

  /** The parameters with the caller's scope: requested tags must be in it (403 otherwise); none = the whole scope. */
  private scoped(actor: Actor, p: ChunkSearchParams): ChunkSearchParams {
    const containerTags = readScope(actor, p.containerTags && p.containerTags.length > 0 ? p.containerTags : undefined);
    const { containerTags: _requested, ...rest } = p;
    return { ...rest, ...(containerTags ? { containerTags } : {}) };
  }

  /**
   * The first stage of a chunk search: `n` vector and keyword candidates each, with calibrated vector and keyword
   * evidence fused, best first; the raw cosines and the chunks beside. Benchmarks replay rankings from it.
   */
  async chunkEvidence(orgId: string, p: Omit<ChunkSearchParams, 'limit' | 'threshold' | 'rerank'>, n: number) {
    const terms = queryTerms(p.q);
    const scope = {
      ...(p.containerTags && p.containerTags.length > 0 ? { containerTags: p.containerTags } : {}),
      ...(p.filters ? { filters: p.filters } : {}),
      ...(p.documentId ? { documentId: p.documentId } : {}),
      ...(p.filepath ? { filepath: p.filepath } : {}),
    };
    const embedder = await this.embedderOrNull();
    const fusion = { vector: this.opts.vectorWeight, keyword: this.opts.keywordWeight };
    const queryVector = embedder ? embedder.embedQuery(p.q) : null;
    // Document frequencies first (a vocabulary lookup): they decide which terms the keyword index is asked for.
    const stats = await this.store.chunks.termStats(orgId, terms);
    // The keyword side and the rows of its candidates are read while the query embedding runs (it does not need the
    // vector); the vector side then reads only the rows the keyword side did not return.
    const rowsOf = async (ids: readonly string[]): Promise<[ChunkRecord[], Map<string, readonly string[]>]> => {
      const { chunks, terms } = await this.store.chunks.getChunksWithTerms(orgId, ids);
      return [chunks, terms];
    };
    const { vector: vectorHits, keyword: keywordHits, rows: keywordRows } =
      // Where the database fuses ranks (MongoDB $rankFusion) one query picks the candidates; scores stay raw.
      queryVector && embedder && this.store.chunks.capabilities.nativeRankFusion
        ? { ...(await queryVector.then((vector) => this.store.chunks.hybridCandidates(orgId, { ...scope, vector, model: embedder.id, terms, limit: n, weights: fusion }))), rows: null }
        : await Promise.all([
            queryVector && embedder ? queryVector.then((vector) => this.store.chunks.vectorSearch(orgId, { ...scope, vector, model: embedder.id, limit: n })) : Promise.resolve([]),
            this.store.chunks
              .keywordSearch(orgId, { ...scope, terms: selectMatchTerms(terms, stats, n), limit: n })
              .then(async (keyword) => ({ keyword, rows: await rowsOf([...new Set(keyword.map((h) => h.chunkId))]) })),
          ]).then(([vector, { keyword, rows }]) => ({ vector, keyword, rows }));

    const ids = [...new Set([...vectorHits.map((h) => h.chunkId), ...keywordHits.map((h) => h.chunkId)])];
    const read = new Set(keywordRows ? keywordHits.map((h) => h.chunkId) : []);
    const [restChunks, restTerms] = await rowsOf(ids.filter((id) => !read.has(id)));
    const chunkList = keywordRows ? [...keywordRows[0], ...restChunks] : restChunks;
    const storedTerms = keywordRows ? new Map([...keywordRows[1], ...restTerms]) : restTerms;
    const chunks = new Map(chunkList.map((c) => [c.id, c]));
    const weights = termWeights(terms, stats.docFrequencies, stats.totalChunks);
    const evidence: HybridEvidence[] = [];
    // Raw cosines, for the rerank (which standardises them over its shortlist rather than calibrating them).
    const cosines = new Map<string, number>();
    for (const h of vectorHits) {
      if (embedder) evidence.push({ id: h.chunkId, vector: calibrateCosine(h.score, embedder.calibration) });
      cosines.set(h.chunkId, Math.max(h.score, cosines.get(h.chunkId) ?? -Infinity));
    }
    for (const h of keywordHits) evidence.push({ id: h.chunkId, keywordRaw: h.score });
    // Keyword candidates the vector retriever did not return get their vector evidence from the stored embeddings
    // (as vector candidates get keyword coverage below), so fusion weighs both signals for every candidate.
    if (embedder && queryVector) {
      const found = new Set(vectorHits.map((h) => h.chunkId));
      const missing = keywordHits.filter((h) => !found.has(h.chunkId));
      const scores =
        missing.length > 0
          ? await this.store.chunks.scoreChunkVectors(
              orgId,
              embedder.id,
              await queryVector,
              missing.map((h) => h.chunkId),
              missing.map((h) => h.documentId),
            )
          : new Map<string, number>();
      for (const [id, score] of scores) {
        evidence.push({ id, vector: calibrateCosine(score, embedder.calibration) });
        cosines.set(id, score);
      }
    }
    // Vector-only search over sentence-length passages (chat turns): the question is compared as a passage, without
    // the model's query instruction (search/short-passages.ts). Hybrid search is left as it is (no gain measured).
    if (fusion.keyword === 0) {
      const scores = await this.passageFormCosines(orgId, embedder, p.q, cosines, [...cosines.keys()], chunks);
      if (scores) {
        for (const e of evidence) {
          const score = scores.get(e.id);
          if (e.vector !== undefined && score !== undefined) e.vector = calibratePassageCosine(score, embedder!.calibration);
        }
        for (const [id, score] of scores) cosines.set(id, score);
      }
    }
    // Each candidate's index terms as a set, built once for the coverage below and the second pass.
    const termSets = new Map<string, ReadonlySet<string>>();
    const termsOf = (id: string) => termSets.get(id) ?? termSets.set(id, new Set(storedTerms.get(id) ?? indexTerms(chunks.get(id)!.embeddedContent))).get(id)!;
    for (const e of evidence) {
      if (chunks.has(e.id) && e.keyword === undefined) e.keyword = keywordCoverage(terms, termsOf(e.id), weights);
    }
    const intent = queryIntent(p.q);
    const first = orderByIntent(
      fuse(evidence, fusion).filter((h) => chunks.has(h.id)),
      intent,
      (id) => chunks.get(id)!.content,
    );
    // A second pass with the best hit's words (search/feedback.ts); nothing to weigh without keyword evidence, and
    // not for a question that counts (its evidence is several places, and the best hit's words favour one).
    const fused: (FusedHit & { expanded?: number })[] =
      fusion.keyword > 0 && !intent.counts
        ? await orderByFeedback(first, {
            queryWeights: weights,
            termsOf,
            idfs: async (extra) => {
              const s = await this.store.chunks.termStats(orgId, extra);
              return new Map([...s.docFrequencies].filter(([, df]) => df > 0).map(([t, df]) => [t, idf(df, Math.max(s.totalChunks, 1))]));
            },
            similarity: (h, keyword) => withIntent(1 - (1 - fusion.vector * h.vector) * (1 - fusion.keyword * keyword), intentEvidence(intent, chunks.get(h.id)!.content)),
          })
        : first;
    // A chat turn beside one of the best hits gains from it (search/turn-context.ts); turns the retrievers left out
    // join with their own evidence. Hybrid search only, as the second pass.
    const context =
      fusion.keyword > 0 && embedder && queryVector
        ? (hits: readonly (FusedHit & { expanded?: number })[]) =>
            this.turnContext(orgId, hits, chunks, cosines, async (added) => {
              const scores = await this.store.chunks.scoreChunkVectors(
                orgId,
                embedder.id,
                await queryVector,
                added.map((c) => c.id),
              );
              return added.map((c) => {
                const v = calibrateCosine(scores.get(c.id) ?? 0, embedder.calibration);
                const k = keywordCoverage(terms, new Set(indexTerms(c.embeddedContent)), weights);
                if (scores.has(c.id)) cosines.set(c.id, scores.get(c.id)!);
                const similarity = withIntent(1 - (1 - fusion.vector * v) * (1 - fusion.keyword * k), intentEvidence(intent, c.content));
                return { id: c.id, similarity, vector: v, keyword: k };
              });
            })
        : null;
    return { terms, intent, fused: context ? await context(fused) : fused, chunks, cosines, embedder, context };
  }

  /**
   * The hits re-ordered with the context of the turns beside the best ones (search/turn-context.ts). Turns beside a
   * best hit that are not candidates are read (`chunks` and, through `score`, `cosines` gain them) and placed by
   * their own fused similarity first. Unchanged when the store cannot tell neighbours or no best hit is a turn.
   */
  private async turnContext(
    orgId: string,
    hits: readonly (FusedHit & { expanded?: number })[],
    chunks: Map<string, ChunkRecord>,
    cosines: ReadonlyMap<string, number>,
    score: (added: readonly ChunkRecord[]) => Promise<FusedHit[]>,
  ): Promise<(FusedHit & { expanded?: number })[]> {
    const sources = hits.slice(0, CONTEXT_SOURCES).filter((h) => isTurn(chunks.get(h.id)!.content));
    if (sources.length === 0) return [...hits];
    const docOf = (id: string) => chunks.get(id)!.documentId;
    const near = await this.store.documents.neighbourDocuments(
      orgId,
      sources.map((h) => docOf(h.id)),
      CONTEXT_WINDOW,
    );
    const chunkOfDoc = new Map<string, string>();
    for (const [id, c] of chunks) chunkOfDoc.set(c.documentId, chunkOfDoc.has(c.documentId) ? '' : id);
    const unread = [...new Set([...near.values()].flat().map((n) => n.id))].filter((d) => !chunkOfDoc.has(d));
    const read = (await Promise.all(unread.map((d) => this.store.chunks.getChunks(orgId, d)))).filter((cs) => cs.length === 1).map((cs) => cs[0]!);
    const added = read.filter((c) => isTurn(c.content) && !chunks.has(c.id));
    for (const c of added) {
      chunks.set(c.id, c);
      chunkOfDoc.set(c.documentId, c.id);
    }
    const neighbours = new Map<string, string[]>();
    for (const h of sources) {
      const ids = (near.get(docOf(h.id)) ?? []).map((n) => chunkOfDoc.get(n.id) ?? '').filter((id) => id !== '' && isTurn(chunks.get(id)!.content));
      neighbours.set(h.id, ids);
    }
    const extra = added.length > 0 ? (await score(added)).filter((h) => cosines.has(h.id)) : [];
    // The hits' similarities descend in their order; the added turns go where their own similarity puts them.
    const merged: (FusedHit & { expanded?: number })[] = [...hits];
    for (const h of extra.sort((a, b) => b.similarity - a.similarity)) {
      const at = merged.findIndex((m) => m.similarity < h.similarity);
      merged.splice(at === -1 ? merged.length : at, 0, h);
    }
    return orderByContext(merged, neighbours);
  }

  /**
   * Cosines of `ids` with the question embedded as a passage (no query instruction), when the best candidates by
   * `cosines` are sentence-length passages and the model has such a form (search/short-passages.ts); else null.
   */
  private async passageFormCosines(
    orgId: string,
    embedder: Embedder | null,
    q: string,
    cosines: ReadonlyMap<string, number>,
    ids: readonly string[],
    chunks: ReadonlyMap<string, ChunkRecord>,
  ): Promise<Map<string, number> | null> {
    if (!embedder?.embedQueryAsPassage || ids.length === 0) return null;
    const best = [...cosines].sort((a, b) => b[1] - a[1]).slice(0, SHORT_PASSAGE_SAMPLE);
    if (!shortPassages(best.map(([id]) => chunks.get(id)?.content ?? ''))) return null;
    return this.store.chunks.scoreChunkVectors(orgId, embedder.id, await embedder.embedQueryAsPassage(q), ids);
  }

  async searchChunks(orgId: string, p: ChunkSearchParams): Promise<ChunkHit[]> {
    const { fused, chunks } = await this.ranking(orgId, p);
    // Documents are loaded only for the hits that make the cut.
    const docs = new Map<string, DocumentHead>();
    return this.page(fused, chunks, p, async (round) => {
      const missing = [...new Set(round.map((r) => r.chunk.documentId))].filter((id) => !docs.has(id));
      for (const d of await this.store.documents.getDocumentHeads(orgId, missing)) docs.set(d.id, d);
      return round.flatMap((r) => {
        const document = docs.get(r.chunk.documentId);
        return document ? [hitOf(r, document)] : [];
      });
    });
  }

  /** The first stage's candidates, reranked when asked, best first, and the chunks they name. */
  private async ranking(orgId: string, p: ChunkSearchParams): Promise<{ fused: FusedHit[]; chunks: ReadonlyMap<string, ChunkRecord> }> {
    const { terms, intent, fused: first, chunks, cosines, embedder, context } = await this.chunkEvidence(orgId, p, Math.max(this.opts.candidates, p.limit * 3));
    let fused = first;

    if (p.rerank && fused.length > 0) {
      const top = fused.slice(0, this.opts.rerankCandidates);
      // Over sentence-length passages the rerank's cosine is the passage-form question's (search/short-passages.ts):
      // LoCoMo dev rerank recall@5 66.1 -> 66.9% (bench/README "Round 10"); longer passages keep the query's.
      // (In vector-only search `cosines` already are.)
      const asPassage =
        this.opts.keywordWeight === 0
          ? null
          : await this.passageFormCosines(
              orgId,
              embedder,
              p.q,
              cosines,
              top.map((h) => h.id),
              chunks,
            );
      const cosineOf = (id: string) => asPassage?.get(id) ?? cosines.get(id);
      const scores = rerank(
        terms,
        top.map((h) => {
          const text = chunks.get(h.id)!.content;
          return {
            id: h.id,
            text,
            similarity: h.similarity,
            keyword: h.keyword,
            ...(h.expanded !== undefined ? { expanded: h.expanded } : {}),
            intent: intentEvidence(intent, text),
            ...(cosineOf(h.id) !== undefined ? { cosine: cosineOf(h.id)! } : {}),
          };
        }),
      );
      const reranked = top.map((h) => ({ ...h, similarity: scores.get(h.id) ?? h.similarity })).sort((a, b) => b.similarity - a.similarity);
      // Candidates below the reranked window keep their order after it: their first-stage scores are on another
      // scale, so they are capped at the lowest reranked score rather than interleaved.
      const floor = reranked[reranked.length - 1]!.similarity;
      fused = [...reranked, ...fused.slice(top.length).map((h) => ({ ...h, similarity: Math.min(h.similarity, floor) }))];
      // The rerank's own order undoes part of the turn context: it is read again beside the reranked best hits.
      if (context) fused = await context(fused);
      // The rerank orders the first stage's first page and what follows it, not which hits make the page.
      fused = keepFirstPage(first, fused);
    }

    return { fused, chunks };
  }

  /**
   * The first `p.limit` hits above the threshold, each text once (unless `keepDuplicates`). `keep` takes each round
   * of hits and returns those it keeps (a hit whose document is gone is dropped): one call per round, more rounds
   * only when it dropped some.
   */
  private async page<T extends RankedChunk>(fused: readonly FusedHit[], chunks: ReadonlyMap<string, ChunkRecord>, p: ChunkSearchParams, keep: (round: RankedChunk[]) => Promise<T[]>): Promise<T[]> {
    const seen = new Set<string>();
    const keys = new Map<string, string>();
    const hits: T[] = [];
    let next = 0;
    while (hits.length < p.limit && next < fused.length) {
      const round: RankedChunk[] = [];
      const roundKeys = new Set<string>();
      for (; next < fused.length && round.length < p.limit - hits.length; next++) {
        const h = fused[next]!;
        if (h.similarity < p.threshold) {
          next = fused.length;
          break;
        }
        const chunk = chunks.get(h.id)!;
        const key = p.keepDuplicates ? null : contentKey(chunk.content);
        if (key !== null && (seen.has(key) || roundKeys.has(key))) continue;
        if (key !== null) {
          roundKeys.add(key);
          keys.set(chunk.id, key);
        }
        round.push({ chunk, similarity: h.similarity, vectorScore: h.vector, keywordScore: h.keyword });
      }
      for (const hit of await keep(round)) {
        const key = keys.get(hit.chunk.id);
        if (key !== undefined) seen.add(key);
        hits.push(hit);
      }
    }
    return hits;
  }

  private async embedderOrNull(): Promise<Embedder | null> {
    try {
      return await this.embedder.get();
    } catch (err) {
      // Search keeps working on the keyword index while the embedding provider is down.
      this.logger.warn('searching without vectors: embedder unavailable', { error: errorMessage(err) });
      return null;
    }
  }
}

function hitOf(r: RankedChunk, document: DocumentHead): ChunkHit {
  return { chunk: r.chunk, document, similarity: r.similarity, vectorScore: r.vectorScore, keywordScore: r.keywordScore };
}

/**
 * Identity of a chunk's text for de-duplication (case and whitespace insensitive): the normalised text itself, held
 * only for one search's hits (a digest of each cost more than the Set lookups it replaced). Every run of whitespace
 * becomes one space; the pattern leaves single spaces alone (most of a text's whitespace), so only the few runs and
 * other whitespace characters are rewritten rather than every word gap.
 */
export function contentKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s\s+|[^\S ]/g, ' ')
    .trim();
}
