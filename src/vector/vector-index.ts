import { codeWords, encodeSigns, encodeSignsInt8, queryPlanes, queryWeights, topByScore } from './binary-codes.js';
import { dot } from './cosine.js';
import type { FloatRows } from './float-rows.js';
import { IdColumn } from './id-column.js';
import { dequantize, dotInt8, quantizeInto } from './int8.js';
import { kernelDims, scoreInt8Rows } from './int8-dots.js';
import { RowList } from './row-list.js';
import { SignCodes } from './sign-scan.js';
import { TopK } from './top-k.js';
import { TransposedCodes } from './transposed-codes.js';
import type { Candidate } from '../core/types.js';

export interface IndexedVector {
  chunkId: string;
  documentId: string;
  vector: Float32Array;
}

/** A row already quantised by the store (vector/int8.ts packInt8): loaded by copying, with no float round trip. */
export interface QuantizedVector {
  chunkId: string;
  documentId: string;
  values: Int8Array;
  scale: number;
}

export interface IndexedDocument {
  documentId: string;
  containerTags: readonly string[];
}

/**
 * Loads one organisation's searchable vectors for a model: rows (floats or stored int8) with the tags of their
 * documents, or an image written earlier (vector/index-image.ts). `version`: the store's change sequence the load
 * reflects (read before the rows: a write during the load is caught up later), 0 when the store keeps none.
 */
export type VectorLoader = (orgId: string, model: string) => ({ vectors: Iterable<IndexedVector | QuantizedVector>; documents: Iterable<IndexedDocument> } | { image: IndexImage }) & { version?: number };

/**
 * An organisation's index as plain arrays, to write to disk and read back (vector/index-image.ts) instead of
 * rebuilding it from the store row by row. Rows are in index order, dead ones included (`alive` 0).
 */
export interface IndexImage {
  model: string;
  dims: number;
  count: number;
  data: Int8Array;
  scales: Float32Array;
  alive: Uint8Array;
  /** Centre and sign codes of the binary stage (null for indexes too small to have one). */
  mean: Float32Array | null;
  meanRows: number;
  codes: Uint32Array | null;
  /** Chunk of each row (entries from `count` on, if any, are not part of the image). */
  chunkIds: IdColumn;
  /** Document of each row (likewise). */
  docIds: string[];
  /** Tags of the documents (at least of every one with rows). */
  docTags: ReadonlyMap<string, readonly string[]>;
  /** The rows' float vectors where the image file holds them (read back only; VectorIndex.image leaves it out). */
  floatRows?: FloatRows | null;
}

/**
 * Reads the stored float vectors of some rows (the final shortlist is rescored with them). Rows it cannot find
 * (deleted meanwhile) keep their int8 score.
 */
export type FloatReader = (orgId: string, model: string, chunkIds: readonly string[]) => Map<string, Float32Array>;

export interface VectorSearchScope {
  vector: Float32Array;
  model: string;
  containerTags?: readonly string[];
  /** Restricts the scan to these documents (already scoped by organisation and filters). */
  documentIds?: ReadonlySet<string>;
  limit: number;
}

export interface VectorIndexOptions {
  /** Scans of up to this many rows score every row (int8). */
  exactScanLimit: number;
  /** Larger scans rank rows by binary code first and rescore this many rows per requested result in int8... */
  rescorePerResult: number;
  /** ...but never fewer than this many... */
  minRescore: number;
  /** ...nor fewer than the scope's rows divided by this (the budget grows with the scope, so recall holds at 1M). */
  rescoreFraction: number;
  /** Rows of the final shortlist rescored from the stored floats, per requested result (at least FINAL_MIN rows). */
  floatsPerResult?: number;
}

export const DEFAULT_VECTOR_INDEX_OPTIONS: VectorIndexOptions = { exactScanLimit: 20_000, rescorePerResult: 40, minRescore: 4_000, rescoreFraction: 64 };

/** Rows the mean of the binary stage's centring is taken over (vectors spread evenly over the index). */
const MEAN_SAMPLE = 50_000;

/**
 * The final shortlist rescored from the stored floats: this many rows per requested result, at least FINAL_MIN. An
 * int8 score is within ~0.003 of the float one (bge-small, bench rows), so the rows the int8 order puts a quarter
 * below the limit-th do not reach the top `limit` by their floats: on the 100k bench database (derived vectors, the
 * densest case: each real vector has hundreds of near-copies) 1.25 rows per result returned the same lists as 2 for
 * 101 real queries at limits 10, 50 and 150, and 1.1 changed 11-22% of them (`bench/search-float-shortlist.ts`).
 * The read is the costliest part of a wide search (SQLite lookups by chunk id: 300 rows ~5.5 ms of a hybrid
 * /v4/search's 150 candidates at 100k); 188 rows read 37% fewer.
 */
