/**
 * Writes a generated corpus into an embedded (SQLite) store exactly as the pipeline's index step leaves it, for the
 * benchmarks that measure search on prepared data (bench:search, bench:load).
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ChunkRecord, DocumentRecord } from '../src/core/types.js';
import { DEFAULT_ORG_ID } from '../src/services/auth.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { estimateTokens } from '../src/text/tokenize.js';
import { embeddedContent, type Corpus, type CorpusDocument } from './corpus.js';

export interface FillOptions {
  /** Document id of a corpus document. */
  documentId(d: CorpusDocument): string;
  chunkId(d: CorpusDocument, position: number): string;
  metadata(d: CorpusDocument): Record<string, string>;
  /** Called after each document is stored (progress logs, RSS samples). */
  onDocument?(d: CorpusDocument): void;
}

/**
 * Fills the store through the Store interface, document by document. After the first 500 documents it runs ANALYZE
 * and continues on a fresh connection: without planner statistics every per-document statement scans the whole
 * organisation, which would make a 100k build take hours. Returns the store, still open, and the document ids.
 */
export async function fillCorpusStore(dbFile: string, corpus: Corpus, vectors: readonly Float32Array[], model: string, o: FillOptions): Promise<{ store: SqliteStore; ids: string[] }> {
  let store = new SqliteStore(dbFile);
  await store.migrate();
  await store.accounts.upsertOrganization({ id: DEFAULT_ORG_ID, name: 'Default organization', slug: 'default', createdAt: new Date().toISOString() });
  const ids: string[] = [];
  const base = Date.UTC(2024, 0, 1);
  const analyzeAt = Math.min(500, corpus.documents.length - 1);
  for (const d of corpus.documents) {
    if (d.index === analyzeAt) {
      await store.close();
      const side = new Database(dbFile);
      side.exec('ANALYZE');
      side.close();
      store = new SqliteStore(dbFile);
    }
    const id = o.documentId(d);
    ids.push(id);
    const now = new Date(base + d.index * 60_000).toISOString();
    const content = d.chunks.join('\n\n');
    const ref = { orgId: DEFAULT_ORG_ID, documentId: id, generation: 1 };
    const chunks: ChunkRecord[] = d.chunks.map((c, position) => ({
      id: o.chunkId(d, position),
      orgId: DEFAULT_ORG_ID,
      documentId: id,
      generation: 1,
      position,
      content: c,
      embeddedContent: embeddedContent(d, position),
      tokenCount: estimateTokens(c),
      type: 'text',
      metadata: {},
      createdAt: now,
    }));
    const doc: DocumentRecord = {
      id,
      orgId: DEFAULT_ORG_ID,
      customId: null,
      containerTags: d.containerTags,
      raw: content,
      content,
      contentHash: createHash('sha256').update(content).digest('hex'),
      title: d.title,
      summary: null,
      url: null,
      filepath: null,
      type: 'text',
      metadata: o.metadata(d),
      status: 'done',
      taskType: 'memory',
      forgetAfter: null,
      entityContext: null,
      source: 'api',
      connectionId: null,
      processingMetadata: { startTime: now, endTime: now, finalStatus: 'done', steps: [] },
      generation: 1,
      attempts: 0,
      nextRunAt: 0,
      tokenCount: chunks.reduce((a, c) => a + c.tokenCount, 0),
      wordCount: content.split(/\s+/).length,
      chunkCount: chunks.length,
      file: null,
      createdAt: now,
      updatedAt: now,
    };
    await store.documents.insertDocument(doc);
    await store.chunks.replaceChunks(ref, chunks);
    await store.chunks.putEmbeddings(
      ref,
      model,
      chunks.map((c, p) => ({ chunkId: c.id, vector: vectors[d.firstChunk + p]! })),
    );
    await store.chunks.activateGeneration(ref);
    o.onDocument?.(d);
  }
  return { store, ids };
}
