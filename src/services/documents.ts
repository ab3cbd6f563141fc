import { createHash, randomBytes } from 'node:crypto';
import { createError, isAppError } from '../core/errors.js';
import { processedPrefix } from '../pipeline/memory-prefix.js';
import { newProcessingMetadata } from '../pipeline/processing-metadata.js';
import type { Runner } from '../runner/runner.js';
import { readScope, requireTags, requireWrite, tagsForWrite, type Actor } from '../core/actor.js';
import { retractDocument } from '../memory/remember.js';
import type { DocumentListQuery, DocumentPatch } from '../storage/documents.js';
import type { Store } from '../storage/store.js';

export type { DocumentListQuery };
import type { ChunkRecord, ContentPrefix, DocumentRecord, DocumentType, MemoryRecord, Metadata, ProcessingMetadata, StoredFile, TaskType } from '../core/types.js';
import { documentFileKey } from '../storage/blobs.js';

export interface DocumentInput {
  content: string;
  containerTags?: string[];
  customId?: string;
  metadata?: Metadata;
  taskType?: TaskType;
  forgetAfter?: string | null;
  entityContext?: string;
  filepath?: string;
  title?: string;
  /** Set by connector syncs (never by API clients): where the content came from. */
  url?: string | null;
  /** "api" unless a connector adds the document (its provider name). */
  source?: string;
  connectionId?: string | null;
  /** An uploaded file (POST /v3/documents/file): kept as the document's original, extracted by the pipeline. */
  file?: UploadedFile;
  /**
   * The new content appends to the old (POST /v4/conversations): memories of what was already processed stay, and
   * the memory step extracts only what follows (pipeline/memory-prefix.ts).
   */
  keepMemoryPrefix?: boolean;
}

/**
 * A file received by an upload, in a temporary file the caller removes afterwards. The document's `raw` stays ''
 * (the text comes from the file); its content hash is the file's, so re-sending the same file changes nothing.
 */
export interface UploadedFile {
  path: string;
  filename: string | null;
  /** Detected MIME type (extract/detect.ts). */
  mimeType: string;
  size: number;
  sha256: string;
  type: DocumentType;
}

export interface DocumentUpdate extends Partial<DocumentInput> {}