const FINAL_PER_RESULT = 1.25;
const FINAL_MIN = 40;

interface OrgVectors {
  model: string;
  /** The store's change sequence the rows reflect (VectorLoader). */
  version: number;
  dims: number;
  /** Rows quantised to int8 (`dims` bytes each) with one scale per row: a quarter of float32's memory. */
  data: Int8Array;
  scales: Float32Array;
  /** Sign codes of (vector - mean), `codeWords(dims)` words per row, once the index is large enough to need them. */
  codes: SignCodes | null;
  mean: Float32Array | null;
  /** Live rows when the mean was last computed: codes are recomputed when the index doubles. */
  meanRows: number;
  count: number;
  dead: number;
  chunkIds: IdColumn;
  docIds: string[];
  alive: Uint8Array;
  /**
   * Rows of each document, complete only for rows docRowsBuilt.. onward and rows before it: read through docRowsOf.
   * A restore leaves rows 0..docRowsUntil out (building 276k arrays was ~a third of a 1M-row restore, and a search
   * by tag never reads them); the warm-up builds them after the scans' copies (warmDocRows), or the first caller does.
   */
  docRows: Map<string, number[]>;
  /** Restored rows docRows holds so far (docRowsBuilt..docRowsUntil are still to add). */
  docRowsBuilt: number;
  docRowsUntil: number;
  docTags: Map<string, readonly string[]>;
  tagRows: Map<string, RowList>;
  /** Float vectors by chunk id when the index retains them (see the constructor). */
  floats: Map<string, Float32Array> | null;
  /**
   * Float vectors of rows 0..floatRows.count in the image file the index was restored from; rows added since are
   * read through the FloatReader. Dropped when compaction renumbers the rows.
   */
  floatRows: FloatRows | null;
  /** Bumped whenever existing rows' codes change (a new mean): transposed copies of an older epoch are dropped. */
  codesEpoch: number;
  /** Transposed copies of the codes of scopes scanned approximately: a tag's rows, or ALL_ROWS (vector/transposed-codes.ts). */
  transposed: Map<string, TransposedCodes>;
}

/** Rows whose partitions one slice of an image restore rebuilds (~30 ms; install). */
const RESTORE_SLICE_ROWS = 65_536;

/** Rows one slice of warmScans copies (~10 ms). */
const SCAN_COPY_SLICE_ROWS = 131_072;

/** Rows one slice of warmDocRows adds to the documents' row lists (~20 ms). */
const DOC_ROWS_SLICE_ROWS = 131_072;

/** Key of the transposed copy of every row (tags are non-empty strings). */
const ALL_ROWS = '';

/**
 * In-memory vector index, partitioned by organisation and container tag, for stores without native vector search.
 * A query only ever scans the rows of its own organisation and tags. Rows are held as int8 with a scale each (a
 * quarter of float32's memory). Scans of up to `exactScanLimit` rows score every row; larger ones rank the rows by
 * binary code (vector/binary-codes.ts) first and score a pool that grows with the scope (`rescorePerResult` per
 * result, at least `minRescore` and the scope's rows / `rescoreFraction`). The best few per result are then rescored
 * from the stored floats when the store gives a FloatReader, so returned scores are exact (measured against an exact
 * float scan by `npm run bench:search`).
 */
export class VectorIndex {
  private readonly orgs = new Map<string, OrgVectors>();

  private readonly floats: FloatReader | undefined;
  /** Float vectors kept beside the int8 rows when no reader can fetch them (`'retain'`: caches of remote stores). */
  private readonly retained: Map<string, Map<string, Float32Array>> | null;

  /**
   * `floats`: where the final shortlist's float vectors come from (a store read), or `'retain'` to keep them in
   * memory beside the int8 rows (the MongoDB fallback cache, which has no synchronous read).
   */
  constructor(
    private readonly load: VectorLoader,
    private readonly options: VectorIndexOptions = DEFAULT_VECTOR_INDEX_OPTIONS,
    floats?: FloatReader | 'retain',
  ) {
    this.retained = floats === 'retain' ? new Map() : null;
    this.floats =
      floats === 'retain'
        ? (orgId, _model, ids) => {
            const kept = this.retained!.get(orgId);
            return new Map(ids.flatMap((id) => (kept?.has(id) ? [[id, kept.get(id)!] as const] : [])));
          }
        : floats;
  }

