import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openImageFloats, readIndexImage, readIndexImageInSlices, writeIndexImage } from '../../vector/index-image.js';
import { unpackInt8 } from '../../vector/int8.js';
import { quietMoment } from './quiet-moment.js';
import { DEFAULT_VECTOR_INDEX_OPTIONS, VectorIndex, type FloatReader, type QuantizedVector, type VectorLoader } from '../../vector/vector-index.js';

/** Indexes smaller than this load from their rows quickly enough: no image is written for them. */
export const IMAGE_MIN_ROWS = 20_000;

/** A new image is written when this share of an index's rows changed since the last one (or since its load). */
const RESAVE_SHARE = 0.1;

/** At shutdown an image is rewritten only when this many rows changed since it (a start catches up on fewer quickly). */
const CLOSE_RESAVE_ROWS = 5_000;

/** Delay between the reason for an image and its write (the request that caused it answers first). */
const SAVE_DELAY_MS = 2_000;

/**
 * Keeps the SQLite store's in-memory vector index (vector/vector-index.ts) in step with the database and starts it
 * quickly. Triggers (migration 10) give every change to a document's vectors or tags a sequence number; the index
 * knows the sequence it reflects, and before a search re-reads the documents changed after it, so writes made by
 * another process on the same file (MNEMO_ROLE=api beside a worker) are seen too. Large indexes are written to an
 * image file (vector/index-image.ts) after a load from rows, when a tenth of them changed, and on close; a start
 * reads the image and catches up on the changes after it instead of rebuilding from every row.
 */
export class SqliteVectorSync {
  /** The store's chunk vector index, loaded and kept in step by this class. */
  readonly index: VectorIndex;
  private readonly minRows: number;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly saving = new Map<string, Promise<void>>();
  /** Loads of the warm-up under way, per organisation (a search of it waits for the load rather than repeating it). */
  private readonly warming = new Map<string, Promise<boolean>>();
  /** Rows changed since the last image (or load), per organisation. */
  private readonly changed = new Map<string, number>();
  private closed = false;
  /** Read before every search and around every write: prepared once. */
  private seqStatement: Database.Statement | null = null;
  private floorStatement: Database.Statement | null = null;
  /** When the latest search started (performance.now()): an image's store reads wait for a pause after it. */
  private lastSearch = Number.NEGATIVE_INFINITY;

  /**
   * `dir`: where the images go (null: none, for in-memory databases); `floats`: the store's float vectors, for the
   * index's final shortlist; `minRows`: indexes of fewer live rows get no image (tests set 0).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly dir: string | null,
    private readonly floats: FloatReader,
    options: { minRows?: number } = {},
  ) {
    this.minRows = options.minRows ?? IMAGE_MIN_ROWS;
    this.index = new VectorIndex(this.loader(), DEFAULT_VECTOR_INDEX_OPTIONS, floats);
  }

  /** The organisation's change sequence (0 before its first change). */
  seq(orgId: string): number {
    this.seqStatement ??= this.db.prepare('SELECT max(seq) AS n FROM vector_changes WHERE org_id = ?');
    const row = this.seqStatement.get(orgId) as { n: number | null };
    return row.n ?? 0;
  }

  /** Sequence up to which the rows of deleted documents were pruned (0: none). */
  private prunedThrough(orgId: string): number {
    this.floorStatement ??= this.db.prepare('SELECT pruned_through FROM vector_floors WHERE org_id = ?').pluck();
    return (this.floorStatement.get(orgId) as number | undefined) ?? 0;
  }

  /**
   * The stamp of the organisation's image for `model` when a load may start from it: not ahead of the store's
   * sequence (`version`) and not behind rows pruned since (their deletions could not be replayed).
   */
  private trustedStamp(orgId: string, model: string, version: number): { token: string; seq: number } | undefined {
    if (!this.dir) return undefined;
    const stamp = this.db.prepare('SELECT token, seq FROM vector_snapshots WHERE org_id = ? AND model = ?').get(orgId, model) as { token: string; seq: number } | undefined;
    return stamp && stamp.seq <= version && stamp.seq >= this.prunedThrough(orgId) ? stamp : undefined;
  }

