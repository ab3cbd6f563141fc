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

  /** Adds a document, or updates the one with the same customId (re-processing only when the content changed). */
  async add(orgId: string, input: DocumentInput): Promise<{ id: string; status: string }> {
    if (input.customId) {
      const existing = await this.findByCustomId(orgId, input.customId);
      if (existing) return this.upsert(existing, input);
    }
    const now = new Date().toISOString();
    const doc: DocumentRecord = {
      id: newId(),
      orgId,
      customId: input.customId ?? null,
      containerTags: input.containerTags ?? DEFAULT_TAGS,
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
        const winner = await this.findByCustomId(orgId, input.customId);
        if (winner) return this.upsert(winner, input);
      }
      throw err;
    }
    await this.runner.submit({ orgId, documentId: doc.id, generation: doc.generation });
    return { id: doc.id, status: doc.status };
  }

  /** Applies a partial update (PATCH); content changes start a new processing run. */
  async update(orgId: string, idOrCustomId: string, input: DocumentUpdate): Promise<{ id: string; status: string }> {
    const doc = await this.store.getDocument(orgId, idOrCustomId);
    if (!doc) throw createError('DOCUMENT_NOT_FOUND');
    if (input.customId && input.customId !== doc.customId) {
      const other = await this.findByCustomId(orgId, input.customId);
      if (other && other.id !== doc.id) throw createError('CUSTOM_ID_CONFLICT', [input.customId]);
    }
    return this.upsert(doc, input);
  }

  async get(orgId: string, idOrCustomId: string): Promise<DocumentRecord> {
    const doc = await this.store.getDocument(orgId, idOrCustomId);
    if (!doc) throw createError('DOCUMENT_NOT_FOUND');
    return doc;
  }

  /** Deletes one document (id or customId) with its chunks and vectors. */
  async delete(orgId: string, idOrCustomId: string): Promise<void> {
    const doc = await this.store.getDocument(orgId, idOrCustomId);
    if (!doc) throw createError('DOCUMENT_NOT_FOUND');
    await this.store.deleteDocuments(orgId, [doc.id]);
  }

  /** Deletes by ids/customIds, reporting the ones not found. */
  async deleteMany(orgId: string, ids: readonly string[]) {
    const errors: { id: string; error: string }[] = [];
    const found: string[] = [];
    for (const id of new Set(ids)) {
      const doc = await this.store.getDocument(orgId, id);
      if (doc) found.push(doc.id);
      else errors.push({ id, error: 'Document not found' });
    }
    const deleted = await this.store.deleteDocuments(orgId, found);
    return { deletedCount: deleted.length, errors };
  }

  /** Deletes every document in the given container tags (optionally under a filepath). */
  async deleteByTags(orgId: string, tags: readonly string[], filepath?: string): Promise<number> {
    const ids = await this.store.findDocumentIdsByTags(orgId, tags, filepath);
    return (await this.store.deleteDocuments(orgId, ids)).length;
  }

  private async findByCustomId(orgId: string, customId: string): Promise<DocumentRecord | null> {
    const doc = await this.store.getDocument(orgId, customId);
    return doc && doc.customId === customId ? doc : null;
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