  /** The `limit` best rows of the query's scope; `exact` scores every row in int8 (no binary stage). */
  search(orgId: string, q: VectorSearchScope, mode: { exact?: boolean } = {}): Candidate[] {
    const idx = this.prepare(orgId, q.model);
    if (idx.count === 0 || idx.dims !== q.vector.length) return [];
    const rows = eligibleRows(idx, q);
    const count = rows ? rows.length : idx.count;
    const shortlist = this.floats ? Math.max(FINAL_MIN, q.limit, Math.ceil(q.limit * (this.options.floatsPerResult ?? FINAL_PER_RESULT))) : q.limit;
    const top = new TopK(shortlist);
    const { data, scales, dims, alive } = idx;
    const rowAt = rows ? (i: number) => rows[i]! : (i: number) => i;
    if (mode.exact || !idx.mean || count <= this.options.exactScanLimit) {
      if (kernelDims(dims)) {
        const live = new Int32Array(count);
        let n = 0;
        for (let i = 0; i < count; i++) {
          const row = rowAt(i);
          if (alive[row]) live[n++] = row;
        }
        scoreInt8Rows(
          q.vector,
          data,
          scales,
          dims,
          (i) => live[i]!,
          n,
          (row, s) => top.push(row, s),
        );
      } else {
        for (let i = 0; i < count; i++) {
          const row = rowAt(i);
          if (alive[row]) top.push(row, dotInt8(q.vector, data, row * dims, scales[row]!));
        }
      }
    } else {
      let approx = scanCodes(idx, q, rows, count);
      let liveAt = rowAt;
      let live = count;
      if (idx.dead > 0) {
        const liveRows = new Int32Array(count);
        const liveScores = new Float32Array(count);
        live = 0;
        for (let i = 0; i < count; i++) {
          const row = rowAt(i);
          if (!alive[row]) continue;
          liveRows[live] = row;
          liveScores[live++] = approx[i]!;
        }
        approx = liveScores;
        liveAt = (i) => liveRows[i]!;
      }
      const pool = Math.max(this.options.minRescore, q.limit * this.options.rescorePerResult, Math.ceil(live / this.options.rescoreFraction));
      const chosen = topByScore(approx, live, pool);
      if (kernelDims(dims)) {
        scoreInt8Rows(
          q.vector,
          data,
          scales,
          dims,
          (k) => liveAt(chosen[k]!),
          chosen.length,
          (row, s) => top.push(row, s),
        );
      } else {
        for (const i of chosen) {
          const row = liveAt(i);
          top.push(row, dotInt8(q.vector, data, row * dims, scales[row]!));
        }
      }
    }
    const sorted = top.sorted();
    const ranked = sorted.map(({ item, score: s }) => ({ chunkId: idx.chunkIds.get(item)!, documentId: idx.docIds[item]!, score: s }));
    if (!this.floats || ranked.length === 0) return ranked.slice(0, q.limit);
    // Rows the image file holds are rescored from it; the others (added since, or without a stored vector there)
    // from the store.
    const fromStore: (typeof ranked)[number][] = [];
    for (let i = 0; i < ranked.length; i++) {
      const v = idx.floatRows?.read(sorted[i]!.item);
      if (v && v.length === dims) ranked[i]!.score = dot(q.vector, v);
      else fromStore.push(ranked[i]!);
    }
    if (fromStore.length > 0) {
      const exact = this.floats(
        orgId,
        q.model,
        fromStore.map((c) => c.chunkId),
      );
      for (const c of fromStore) {
        const v = exact.get(c.chunkId);
        if (v && v.length === dims) c.score = dot(q.vector, v);
      }
    }
    return ranked.sort((a, b) => b.score - a.score).slice(0, q.limit);
  }

  /**
   * Takes the float rows of the image just written from `image` (this.image(orgId)): its rows are the index's own
   * as long as no compaction renumbered them since (then the file is let go, and the store serves the floats).
   */
  useImageFloats(orgId: string, image: IndexImage, floatRows: FloatRows): void {
    const idx = this.orgs.get(orgId);
    if (!idx || idx.model !== image.model || idx.chunkIds !== image.chunkIds || idx.dims !== floatRows.dims || floatRows.count > idx.count) {
      floatRows.close();
      return;
    }
    idx.floatRows?.close();
    idx.floatRows = floatRows;
  }

  /**
   * The float rows the index rescores from, when they number the same rows as `image` (taken from this index by
   * image(orgId) and not compacted since): a new image copies these rows' floats from them instead of the store.
   */
  imageFloatRows(orgId: string, image: IndexImage): FloatRows | null {
    const idx = this.orgs.get(orgId);
    return idx?.floatRows && idx.model === image.model && idx.chunkIds === image.chunkIds && idx.dims === image.dims ? idx.floatRows : null;
  }