  /** The loader the index calls: the trusted image when there is one, the stored int8 rows otherwise. */
  private loader(): VectorLoader {
    return (orgId, model) => {
      const version = this.seq(orgId);
      const stamp = this.trustedStamp(orgId, model, version);
      if (stamp) {
        const image = readIndexImage(this.file(orgId, model), stamp, model);
        if (image) {
          this.changed.set(orgId, 0);
          return { image, version: stamp.seq };
        }
      }
      const documents = (this.db.prepare('SELECT id, container_tags FROM documents WHERE org_id = ?').raw().all(orgId) as [string, string][]).map(([id, tags]) => ({
        documentId: id,
        containerTags: JSON.parse(tags) as string[],
      }));
      const rows = this.db.prepare('SELECT chunk_id, document_id, packed FROM chunk_vectors WHERE org_id = ? AND model = ?').raw().iterate(orgId, model) as IterableIterator<[string, string, Buffer]>;
      function* vectors() {
        for (const [chunkId, documentId, packed] of rows) yield { chunkId, documentId, ...unpackInt8(packed) };
      }
      // Written once the index holds the rows (after this call returns).
      this.changed.set(orgId, Number.POSITIVE_INFINITY);
      setImmediate(() => this.maybeSave(orgId));
      return { vectors: vectors(), documents, version };
    };
  }

  /**
   * Loads the organisation's index if needed and brings it up to the store: re-reads the documents changed since the
   * sequence it reflects. An index ahead of the store (a database restored from a copy) is dropped and loads again.
   */
  catchUp(orgId: string, model: string): void {
    this.lastSearch = performance.now();
    this.sync(orgId, model);
  }

  /** catchUp without counting as a search (a warm-up is not traffic an image save should wait for). */
  private sync(orgId: string, model: string): void {
    const index = this.index;
    index.prepare(orgId, model);
    const known = index.version(orgId, model)!;
    const current = this.seq(orgId);
    if (current === known) return;
    // Behind the store (a restored copy), or behind rows pruned since (their deletions cannot be replayed): reload.
    if (current < known || known < this.prunedThrough(orgId)) {
      index.evict(orgId);
      index.prepare(orgId, model);
      return;
    }
    const changes = this.db.transaction(() => {
      const docs = this.db.prepare('SELECT document_id FROM vector_changes WHERE org_id = ? AND seq > ?').pluck().all(orgId, known) as string[];
      const tagsOf = this.db.prepare('SELECT container_tags FROM documents WHERE org_id = ? AND id = ?').pluck();
      const rowsOf = this.db.prepare('SELECT chunk_id, packed FROM chunk_vectors WHERE org_id = ? AND document_id = ? AND model = ?').raw();
      return docs.map((documentId) => {
        const tags = tagsOf.get(orgId, documentId) as string | undefined;
        const rows = (rowsOf.all(orgId, documentId, model) as [string, Buffer][]).map(([chunkId, packed]): QuantizedVector => ({ chunkId, documentId, ...unpackInt8(packed) }));
        return { documentId, tags: tags === undefined ? null : (JSON.parse(tags) as string[]), rows };
      });
    })();
    let rows = 0;
    for (const c of changes) {
      index.replaceStored(orgId, model, c.documentId, c.tags, c.rows);
      rows += Math.max(1, c.rows.length);
    }
    index.setVersion(orgId, current);
    this.noteChanged(orgId, rows);
  }