/** A page of POST /v3/documents/documents (the memory graph's data source). */
export interface DocumentsWithMemoriesQuery {
  containerTags?: readonly string[];
  /** Only documents whose source is one of these (e.g. "api", a connector's provider). */
  sources?: readonly string[];
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A document with the memories that name it among their sources. */
export interface DocumentWithMemories {
  document: DocumentRecord;
  memories: MemoryRecord[];
}

export const DEFAULT_TAGS = ['sm_project_default'];

function sameMetadata(a: object, b: object): boolean {
  const canon = (o: object) => JSON.stringify(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canon(a) === canon(b);
}

/** Documents read per round of a container-tag delete. */
const BULK_BATCH = 200;
/** Memories read per round for one document of the memory graph. */
const MEMORY_PAGE = 1000;

function ambiguous(customId: string, matches: readonly DocumentRecord[]) {
  const containerTags = [...new Set(matches.flatMap((d) => d.containerTags))].sort();
  return createError('AMBIGUOUS_CUSTOM_ID', [customId, containerTags.join(', ')], {
    details: { customId, containerTags, matches: matches.length },
  });
}

/** 22 base62 characters, like the ids of the reference API. */
export function newId(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(32);
  let id = '';
  for (let i = 0; id.length < 22 && i < bytes.length; i++) {
    if (bytes[i]! < 248) id += alphabet[bytes[i]! % 62];
  }
  return id.length === 22 ? id : newId();
}

export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

function withMemoryPrefix(pm: ProcessingMetadata, prefix: ContentPrefix | null): ProcessingMetadata {
  return prefix ? { ...pm, memoryPrefix: prefix } : pm;
}

/** Content hash of a document made from an uploaded file. */
function fileHash(file: UploadedFile): string {
  return `file:${file.sha256}`;
}

/** Document lifecycle: create, upsert by customId, update, delete, read. Submits work to the runner, never waits for it. */
export class DocumentService {
  constructor(
    private readonly store: Store,
    private readonly runner: Runner,
    /** Longest content accepted (characters); longer adds answer 413 at once rather than failing later. */
    private readonly maxChars: number = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Adds a document, or updates the one with the same customId under one of its container tags (re-processing only
   * when the content changed). A customId is scoped by container tag: under another tag it is another document.
   */
  async add(actor: Actor, input: DocumentInput, opts: { dedupeWithinMs?: number } = {}): Promise<{ id: string; status: string }> {
    requireWrite(actor);
    this.checkSize(input.content);
    const orgId = actor.orgId;
    const tags = tagsForWrite(actor, input.containerTags, DEFAULT_TAGS);
    if (!input.customId && opts.dedupeWithinMs) {
      // A batch re-sent after a failure (batches are not atomic) finds the items its first attempt already added.
      const since = new Date(Date.now() - opts.dedupeWithinMs).toISOString();
      const [same] = await this.store.documents.findRecentDuplicates(orgId, contentHash(input.content), tags, since);
      if (same && sameMetadata(same.metadata, input.metadata ?? {})) return { id: same.id, status: same.status };
    }
    if (input.customId) {
      const existing = await this.findForUpsert(orgId, input.customId, tags);
      if (existing) return this.upsert(actor, existing, input);
      await this.refuseDocumentIdAsCustomId(orgId, input.customId, null);
    }
    const now = new Date().toISOString();
    const id = newId();
    const doc: DocumentRecord = {
      id,
      orgId,
      customId: input.customId ?? null,
      containerTags: tags,
      raw: input.content,
      content: null,
      contentHash: input.file ? fileHash(input.file) : contentHash(input.content),
      title: input.title ?? null,
      summary: null,
      url: input.url ?? null,
      filepath: input.filepath ?? null,
      type: input.file?.type ?? 'text',
      metadata: input.metadata ?? {},
      status: 'queued',
      taskType: input.taskType ?? 'memory',
      forgetAfter: input.forgetAfter ?? null,
      entityContext: input.entityContext ?? null,
      source: input.source ?? 'api',
      connectionId: input.connectionId ?? null,
      processingMetadata: newProcessingMetadata(),
      generation: 1,
      attempts: 0,
      nextRunAt: 0,
      tokenCount: null,
      wordCount: null,
      chunkCount: null,
      file: input.file ? await this.storeFile(orgId, id, 1, input.file) : null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.store.documents.insertDocument(doc);
    } catch (err) {
      if (doc.file) await this.store.blobs.delete(doc.file.key);
      // Two adds with one new customId raced: the loser updates the winner's document.
      if (isAppError(err) && err.code === 'CUSTOM_ID_CONFLICT' && input.customId) {
        const winner = await this.findForUpsert(orgId, input.customId, tags);
        if (winner) return this.upsert(actor, winner, input);
      }
      throw err;
    }
    await this.runner.submit({ orgId, documentId: doc.id, generation: doc.generation });
    return { id: doc.id, status: doc.status };
  }

  /**
   * Applies a partial update (PATCH); content changes start a new processing run. A customId that matches
   * documents under several tags is narrowed by `narrowTags`, else (only then) by the update's own tags.
   */
  async update(actor: Actor, idOrCustomId: string, input: DocumentUpdate, narrowTags?: readonly string[]): Promise<{ id: string; status: string }> {
    requireWrite(actor);
    if (input.content !== undefined) this.checkSize(input.content);
    if (input.containerTags) requireTags(actor, input.containerTags);
    const doc = await this.resolve(actor, idOrCustomId, narrowTags).catch((err: unknown) => {
      // The body's tags are the document's new tags, so they narrow only a lookup that is ambiguous without them.
      if (!narrowTags && input.containerTags && isAppError(err) && err.code === 'AMBIGUOUS_CUSTOM_ID') {
        return this.resolve(actor, idOrCustomId, input.containerTags);
      }
      throw err;
    });
    if (input.customId && input.customId !== doc.customId) await this.refuseDocumentIdAsCustomId(actor.orgId, input.customId, doc.id);
    return this.upsert(actor, doc, input);
  }

  /** One document by id or customId (see resolve). */
  async get(actor: Actor, idOrCustomId: string, narrowTags?: readonly string[]): Promise<DocumentRecord> {
    return this.resolve(actor, idOrCustomId, narrowTags);
  }

  /** Documents by id, within the caller's scope (ids outside it or unknown are left out). */
  async getMany(actor: Actor, ids: readonly string[]): Promise<DocumentRecord[]> {
    if (ids.length === 0) return [];
    const scope = readScope(actor);
    const found = await this.store.documents.getDocumentsByIds(actor.orgId, ids);
    return scope ? found.filter((d) => d.containerTags.some((t) => scope.includes(t))) : found;
  }

  /** The ids of the documents beside each of `ids` (up to `window` on each side, in insertion order within their tags). */
  async neighbours(actor: Actor, ids: readonly string[], window: number): Promise<Map<string, string[]>> {
    const near = ids.length > 0 ? await this.store.documents.neighbourDocuments(actor.orgId, ids, window) : new Map<string, { id: string }[]>();
    return new Map([...near].map(([id, docs]) => [id, docs.map((d) => d.id)]));
  }

  /** Searchable chunks of one document, by position. */
  async chunks(actor: Actor, idOrCustomId: string, narrowTags?: readonly string[]): Promise<{ document: DocumentRecord; chunks: ChunkRecord[] }> {
    const document = await this.resolve(actor, idOrCustomId, narrowTags);
    return { document, chunks: await this.store.chunks.getChunks(actor.orgId, document.id) };
  }

  /** Lists documents; several tags mean any of them unless the query's tagOperator is AND. */
  async list(actor: Actor, query: DocumentListQuery): Promise<{ documents: DocumentRecord[]; total: number }> {
    const requested = query.containerTags && query.containerTags.length > 0 ? query.containerTags : undefined;
    const scope = readScope(actor, requested);
    return this.store.documents.listDocuments(actor.orgId, {
      ...query,
      ...(scope ? { containerTags: scope, tagOperator: requested ? (query.tagOperator ?? 'OR') : 'OR' } : {}),
    });
  }

  /**
   * Deletes one document (id or customId) with its chunks and vectors. A scoped key deleting a document that other
   * spaces share only removes its own tags from it.
   */
  async delete(actor: Actor, idOrCustomId: string, narrowTags?: readonly string[]): Promise<void> {
    requireWrite(actor);
    const doc = await this.resolve(actor, idOrCustomId, narrowTags);
    await this.deleteOrUntag(actor, [doc]);
  }

  /** Deletes by ids/customIds, reporting the ones not found or ambiguous. */
  async deleteMany(actor: Actor, ids: readonly string[], narrowTags?: readonly string[]) {
    requireWrite(actor);
    const errors: { id: string; error: string }[] = [];
    const found: DocumentRecord[] = [];
    for (const id of new Set(ids)) {
      try {
        found.push(await this.resolve(actor, id, narrowTags));
      } catch (err) {
        if (!isAppError(err) || !err.expose) throw err;
        errors.push({ id, error: err.message });
      }
    }
    const { deletedCount } = await this.deleteOrUntag(actor, found);
    return { deletedCount, errors };
  }

  /**
   * Deletes container tags (optionally only for documents under a filepath): the tags are removed from documents
   * that carry others, and documents left with no tag are deleted with their chunks.
   */
  async deleteByTags(actor: Actor, tags: readonly string[], filepath?: string): Promise<{ deletedCount: number; untaggedCount: number }> {
    requireWrite(actor);
    requireTags(actor, tags);
    const ids = await this.store.documents.findDocumentIdsByTags(actor.orgId, tags, filepath);
    let deletedCount = 0;
    let untaggedCount = 0;
    for (let i = 0; i < ids.length; i += BULK_BATCH) {
      const docs = await this.store.documents.getDocumentsByIds(actor.orgId, ids.slice(i, i + BULK_BATCH));
      const done = await this.removeTags(actor.orgId, docs, new Set(tags));
      deletedCount += done.deletedCount;
      untaggedCount += done.untaggedCount;
    }
    return { deletedCount, untaggedCount };
  }

  /**
   * Deletes the documents under a filepath (exact, or a prefix when it ends with "/") within the caller's scope: a
   * root key deletes them; a scoped key removes its own tags (documents left with none are deleted).
   */
  async deleteByFilepath(actor: Actor, filepath: string): Promise<{ deletedCount: number; untaggedCount: number }> {
    requireWrite(actor);
    if (actor.containerTags) return this.deleteByTags(actor, actor.containerTags, filepath);
    const ids = await this.store.documents.findDocumentIdsByFilepath(actor.orgId, filepath);
    let deletedCount = 0;
    for (let i = 0; i < ids.length; i += BULK_BATCH) deletedCount += await this.deleteWithMemories(actor.orgId, ids.slice(i, i + BULK_BATCH));
    return { deletedCount, untaggedCount: 0 };
  }

  /**
   * Resolves a path or docId value: a document id first, then a customId, inside the caller's scope (and within
   * narrowTags when given). A customId held under several tags is ambiguous (409) until narrowed.
   */
  async resolve(actor: Actor, idOrCustomId: string, narrowTags?: readonly string[]): Promise<DocumentRecord> {
    const scope = readScope(actor, narrowTags && narrowTags.length > 0 ? narrowTags : undefined);
    const byId = await this.store.documents.getDocument(actor.orgId, idOrCustomId, scope);
    if (byId) return byId;
    const matches = await this.store.documents.findDocumentsByCustomId(actor.orgId, idOrCustomId, scope);
    if (matches.length === 0) throw createError('DOCUMENT_NOT_FOUND');
    if (matches.length > 1) throw ambiguous(idOrCustomId, matches);
    return matches[0]!;
  }

  /** Documents of a scoped key lose only the key's tags; a root key (or a document left with none) deletes. */
  private async deleteOrUntag(actor: Actor, docs: readonly DocumentRecord[]): Promise<{ deletedCount: number }> {
    if (!actor.containerTags)
      return {
        deletedCount: await this.deleteWithMemories(
          actor.orgId,
          docs.map((d) => d.id),
        ),
      };
    return { deletedCount: (await this.removeTags(actor.orgId, docs, new Set(actor.containerTags))).deletedCount };
  }

  private async removeTags(orgId: string, docs: readonly DocumentRecord[], removed: ReadonlySet<string>) {
    const orphaned: string[] = [];
    let untaggedCount = 0;
    for (const doc of docs) {
      const rest = doc.containerTags.filter((t) => !removed.has(t));
      if (rest.length === 0) {
        orphaned.push(doc.id);
        continue;
      }
      const updated = await this.store.documents.updateDocument(orgId, doc.id, { containerTags: rest, updatedAt: new Date().toISOString() });
      if (updated) {
        untaggedCount++;
        await this.syncMemoryTags(orgId, doc.id);
      }
    }
    const deletedCount = await this.deleteWithMemories(orgId, orphaned);
    return { deletedCount, untaggedCount };
  }

  /**
   * A document's tags changed: its memories belong to the tags of the documents that state them (a memory shared
   * with another document keeps that document's tags too).
   */
  private async syncMemoryTags(orgId: string, documentId: string): Promise<void> {
    for (const m of await this.store.memories.memoriesOfDocument(orgId, documentId)) {
      const sources = await this.store.documents.getDocumentsByIds(orgId, m.documentIds);
      const tags = [...new Set(sources.flatMap((d) => d.containerTags))];
      if (tags.length > 0 && (tags.length !== m.containerTags.length || tags.some((t) => !m.containerTags.includes(t)))) {
        await this.store.memories.updateMemory(orgId, m.id, { containerTags: tags, updatedAt: new Date().toISOString() });
      }
    }
  }

  private checkSize(content: string): void {
    if (content.length > this.maxChars) {
      throw createError('DOCUMENT_TOO_LARGE', [`${content.length} characters`, `${this.maxChars} characters`, 'MNEMO_MAX_DOCUMENT_CHARS']);
    }
  }

  /** Deletes documents with their chunks; the memories only they supported are retracted. */
  private async deleteWithMemories(orgId: string, ids: readonly string[]): Promise<number> {
    const deleted = await this.store.documents.deleteDocuments(orgId, ids);
    const now = new Date().toISOString();
    for (const id of deleted) await retractDocument(this.store.memories, orgId, id, now);
    return deleted.length;
  }

  private async storeFile(orgId: string, documentId: string, generation: number, file: UploadedFile): Promise<StoredFile> {
    const key = documentFileKey(orgId, documentId, generation);
    const info = await this.store.blobs.putFile(key, file.path, { contentType: file.mimeType, filename: file.filename });
    return { key, filename: file.filename, mimeType: file.mimeType, size: info.size, sha256: info.sha256 };
  }

  /** The document an add with this customId and these tags updates, if any. */
  private async findForUpsert(orgId: string, customId: string, tags: readonly string[]): Promise<DocumentRecord | null> {
    const matches = await this.store.documents.findDocumentsByCustomId(orgId, customId, tags);
    if (matches.length > 1) throw ambiguous(customId, matches);
    return matches[0] ?? null;
  }

  /** A customId equal to another document's id would make lookups by that value ambiguous: refused. */
  private async refuseDocumentIdAsCustomId(orgId: string, customId: string, selfId: string | null): Promise<void> {
    if (customId === selfId) return;
    if (await this.store.documents.getDocument(orgId, customId)) throw createError('CUSTOM_ID_IS_DOCUMENT_ID', [customId]);
  }

  private async upsert(actor: Actor, doc: DocumentRecord, input: DocumentUpdate, attempt = 0): Promise<{ id: string; status: string }> {
    const patch: DocumentPatch = { updatedAt: new Date().toISOString() };
    if (input.containerTags) {
      // A scoped key sets tags within its scope; tags the document carries outside it are kept.
      const outside = actor.containerTags ? doc.containerTags.filter((t) => !actor.containerTags!.includes(t)) : [];
      patch.containerTags = [...new Set([...input.containerTags, ...outside])];
    }
    if (input.metadata) patch.metadata = input.metadata;
    if (input.taskType) patch.taskType = input.taskType;
    if (input.forgetAfter !== undefined) patch.forgetAfter = input.forgetAfter;
    if (input.entityContext !== undefined) patch.entityContext = input.entityContext;
    if (input.filepath !== undefined) patch.filepath = input.filepath;
    if (input.title !== undefined) patch.title = input.title;
    if (input.customId !== undefined) patch.customId = input.customId;
    if (input.url !== undefined) patch.url = input.url;

    const hash = input.file ? fileHash(input.file) : input.content === undefined ? doc.contentHash : contentHash(input.content);
    const reprocess = hash !== doc.contentHash || doc.status === 'failed';
    if (reprocess) {
      Object.assign(patch, {
        raw: input.content ?? doc.raw,
        contentHash: hash,
        generation: doc.generation + 1,
        status: 'queued',
        attempts: 0,
        nextRunAt: 0,
        processingMetadata: withMemoryPrefix(newProcessingMetadata(), input.keepMemoryPrefix ? processedPrefix(doc.processingMetadata) : null),
        ...(hash !== doc.contentHash && input.title === undefined ? { title: null } : {}),
        // New content from a non-file update replaces the uploaded original too (the store removes its blob).
        ...(hash !== doc.contentHash && doc.file && !input.file ? { file: null } : {}),
      } satisfies DocumentPatch);
      // A new file: stored under the new generation's key; the store removes the one it replaces.
      if (input.file) Object.assign(patch, { file: await this.storeFile(doc.orgId, doc.id, doc.generation + 1, input.file), type: input.file.type });
    }
    // Conditional on the generation read above, so two concurrent updates cannot both claim the same new run.
    const updated = await this.store.documents.updateDocument(doc.orgId, doc.id, patch, { expectGeneration: doc.generation });
    if (!updated) {
      const fresh = await this.store.documents.getDocument(doc.orgId, doc.id);
      if (!fresh || attempt >= 5) throw createError('DOCUMENT_NOT_FOUND');
      return this.upsert(actor, fresh, input, attempt + 1);
    }
    if (patch.containerTags) await this.syncMemoryTags(doc.orgId, doc.id);
    if (reprocess) await this.runner.submit({ orgId: doc.orgId, documentId: doc.id, generation: updated.generation });
    return { id: updated.id, status: updated.status };
  }

  /**
   * Moves documents from container tags to another (a merge): each document carrying one of `fromTags` carries `toTag`
   * in its place, at the same position. Checked before anything changes: a customId that two documents would then
   * share under `toTag` answers 409 MERGE_CUSTOM_ID_CONFLICT naming them. Returns how many documents changed.
   */
  async retag(actor: Actor, fromTags: readonly string[], toTag: string): Promise<{ retaggedCount: number }> {
    requireWrite(actor);
    requireTags(actor, [...fromTags, toTag]);
    const sources = new Set(fromTags.filter((t) => t !== toTag));
    const ids = sources.size === 0 ? [] : await this.store.documents.findDocumentIdsByTags(actor.orgId, [...sources]);
    // Two passes over batches (check, then write) keep memory bounded by the ids, not the documents' content.
    const holders = new Map<string, Set<string>>();
    for (let i = 0; i < ids.length; i += BULK_BATCH) {
      for (const doc of await this.store.documents.getDocumentsByIds(actor.orgId, ids.slice(i, i + BULK_BATCH))) {
        if (doc.customId) holders.set(doc.customId, (holders.get(doc.customId) ?? new Set()).add(doc.id));
      }
    }
    const clashes: string[] = [];
    for (const [customId, moving] of holders) {
      const held = await this.store.documents.findDocumentsByCustomId(actor.orgId, customId, [toTag]);
      if (new Set([...moving, ...held.map((d) => d.id)]).size > 1) clashes.push(customId);
    }
    if (clashes.length > 0) {
      const named = clashes.slice(0, 10).join(', ') + (clashes.length > 10 ? ` and ${clashes.length - 10} more` : '');
      throw createError('MERGE_CUSTOM_ID_CONFLICT', [toTag, named], { details: { containerTag: toTag, customIds: clashes } });
    }
    let retaggedCount = 0;
    for (let i = 0; i < ids.length; i += BULK_BATCH) {
      const now = new Date().toISOString();
      for (const doc of await this.store.documents.getDocumentsByIds(actor.orgId, ids.slice(i, i + BULK_BATCH))) {
        const containerTags = [...new Set(doc.containerTags.map((t) => (sources.has(t) ? toTag : t)))];
        if (await this.store.documents.updateDocument(actor.orgId, doc.id, { containerTags, updatedAt: now })) retaggedCount++;
      }
    }
    return { retaggedCount };
  }

  /**
   * POST /v3/documents/documents: a page of the caller's documents (optionally of some tags, any of them, and some
   * sources), each with its memories: every version that names the document as a source, forgotten ones included,
   * so a graph can draw version chains. Memories are read within the caller's tags too.
   */
  async listWithMemories(actor: Actor, query: DocumentsWithMemoriesQuery): Promise<{ documents: DocumentWithMemories[]; total: number }> {
    const base: DocumentListQuery = {
      sort: query.sort,
      order: query.order,
      limit: query.limit,
      offset: query.offset,
      ...(query.containerTags && query.containerTags.length > 0 ? { containerTags: query.containerTags, tagOperator: 'OR' as const } : {}),
    };
    if (!query.sources) {
      const { documents, total } = await this.list(actor, base);
      return { documents: await this.withMemories(actor, documents), total };
    }
    // The document store has no source filter: the caller's documents are read in order, in batches, and counted.
    const wanted = new Set(query.sources);
    const page: DocumentRecord[] = [];
    let total = 0;
    for (let offset = 0; ; offset += BULK_BATCH) {
      const { documents } = await this.list(actor, { ...base, limit: BULK_BATCH, offset });
      for (const d of documents) {
        if (d.source === null || !wanted.has(d.source)) continue;
        if (total >= query.offset && page.length < query.limit) page.push(d);
        total++;
      }
      if (documents.length < BULK_BATCH) break;
    }
    return { documents: await this.withMemories(actor, page), total };
  }

  /**
   * POST /v3/documents/documents/by-ids: documents by id or by customId (every document holding it, within
   * `containerTags` when given), in the order asked, with their memories; ids outside the caller's scope or unknown
   * are left out.
   */
  async getManyWithMemories(actor: Actor, ids: readonly string[], opts: { by?: 'id' | 'customId'; containerTags?: readonly string[] } = {}): Promise<DocumentWithMemories[]> {
    const scope = readScope(actor, opts.containerTags && opts.containerTags.length > 0 ? opts.containerTags : undefined);
    const unique = [...new Set(ids)];
    const docs: DocumentRecord[] = [];
    if (opts.by === 'customId') {
      for (const customId of unique) docs.push(...(await this.store.documents.findDocumentsByCustomId(actor.orgId, customId, scope)));
    } else {
      const found = new Map((await this.store.documents.getDocumentsByIds(actor.orgId, unique)).map((d) => [d.id, d]));
      for (const id of unique) {
        const d = found.get(id);
        if (d && (!scope || d.containerTags.some((t) => scope.includes(t)))) docs.push(d);
      }
    }
    const seen = new Set<string>();
    return this.withMemories(
      actor,
      docs.filter((d) => !seen.has(d.id) && seen.add(d.id)),
    );
  }

  private async withMemories(actor: Actor, docs: readonly DocumentRecord[]): Promise<DocumentWithMemories[]> {
    const scope = readScope(actor);
    const out: DocumentWithMemories[] = [];
    for (const document of docs) {
      const memories: MemoryRecord[] = [];
      for (let offset = 0; ; offset += MEMORY_PAGE) {
        const page = await this.store.memories.listMemories(actor.orgId, {
          documentId: document.id,
          ...(scope ? { containerTags: scope } : {}),
          includeForgotten: true,
          includeSuperseded: true,
          sort: 'createdAt',
          order: 'asc',
          limit: MEMORY_PAGE,
          offset,
        });
        memories.push(...page.memories);
        if (page.memories.length < MEMORY_PAGE) break;
      }
      out.push({ document, memories });
    }
    return out;
  }
}