  /**
   * Cosines of `vector` with the float vectors the image file holds for these chunks, found through their documents'
   * rows (`documentIds[i]` is chunk i's); chunks it cannot score (the index not loaded for `model`, rows added after
   * the image, a document that does not hold the chunk) are left out for the caller to read elsewhere.
   */
  imageScores(orgId: string, model: string, vector: Float32Array, chunkIds: readonly string[], documentIds: readonly string[]): Map<string, number> {
    const scores = new Map<string, number>();
    const idx = this.orgs.get(orgId);
    if (!idx?.floatRows || idx.model !== model || idx.dims !== vector.length) return scores;
    chunkIds.forEach((chunkId, i) => {
      const row = docRowsOf(idx)
        .get(documentIds[i]!)
        ?.find((r) => idx.chunkIds.get(r) === chunkId && idx.alive[r]);
      const v = row === undefined ? null : idx.floatRows!.read(row);
      if (v) scores.set(chunkId, dot(vector, v));
    });
    return scores;
  }

  /**
   * Makes the transposed code copies that the approximate scans of an organisation's large scopes read (every row,
   * and each tag of more than exactScanLimit rows), as their first search would (~80 ms for an 850k-row tag), in
   * slices of SCAN_COPY_SLICE_ROWS rows with `pause` awaited between them (false: stop). For a warm-up at start; the
   * copies then follow the rows as searches use them, and a search that comes first completes the copy it needs.
   */
  async warmScans(orgId: string, pause: () => Promise<boolean>): Promise<void> {
    const idx = this.orgs.get(orgId);
    if (!idx?.mean || !idx.codes) return;
    const limit = this.options.exactScanLimit;
    const scopes: (string | null)[] = [...(idx.count > limit ? [null] : []), ...[...idx.tagRows].filter(([, list]) => list.view().length > limit).map(([tag]) => tag)];
    for (const tag of scopes) {
      for (let filled = 0; ;) {
        // The index as it is now (a write may have replaced it or grown a partition meanwhile).
        if (this.orgs.get(orgId) !== idx || !idx.codes) return;
        const rows = tag === null ? null : (idx.tagRows.get(tag)?.view() ?? new Int32Array(0));
        const count = rows ? rows.length : idx.count;
        if (filled >= count) break;
        filled = Math.min(count, filled + SCAN_COPY_SLICE_ROWS);
        syncedCopy(idx, tag ?? ALL_ROWS, rows, filled);
        if (!(await pause())) return;
      }
    }
  }

  /** The scopes whose transposed copies an organisation's index holds ('' for every row): for inspection. */
  scanCopies(orgId: string): string[] {
    return [...(this.orgs.get(orgId)?.transposed.keys() ?? [])];
  }

  /** Replaces a document's vectors (index step). Ignored when the organisation is not loaded or uses another model. */
  putDocument(orgId: string, model: string, doc: IndexedDocument, vectors: readonly IndexedVector[]): void {
    const idx = this.orgs.get(orgId);
    if (!idx || idx.model !== model) return;
    this.removeRows(idx, doc.documentId);
    const tags = [...new Set(doc.containerTags)];
    idx.docTags.set(doc.documentId, tags);
    for (const v of vectors) this.append(idx, v, tags);
    this.maybeCompact(orgId, idx);
    this.maybeRequantize(this.orgs.get(orgId)!);
  }

  removeDocument(orgId: string, documentId: string): void {
    const idx = this.orgs.get(orgId);
    if (!idx) return;
    this.removeRows(idx, documentId);
    idx.docTags.delete(documentId);
    this.maybeCompact(orgId, idx);
  }

  /** Moves a document's existing rows to new container tags. */
  retagDocument(orgId: string, documentId: string, tags: readonly string[]): void {
    const idx = this.orgs.get(orgId);
    if (!idx) return;
    const rows = docRowsOf(idx).get(documentId) ?? [];
    // Dequantised rows quantise back to the same bytes (the row's largest value is its scale x 127).
    const vectors = rows
      .filter((r) => idx.alive[r])
      .map((r) => ({ chunkId: idx.chunkIds.get(r)!, documentId, vector: idx.floats?.get(idx.chunkIds.get(r)!) ?? dequantize(idx.data, r * idx.dims, idx.dims, idx.scales[r]!) }));
    this.putDocument(orgId, idx.model, { documentId, containerTags: tags }, vectors);
  }

  /** Forgets an organisation's cached vectors (reloaded on next search). */
  evict(orgId?: string): void {
    for (const [id, idx] of this.orgs) if (orgId === undefined || id === orgId) idx.floatRows?.close();
    if (orgId === undefined) {
      this.orgs.clear();
      this.retained?.clear();
    } else {
      this.orgs.delete(orgId);
      this.retained?.delete(orgId);
    }
  }

  /** Number of live vectors cached for an organisation (0 when not loaded). */
  size(orgId: string): number {
    const idx = this.orgs.get(orgId);
    return idx ? idx.count - idx.dead : 0;
  }

  /** The store change sequence an organisation's loaded index reflects (undefined when not loaded for `model`). */
  version(orgId: string, model: string): number | undefined {
    const idx = this.orgs.get(orgId);
    return idx && idx.model === model ? idx.version : undefined;
  }