  /**
   * Loads the indexes that have an image and catches them up with the store, one after another, so that the first
   * search after a start finds its index in memory: an image exists only for indexes of IMAGE_MIN_ROWS rows and
   * more, and reading one is the largest part of that first search (at 1M rows, ~1 GB of arrays and the partitions
   * rebuilt). The image is read by the thread pool and the partitions and the scans' code copies are rebuilt in
   * slices between turns of the event loop: the warm-up runs while the embedding model loads (on its worker thread)
   * and the first requests arrive, and neither waits for it. Held in one turn, it delayed the model's ready signal by
   * up to ~2 s at 1M rows. A search of an index being loaded waits for that load (loading); an index already loaded
   * is left alone.
   */
  async warmUp(): Promise<void> {
    if (!this.dir) return;
    const stamps = this.db.prepare('SELECT org_id, model FROM vector_snapshots').all() as { org_id: string; model: string }[];
    for (const { org_id: orgId, model } of stamps) {
      if (!(await this.pause())) return;
      // Only from a usable image: a load from rows (seconds at 1M, in one turn) is left to the first search.
      const stamp = this.index.version(orgId, model) === undefined ? this.trustedStamp(orgId, model, this.seq(orgId)) : undefined;
      if (!stamp || !fs.existsSync(this.file(orgId, model))) continue;
      const load = this.loadInSlices(orgId, model, stamp);
      this.warming.set(orgId, load);
      const loaded = await load.finally(() => this.warming.delete(orgId));
      if (!loaded || !(await this.pause())) continue;
      // The changes made after the image (by this process meanwhile, or by another one), as a search would.
      this.sync(orgId, model);
      // The scans' code copies too (the largest part of a first search once the index is loaded).
      await this.index.warmScans(orgId, () => this.pause());
      // Last, the documents' row lists the restore left out (a write or a search by document reads them).
      await this.index.warmDocRows(orgId, () => this.pause());
    }
  }

  /**
   * Waits for the warm-up's load of the organisation's index when one is under way, so that a search arriving
   * meanwhile uses it instead of loading the index a second time (in one turn); then catchUp finds it loaded.
   * Undefined when no load is under way, so that a search awaits nothing then: it runs in the turn it was called in,
   * as before the warm-up existed (and per-call timings still see its work).
   */
  loading(orgId: string): Promise<boolean> | undefined {
    return this.warming.get(orgId);
  }

  /** Reads the organisation's image and installs it in the index in slices; false when nothing was installed. */
  private async loadInSlices(orgId: string, model: string, stamp: { token: string; seq: number }): Promise<boolean> {
    try {
      const image = await readIndexImageInSlices(this.file(orgId, model), stamp, model, () => this.pause());
      if (!image) return false;
      // The record may have moved on while the file was read (a new image written by another process): then this
      // image still holds the store up to its own sequence, and the catch-up after it brings the rest.
      const installed = await this.index.install(orgId, model, image, stamp.seq, () => this.pause());
      if (installed) this.changed.set(orgId, 0);
      return installed;
    } catch {
      // An image is an optimisation: a failed load leaves the first search to load the index, as without one.
      return false;
    }
  }

  /** A turn of the event loop between two slices of the warm-up; false once the store is closing (stop). */
  private async pause(): Promise<boolean> {
    await new Promise((resolve) => setImmediate(resolve));
    return !this.closed && this.db.open;
  }

  /** Counts rows this process changed in a loaded index; enough of them since the last image schedule a new one. */
  noteChanged(orgId: string, rows: number): void {
    if (!this.dir || this.index.stats(orgId) === null) return;
    this.changed.set(orgId, (this.changed.get(orgId) ?? 0) + rows);
    this.maybeSave(orgId);
  }

