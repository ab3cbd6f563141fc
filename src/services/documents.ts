import { createHash, randomBytes } from 'node:crypto';
import { createError, isAppError } from '../errors.js';
import { newProcessingMetadata } from '../pipeline/run-step.js';
import type { Runner } from '../runner/runner.js';
import type { DocumentPatch, Store } from '../storage/store.js';
import type { DocumentRecord, Metadata, TaskType } from '../types.js';

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
}

export interface DocumentUpdate extends Partial<DocumentInput> {}

export const DEFAULT_TAGS = ['sm_project_default'];

/** Documents read per round of a container-tag delete. */
const BULK_BATCH = 200;

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

/** Document lifecycle: create, upsert by customId, update, delete. Submits work to the runner, never waits for it. */
export class DocumentService {
  constructor(
    private readonly store: Store,
    private readonly runner: Runner,
  ) {}

  /**
   * Adds a document, or updates the one with the same customId under one of its container tags (re-processing only
   * when the content changed). A customId is scoped by container tag: under another tag it is another document.
   */
  async add(orgId: string, input: DocumentInput): Promise<{ id: string; status: string }> {
    const tags = input.containerTags ?? DEFAULT_TAGS;
    if (input.customId) {
      const existing = await this.findForUpsert(orgId, input.customId, tags);
      if (existing) return this.upsert(existing, input);
      await this.refuseDocumentIdAsCustomId(orgId, input.customId, null);
    }
    const now = new Date().toISOString();
    const doc: DocumentRecord = {
      id: newId(),
      orgId,
      customId: input.customId ?? null,
      containerTags: tags,
      raw: input.content,
      content: null,
      contentHash: contentHash(input.content),
      title: input.title ?? null,
      summary: null,
      url: null,
      filepath: input.filepath ?? null,
      type: 'text',
      metadata: input.metadata ?? {},
      status: 'queued',
      taskType: input.taskType ?? 'memory',
      forgetAfter: input.forgetAfter ?? null,
      entityContext: input.entityContext ?? null,
      source: 'api',
      connectionId: null,
      processingMetadata: newProcessingMetadata(),
      generation: 1,
      attempts: 0,
      nextRunAt: 0,
      tokenCount: null,
      wordCount: null,
      chunkCount: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.store.insertDocument(doc);
    } catch (err) {
      // Two adds with one new customId raced: the loser updates the winner's document.
      if (isAppError(err) && err.code === 'CUSTOM_ID_CONFLICT' && input.customId) {
        const winner = await this.findForUpsert(orgId, input.customId, tags);
        if (winner) return this.upsert(winner, input);
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
  async update(
    orgId: string,
    idOrCustomId: string,
    input: DocumentUpdate,
    narrowTags?: readonly string[],
  ): Promise<{ id: string; status: string }> {
    const doc = await this.resolve(orgId, idOrCustomId, narrowTags).catch((err: unknown) => {
      // The body's tags are the document's new tags, so they narrow only a lookup that is ambiguous without them.
      if (!narrowTags && input.containerTags && isAppError(err) && err.code === 'AMBIGUOUS_CUSTOM_ID') {
        return this.resolve(orgId, idOrCustomId, input.containerTags);
      }
      throw err;
    });
    if (input.customId && input.customId !== doc.customId) await this.refuseDocumentIdAsCustomId(orgId, input.customId, doc.id);
    return this.upsert(doc, input);
  }

  /** One document by id or customId (see resolve). */
  async get(orgId: string, idOrCustomId: string, narrowTags?: readonly string[]): Promise<DocumentRecord> {
    return this.resolve(orgId, idOrCustomId, narrowTags);
  }

  /** Deletes one document (id or customId) with its chunks and vectors. */
  async delete(orgId: string, idOrCustomId: string, narrowTags?: readonly string[]): Promise<void> {
    const doc = await this.resolve(orgId, idOrCustomId, narrowTags);
    await this.store.deleteDocuments(orgId, [doc.id]);
  }

  /** Deletes by ids/customIds, reporting the ones not found or ambiguous. */
  async deleteMany(orgId: string, ids: readonly string[], narrowTags?: readonly string[]) {
    const errors: { id: string; error: string }[] = [];
    const found: string[] = [];
    for (const id of new Set(ids)) {
      try {
        found.push((await this.resolve(orgId, id, narrowTags)).id);
      } catch (err) {
        if (!isAppError(err) || !err.expose) throw err;
        errors.push({ id, error: err.message });
      }
    }
    const deleted = await this.store.deleteDocuments(orgId, found);
    return { deletedCount: deleted.length, errors };
  }

  /**
   * Deletes container tags (optionally only for documents under a filepath): the tags are removed from documents
   * that carry others, and documents left with no tag are deleted with their chunks.
   */
  async deleteByTags(
    orgId: string,
    tags: readonly string[],
    filepath?: string,
  ): Promise<{ deletedCount: number; untaggedCount: number }> {
    const removed = new Set(tags);
    const ids = await this.store.findDocumentIdsByTags(orgId, tags, filepath);
    let deletedCount = 0;
    let untaggedCount = 0;
    for (let i = 0; i < ids.length; i += BULK_BATCH) {
      const docs = await this.store.getDocumentsByIds(orgId, ids.slice(i, i + BULK_BATCH));
      const orphaned: string[] = [];
      for (const doc of docs) {
        const rest = doc.containerTags.filter((t) => !removed.has(t));
        if (rest.length === 0) {
          orphaned.push(doc.id);
          continue;
        }
        const updated = await this.store.updateDocument(orgId, doc.id, { containerTags: rest, updatedAt: new Date().toISOString() });
        if (updated) untaggedCount++;
      }
      deletedCount += (await this.store.deleteDocuments(orgId, orphaned)).length;
    }
    return { deletedCount, untaggedCount };
  }

  /**
   * Resolves a path or docId value: a document id first, then a customId. With narrowTags only documents carrying
   * one of them match. A customId held under several tags is ambiguous (409) until narrowed.
   */
  async resolve(orgId: string, idOrCustomId: string, narrowTags?: readonly string[]): Promise<DocumentRecord> {
    const narrow = narrowTags && narrowTags.length > 0 ? narrowTags : undefined;
    const byId = await this.store.getDocument(orgId, idOrCustomId);
    if (byId && (!narrow || byId.containerTags.some((t) => narrow.includes(t)))) return byId;
    const matches = await this.store.findDocumentsByCustomId(orgId, idOrCustomId, narrow);
    if (matches.length === 0) throw createError('DOCUMENT_NOT_FOUND');
    if (matches.length > 1) throw ambiguous(idOrCustomId, matches);
    return matches[0]!;
  }

  /** The document an add with this customId and these tags updates, if any. */
  private async findForUpsert(orgId: string, customId: string, tags: readonly string[]): Promise<DocumentRecord | null> {
    const matches = await this.store.findDocumentsByCustomId(orgId, customId, tags);
    if (matches.length > 1) throw ambiguous(customId, matches);
    return matches[0] ?? null;
  }

  /** A customId equal to another document's id would make lookups by that value ambiguous: refused. */
  private async refuseDocumentIdAsCustomId(orgId: string, customId: string, selfId: string | null): Promise<void> {
    if (customId === selfId) return;
    if (await this.store.getDocument(orgId, customId)) throw createError('CUSTOM_ID_IS_DOCUMENT_ID', [customId]);
  }

  private async upsert(doc: DocumentRecord, input: DocumentUpdate, attempt = 0): Promise<{ id: string; status: string }> {
    const patch: DocumentPatch = { updatedAt: new Date().toISOString() };
    if (input.containerTags) patch.containerTags = input.containerTags;
    if (input.metadata) patch.metadata = input.metadata;
    if (input.taskType) patch.taskType = input.taskType;
    if (input.forgetAfter !== undefined) patch.forgetAfter = input.forgetAfter;
    if (input.entityContext !== undefined) patch.entityContext = input.entityContext;
    if (input.filepath !== undefined) patch.filepath = input.filepath;
    if (input.title !== undefined) patch.title = input.title;
    if (input.customId !== undefined) patch.customId = input.customId;

    const hash = input.content === undefined ? doc.contentHash : contentHash(input.content);
    const reprocess = hash !== doc.contentHash || doc.status === 'failed';
    if (reprocess) {
      Object.assign(patch, {
        raw: input.content ?? doc.raw,
        contentHash: hash,
        generation: doc.generation + 1,
        status: 'queued',
        attempts: 0,
        nextRunAt: 0,
        processingMetadata: newProcessingMetadata(),
        ...(hash !== doc.contentHash && input.title === undefined ? { title: null } : {}),
      } satisfies DocumentPatch);
    }
    // Conditional on the generation read above, so two concurrent updates cannot both claim the same new run.
    const updated = await this.store.updateDocument(doc.orgId, doc.id, patch, { expectGeneration: doc.generation });
    if (!updated) {
      const fresh = await this.store.getDocument(doc.orgId, doc.id);
      if (!fresh || attempt >= 5) throw createError('DOCUMENT_NOT_FOUND');
      return this.upsert(fresh, input, attempt + 1);
    }
    if (reprocess) await this.runner.submit({ orgId: doc.orgId, documentId: doc.id, generation: updated.generation });
    return { id: updated.id, status: updated.status };
  }
}