  /** Records that the loaded index reflects the store at `version` (after a catch-up). */
  setVersion(orgId: string, version: number): void {
    const idx = this.orgs.get(orgId);
    if (idx) idx.version = version;
  }

  /**
   * Records a write of this process that moved the store from `from` to `to` and was applied to the index: the
   * version follows only when the index was at `from` (another writer's changes in between are caught up later).
   */
  advance(orgId: string, from: number, to: number): void {
    const idx = this.orgs.get(orgId);
    if (idx && idx.version === from) idx.version = to;
  }

  /**
   * Replaces a document's rows with the store's int8 rows (a catch-up on changes made elsewhere); `tags` null: the
   * document is gone.
   */
  replaceStored(orgId: string, model: string, documentId: string, tags: readonly string[] | null, rows: readonly QuantizedVector[]): void {
    const idx = this.orgs.get(orgId);
    if (!idx || idx.model !== model) return;
    this.removeRows(idx, documentId);
    if (tags === null || rows.length === 0) {
      idx.docTags.delete(documentId);
    } else {
      const distinct = [...new Set(tags)];
      idx.docTags.set(documentId, distinct);
      for (const v of rows) this.appendStored(idx, v, distinct);
    }
    this.maybeCompact(orgId, idx);
    this.maybeRequantize(this.orgs.get(orgId)!);
  }

  /** Organisations with a loaded index. */
  loadedOrgs(): string[] {
    return [...this.orgs.keys()];
  }

  /** Live rows and the model of a loaded index (null when not loaded). */
  stats(orgId: string): { live: number; model: string } | null {
    const idx = this.orgs.get(orgId);
    return idx ? { live: idx.count - idx.dead, model: idx.model } : null;
  }

  /**
   * The loaded index as an image to write to disk, taken synchronously. What later writes change in place
   * (liveness, codes) is copied; the rest is append-only below `count` (rows are only ever added after it, and
   * compaction builds new arrays), so views and the id arrays themselves are kept. Document tags are shared: a
   * document whose tags change later changed after the image's version, so a load from the image re-reads it.
   */
  image(orgId: string): IndexImage | null {
    const idx = this.orgs.get(orgId);
    if (!idx || idx.count === 0) return null;
    const words = codeWords(idx.dims);
    return {
      model: idx.model,
      dims: idx.dims,
      count: idx.count,
      data: idx.data.subarray(0, idx.count * idx.dims),
      scales: idx.scales.subarray(0, idx.count),
      alive: idx.alive.slice(0, idx.count),
      mean: idx.mean,
      meanRows: idx.meanRows,
      codes: idx.codes ? idx.codes.words.slice(0, idx.count * words) : null,
      chunkIds: idx.chunkIds,
      docIds: idx.docIds,
      docTags: idx.docTags,
    };
  }

  /** Loads an organisation's index for `model` when it is not loaded (searches do this themselves). */
  prepare(orgId: string, model: string): OrgVectors {
    const cached = this.orgs.get(orgId);
    if (cached && cached.model === model) return cached;
    cached?.floatRows?.close();
    const idx = emptyIndex(model);
    if (this.retained) {
      idx.floats = new Map();
      this.retained.set(orgId, idx.floats);
    }
    const loaded = this.load(orgId, model);
    idx.version = loaded.version ?? 0;
    if ('image' in loaded) {
      this.restore(idx, loaded.image);
    } else {
      for (const d of loaded.documents) idx.docTags.set(d.documentId, [...new Set(d.containerTags)]);
      for (const v of loaded.vectors) {
        const tags = idx.docTags.get(v.documentId) ?? [];
        if ('values' in v) this.appendStored(idx, v, tags);
        else this.append(idx, v, tags);
      }
    }
    this.maybeRequantize(idx);
    this.orgs.set(orgId, idx);
    return idx;
  }

  /**
   * Loads an organisation's index for `model` from an image read beforehand (vector/index-image.ts
   * readIndexImageInSlices), rebuilding its partitions RESTORE_SLICE_ROWS rows at a time with `pause` awaited between
   * slices, so that a warm-up at start leaves the event loop free (at 1M rows the rebuild takes ~0.5 s). `version`:
   * the store's change sequence the image reflects. Answers false, and lets the image go, when `pause` answers false
   * (give up) or when the index was loaded meanwhile (a search's own load): that index is kept.
   */
  async install(orgId: string, model: string, image: IndexImage, version: number, pause: () => Promise<boolean>): Promise<boolean> {
    const idx = emptyIndex(model);
    idx.version = version;
    const steps = this.restoreSteps(idx, image);
    for (let step = steps.next(); !step.done; step = steps.next()) {
      if (!(await pause()) || this.orgs.get(orgId)?.model === model) {
        image.floatRows?.close();
        return false;
      }
    }
    if (this.orgs.get(orgId)?.model === model) {
      image.floatRows?.close();
      return false;
    }
    this.orgs.get(orgId)?.floatRows?.close();
    if (this.retained) {
      idx.floats = new Map();
      this.retained.set(orgId, idx.floats);
    }
    this.maybeRequantize(idx);
    this.orgs.set(orgId, idx);
    return true;
  }

