import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/pipeline/chunk.js';
import { STRATEGY } from '../../../src/text/chunking.js';
import type { PipelineDeps } from '../../../src/pipeline/deps.js';
import type { ChunkRecord, DocumentRecord } from '../../../src/core/types.js';

/** Just the two store calls the chunk step makes. */
function fakeDeps(chunkSize: number) {
  const stored: ChunkRecord[] = [];
  const store = {
    settings: { getSettings: async () => ({ chunkSize }) },
    chunks: { replaceChunks: async (_ref: unknown, chunks: readonly ChunkRecord[]) => void stored.push(...chunks) },
  };
  return { deps: { store, config: { limits: { maxDocumentChars: 5_000_000, maxDocumentChunks: 20_000 } } } as unknown as PipelineDeps, stored };
}

describe('chunkDocument', () => {
  it('stores chunk content as verbatim slices of the document content; context goes only into embeddedContent', async () => {
    const content = [
      '# Release v2.1',
      Array.from({ length: 20 }, (_, i) => `Dr. Smith ran Node.js 20.1 on 3.5.2024, e.g. in the U.S. lab ${i}.`).join(' '),
      '## Notes',
      'See https://example.com/v2.1/notes?x=1.5 for details.',
    ].join('\n\n');
    const doc = { content, title: 'Lab log' } as DocumentRecord;
    const { deps, stored } = fakeDeps(48);
    const outcome = await chunkDocument(deps, doc, { orgId: 'o', documentId: 'd', generation: 1 });
    expect(stored.length).toBeGreaterThan(2);
    for (const c of stored) {
      expect(content.includes(c.content), c.content).toBe(true);
      expect(c.embeddedContent.startsWith('Lab log\n')).toBe(true);
      expect(c.embeddedContent.endsWith(`\n${c.content}`)).toBe(true);
    }
    expect(stored.map((c) => c.position)).toEqual(stored.map((_, i) => i));
    expect(outcome.metadata).toMatchObject({ strategy: STRATEGY, chunkSize: 48, chunkCount: stored.length });
    expect(STRATEGY).toBe('structure-aware-v2');
  });
});