  /**
   * Waits for image writes under way and writes the images that are well behind their index (CLOSE_RESAVE_ROWS);
   * later changes write none.
   */
  async close(): Promise<void> {
    const index = this.index;
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.saving.values(), ...this.warming.values()]);
    for (const orgId of index.loadedOrgs()) {
      const stats = index.stats(orgId);
      if (stats && this.dir && stats.live >= this.minRows && (this.changed.get(orgId) ?? 0) >= Math.min(CLOSE_RESAVE_ROWS, Math.max(1, stats.live * RESAVE_SHARE))) {
        await this.save(orgId).catch(() => {});
      }
    }
    // Lets go of the image files the indexes read floats from (a later search loads again).
    index.evict();
  }

  private maybeSave(orgId: string): void {
    const stats = this.index.stats(orgId);
    if (this.closed || !this.dir || !stats || stats.live < this.minRows || this.timers.has(orgId)) return;
    if ((this.changed.get(orgId) ?? 0) < Math.max(1, stats.live * RESAVE_SHARE)) return;
    const timer = setTimeout(() => {
      this.timers.delete(orgId);
      if (this.saving.has(orgId)) return this.maybeSave(orgId);
      const run = this.save(orgId)
        .catch(() => {
          // An image is an optimisation: a failed write leaves loads from rows, as without one.
        })
        .finally(() => this.saving.delete(orgId));
      this.saving.set(orgId, run);
    }, SAVE_DELAY_MS);
    timer.unref();
    this.timers.set(orgId, timer);
  }

  private async save(orgId: string): Promise<void> {
    const index = this.index;
    const stats = index.stats(orgId);
    const image = index.image(orgId);
    if (!stats || !image || !this.dir) return;
    const seq = index.version(orgId, stats.model)!;
    const stamp = { token: randomUUID(), seq };
    this.changed.set(orgId, 0);
    fs.mkdirSync(this.dir, { recursive: true });
    const file = this.file(orgId, image.model);
    // The rows' floats go into the image too, so that searches of the restored index rescore their shortlist from the
    // file rather than by chunk-id lookups. Rows the index's current image file holds are copied from it (one read a
    // slice); the others are looked up in the store, a slice at a time and only in a pause between searches: after
    // a load from rows that is every row (a million lookups, ~25 s of the one thread that also answers searches).
    const dims = image.dims;
    const previous = index.imageFloatRows(orgId, image);
    const floats = async (from: number, to: number): Promise<Float32Array> => {
      const out = new Float32Array((to - from) * dims).fill(Number.NaN);
      const copied = previous?.readRows(from, to, out) ?? 0;
      const missing: number[] = [];
      for (let i = 0; i < to - from; i++) if (image.alive[from + i] && (i >= copied || Number.isNaN(out[i * dims]!))) missing.push(i);
      if (missing.length === 0) return out;
      if (!this.closed) await quietMoment(() => this.lastSearch);
      if (!this.db.open) return out;
      const ids = missing.map((i) => image.chunkIds.get(from + i)!);
      const found = this.floats(orgId, image.model, ids);
      missing.forEach((i, k) => {
        const v = found.get(ids[k]!);
        if (v && v.length === dims) out.set(v, i * dims);
      });
      return out;
    };
    if (!(await writeIndexImage(file, image, stamp, floats)) || !this.db.open) return;
    // The running index rescores from the file from now on too, not only a start that reads it.
    const floatRows = this.closed ? null : openImageFloats(file, stamp, image.model);
    if (floatRows) index.useImageFloats(orgId, image, floatRows);
    const others = this.db.prepare('SELECT model FROM vector_snapshots WHERE org_id = ? AND model <> ?').pluck().all(orgId, image.model) as string[];
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM vector_snapshots WHERE org_id = ?').run(orgId);
      this.db.prepare('INSERT INTO vector_snapshots (org_id, model, token, seq) VALUES (?, ?, ?, ?)').run(orgId, image.model, stamp.token, seq);
      // The image covers every change up to `seq`: the rows of documents deleted before it are no longer needed
      // (the row at `seq` itself stays, so the organisation's sequence does not go back). Only the rows changed
      // since the last pruning are checked.
      const from = this.prunedThrough(orgId);
      if (seq - 1 > from) {
        this.db
          .prepare(
            `DELETE FROM vector_changes WHERE org_id = ? AND seq > ? AND seq < ?
             AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.org_id = vector_changes.org_id AND d.id = vector_changes.document_id)`,
          )
          .run(orgId, from, seq);
        this.db.prepare('INSERT INTO vector_floors (org_id, pruned_through) VALUES (?, ?) ON CONFLICT (org_id) DO UPDATE SET pruned_through = excluded.pruned_through').run(orgId, seq - 1);
      }
    })();
    for (const model of others) fs.rmSync(this.file(orgId, model), { force: true });
  }

  private file(orgId: string, model: string): string {
    const key = createHash('sha256').update(`${orgId}\0${model}`).digest('hex').slice(0, 32);
    return path.join(this.dir!, `${key}.vix`);
  }
}