  /** Fills an empty index from an image: the arrays are taken as they are, partitions rebuilt from the row owners. */
  private restore(idx: OrgVectors, image: IndexImage): void {
    const steps = this.restoreSteps(idx, image);
    while (!steps.next().done);
  }

  /** restore, with a yield after each slice of RESTORE_SLICE_ROWS rows (the index must not be searched before the end). */
  private *restoreSteps(idx: OrgVectors, image: IndexImage): Generator<void, void> {
    idx.dims = image.dims;
    idx.count = image.count;
    idx.data = image.data;
    idx.scales = image.scales;
    idx.alive = image.alive;
    idx.chunkIds = image.chunkIds;
    idx.docIds = image.docIds;
    idx.floatRows = image.floatRows ?? null;
    if (image.mean && image.codes) {
      idx.mean = image.mean;
      idx.meanRows = image.meanRows;
      idx.codes = new SignCodes(image.dims, image.count);
      idx.codes.words.set(image.codes);
      yield;
    }
    for (const [doc, tags] of image.docTags) idx.docTags.set(doc, tags);
    // The documents' rows are left for later (docRowsOf); the tags' partitions are what a search needs.
    idx.docRowsUntil = image.count;
    // The partitions of each tag list, by the list itself: documents with the same tags share one (index-image.ts).
    const listsOf = new Map<readonly string[], RowList[]>();
    for (let from = 0; from < image.count; from += RESTORE_SLICE_ROWS) {
      yield;
      let previous: string | undefined;
      // The partitions of the current document's tags, looked up once per document rather than once per row.
      let lists: RowList[] = [];
      for (let row = from; row < Math.min(image.count, from + RESTORE_SLICE_ROWS); row++) {
        if (!image.alive[row]) {
          idx.dead++;
          continue;
        }
        const doc = image.docIds[row]!;
        if (doc !== previous) {
          previous = doc;
          const tags = idx.docTags.get(doc) ?? [];
          lists = listsOf.get(tags) ?? tags.map((tag) => tagList(idx, tag));
          listsOf.set(tags, lists);
        }
        for (const list of lists) list.push(row);
      }
    }
  }

  /**
   * Builds the documents' row lists a restore left out, DOC_ROWS_SLICE_ROWS rows at a time with `pause` awaited
   * between slices (false: stop), for a warm-up once the index and its scan copies are ready. A write or a search by
   * document meanwhile completes them in its own turn (docRowsOf).
   */
  async warmDocRows(orgId: string, pause: () => Promise<boolean>): Promise<void> {
    const idx = this.orgs.get(orgId);
    while (idx && this.orgs.get(orgId) === idx && idx.docRowsBuilt < idx.docRowsUntil) {
      addDocRows(idx, Math.min(idx.docRowsUntil, idx.docRowsBuilt + DOC_ROWS_SLICE_ROWS));
      if (!(await pause())) return;
    }
  }

  /** Whether the organisation's index still has restored rows out of its documents' row lists: for inspection. */
  docRowsPending(orgId: string): boolean {
    const idx = this.orgs.get(orgId);
    return idx !== undefined && idx.docRowsBuilt < idx.docRowsUntil;
  }

  /**
   * Computes the mean and every row's code once the index is large enough to need them, and again when it doubles.
   * The mean is taken over at most MEAN_SAMPLE live rows spread evenly over the index (the centre of a million
   * embeddings is known well long before the millionth): a cold load pays for the codes, not for the mean.
   */
  private maybeRequantize(idx: OrgVectors): void {
    const live = idx.count - idx.dead;
    if (live <= this.options.exactScanLimit || (idx.mean && live < idx.meanRows * 2)) return;
    const { dims, data, scales, alive } = idx;
    const mean = new Float64Array(dims);
    const step = Math.max(1, Math.floor(idx.count / MEAN_SAMPLE));
    let sampled = 0;
    for (let r = 0; r < idx.count; r += step) {
      if (!alive[r]) continue;
      const scale = scales[r]!;
      const base = r * dims;
      for (let i = 0; i < dims; i++) mean[i]! += data[base + i]! * scale;
      sampled++;
    }
    const m = Float32Array.from(mean, (x) => x / Math.max(1, sampled));
    idx.codes ??= new SignCodes(dims, scales.length);
    idx.codes.encodeInt8(data, scales, m, 0, idx.count);
    idx.mean = m;
    idx.meanRows = live;
    idx.codesEpoch++;
    idx.transposed.clear();
  }

  private append(idx: OrgVectors, v: IndexedVector, tags: readonly string[]): void {
    if (idx.dims === 0) idx.dims = v.vector.length;
    if (v.vector.length !== idx.dims) return;
    const row = this.reserveRow(idx);
    idx.scales[row] = quantizeInto(v.vector, idx.data, row * idx.dims);
    idx.floats?.set(v.chunkId, v.vector);
    this.finishRow(idx, row, v.chunkId, v.documentId, tags, v.vector);
  }

  /** Appends a row the store kept quantised (a cold load copies it). */
  private appendStored(idx: OrgVectors, v: QuantizedVector, tags: readonly string[]): void {
    if (idx.dims === 0) idx.dims = v.values.length;
    if (v.values.length !== idx.dims) return;
    const row = this.reserveRow(idx);
    idx.data.set(v.values, row * idx.dims);
    idx.scales[row] = v.scale;
    if (idx.codes) encodeSignsInt8(idx.data, idx.scales, idx.mean!, idx.codes.words, row, row + 1);
    this.finishRow(idx, row, v.chunkId, v.documentId, tags, null);
  }

  /** Appends a row already quantised (compaction moves rows without a round trip through floats). */
  private appendQuantized(idx: OrgVectors, from: OrgVectors, fromRow: number, tags: readonly string[]): void {
    if (idx.dims === 0) idx.dims = from.dims;
    const row = this.reserveRow(idx);
    idx.data.set(from.data.subarray(fromRow * from.dims, (fromRow + 1) * from.dims), row * idx.dims);
    idx.scales[row] = from.scales[fromRow]!;
    const words = codeWords(idx.dims);
    if (idx.codes) idx.codes.words.set(from.codes!.words.subarray(fromRow * words, (fromRow + 1) * words), row * words);
    this.finishRow(idx, row, from.chunkIds.get(fromRow)!, from.docIds[fromRow]!, tags, null);
  }

  private reserveRow(idx: OrgVectors): number {
    if ((idx.count + 1) * idx.dims > idx.data.length) {
      const capacity = Math.max(1024, (idx.count + 1) * 2);
      const grown = new Int8Array(capacity * idx.dims);
      grown.set(idx.data.subarray(0, idx.count * idx.dims));
      idx.data = grown;
      const scales = new Float32Array(capacity);
      scales.set(idx.scales.subarray(0, idx.count));
      idx.scales = scales;
      const alive = new Uint8Array(capacity);
      alive.set(idx.alive.subarray(0, idx.count));
      idx.alive = alive;
      idx.codes?.reserve(capacity);
    }
    return idx.count++;
  }

  /** Codes (for a float row when the index has a mean), liveness, ids and partitions (`tags`: distinct) of a new row. */
  private finishRow(idx: OrgVectors, row: number, chunkId: string, documentId: string, tags: readonly string[], vector: Float32Array | null): void {
    if (idx.codes && vector) encodeSigns(vector, idx.mean!, idx.codes.words, row * codeWords(idx.dims));
    idx.alive[row] = 1;
    idx.chunkIds.push(chunkId);
    idx.docIds[row] = documentId;
    pushTo(docRowsOf(idx), documentId, row);
    addToTags(idx, tags, row);
  }

  private removeRows(idx: OrgVectors, documentId: string): void {
    const docRows = docRowsOf(idx);
    for (const row of docRows.get(documentId) ?? []) {
      if (idx.alive[row]) {
        idx.alive[row] = 0;
        idx.dead++;
        if (idx.floats) idx.floats.delete(idx.chunkIds.get(row)!);
      }
    }
    docRows.delete(documentId);
  }

  private maybeCompact(orgId: string, idx: OrgVectors): void {
    if (idx.dead < 1024 || idx.dead * 3 < idx.count) return;
    const fresh = emptyIndex(idx.model);
    fresh.version = idx.version;
    fresh.docTags = idx.docTags;
    fresh.floats = idx.floats;
    fresh.mean = idx.mean;
    fresh.meanRows = idx.meanRows;
    fresh.codes = idx.codes ? new SignCodes(idx.dims, idx.count - idx.dead) : null;
    for (let row = 0; row < idx.count; row++) {
      if (!idx.alive[row]) continue;
      this.appendQuantized(fresh, idx, row, idx.docTags.get(idx.docIds[row]!) ?? []);
    }
    // The file's rows are numbered as before the compaction: the store serves the floats until the next image.
    idx.floatRows?.close();
    this.orgs.set(orgId, fresh);
  }
}

function emptyIndex(model: string): OrgVectors {
  return {
    model,
    version: 0,
    dims: 0,
    data: new Int8Array(0),
    scales: new Float32Array(0),
    codes: null,
    mean: null,
    meanRows: 0,
    count: 0,
    dead: 0,
    chunkIds: IdColumn.empty(),
    docIds: [],
    alive: new Uint8Array(0),
    docRows: new Map(),
    docRowsBuilt: 0,
    docRowsUntil: 0,
    docTags: new Map(),
    tagRows: new Map(),
    floats: null,
    floatRows: null,
    codesEpoch: 0,
    transposed: new Map(),
  };
}

/**
 * The binary stage's scores of the scope's rows (rows[0..count), or every row when `rows` is null). A scope that is
 * one tag or the whole index is scanned from its transposed copy, brought up to date first (same scores, about half
 * the time); other scopes (several tags, listed documents) by row list.
 */
function scanCodes(idx: OrgVectors, q: VectorSearchScope, rows: Int32Array | null, count: number): Float32Array {
  const planes = queryPlanes(queryWeights(q.vector, idx.mean!));
  const tags = q.containerTags ? new Set(q.containerTags) : null;
  const key = q.documentIds ? null : rows === null ? ALL_ROWS : tags?.size === 1 ? [...tags][0]! : null;
  if (key === null) return idx.codes!.scan(planes, rows, count);
  return syncedCopy(idx, key, rows, count).scan(planes, count);
}

/** The scope's transposed copy of the codes (made, or remade after a new mean), with its first `count` rows in. */
function syncedCopy(idx: OrgVectors, key: string, rows: Int32Array | null, count: number): TransposedCodes {
  let copy = idx.transposed.get(key);
  if (!copy || copy.epoch !== idx.codesEpoch) {
    copy = new TransposedCodes(codeWords(idx.dims) * 4, idx.codesEpoch);
    idx.transposed.set(key, copy);
  }
  copy.sync(idx.codes!.words, rows, count);
  return copy;
}

/** Rows a query may see (its documents or tags), or null for every row of the organisation. */
function eligibleRows(idx: OrgVectors, q: VectorSearchScope): Int32Array | null {
  const out: number[] = [];
  if (q.documentIds) {
    const allowedTags = q.containerTags ? new Set(q.containerTags) : undefined;
    for (const docId of q.documentIds) {
      if (allowedTags && !(idx.docTags.get(docId) ?? []).some((t) => allowedTags.has(t))) continue;
      for (const row of docRowsOf(idx).get(docId) ?? []) out.push(row);
    }
    return Int32Array.from(out);
  }
  if (!q.containerTags) return null;
  const tags = [...new Set(q.containerTags)];
  if (tags.length === 1) return idx.tagRows.get(tags[0]!)?.view() ?? new Int32Array(0);
  const seen = new Uint8Array(idx.count);
  for (const tag of tags) {
    for (const row of idx.tagRows.get(tag)?.view() ?? []) {
      if (seen[row]) continue;
      seen[row] = 1;
      out.push(row);
    }
  }
  return Int32Array.from(out);
}

/** The rows of each document, with the restored rows a restore left out added first (in row order, as before). */
function docRowsOf(idx: OrgVectors): Map<string, number[]> {
  if (idx.docRowsBuilt < idx.docRowsUntil) addDocRows(idx, idx.docRowsUntil);
  return idx.docRows;
}

/**
 * Adds restored rows docRowsBuilt..upTo to their documents' row lists (live rows only: a dead row has no document).
 * A document's run of rows gets an array of its exact length: pushed one by one, a short array keeps room for 17
 * (about 30 MB more heap at 1M rows, 3-4 rows a document).
 */
function addDocRows(idx: OrgVectors, upTo: number): void {
  const { docIds, alive } = idx;
  for (let row = idx.docRowsBuilt; row < upTo;) {
    const doc = docIds[row]!;
    let end = row + 1;
    while (end < upTo && docIds[end] === doc) end++;
    let live = 0;
    for (let r = row; r < end; r++) if (alive[r]) live++;
    const existing = idx.docRows.get(doc);
    if (existing) {
      for (let r = row; r < end; r++) if (alive[r]) existing.push(r);
    } else if (live > 0) {
      const rows = new Array<number>(live);
      let k = 0;
      for (let r = row; r < end; r++) if (alive[r]) rows[k++] = r;
      idx.docRows.set(doc, rows);
    }
    row = end;
  }
  idx.docRowsBuilt = upTo;
}

/** Adds a row to the partitions of its (distinct) tags. */
function addToTags(idx: OrgVectors, tags: readonly string[], row: number): void {
  for (const t of tags) tagList(idx, t).push(row);
}

/** The partition of a tag, made empty when the tag has none yet. */
function tagList(idx: OrgVectors, tag: string): RowList {
  let list = idx.tagRows.get(tag);
  if (!list) {
    list = RowList.empty();
    idx.tagRows.set(tag, list);
  }
  return list;
}

function pushTo(map: Map<string, number[]>, key: string, row: number): void {
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}
