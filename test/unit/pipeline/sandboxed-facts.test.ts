import { afterAll, describe, expect, it } from 'vitest';
import { closeExtractionSandbox } from '../../../src/extract/sandbox/isolated.js';
import { createOfflineExtractor, extractFacts } from '../../../src/memory/offline-extractor.js';
import type { FactExtractor, SourceDocument } from '../../../src/memory/types.js';
import { FACT_CHARS_PER_JOB, readWeight, sandboxedFacts } from '../../../src/pipeline/sandboxed-facts.js';

const ENDLESS = new URL('../../fixtures/sandbox/endless-facts-job.ts', import.meta.url).href;
const THREAD = new URL('../../fixtures/sandbox/thread-facts-job.ts', import.meta.url).href;
const limits = { workerHeapMb: 256, parseTimeoutMs: 1_500, timeoutMs: 60_000 };
const doc = (content: string): SourceDocument => ({ content, title: null, type: 'text', documentDate: '2026-06-14T10:00:00.000Z', metadata: {}, entityContext: null });

describe('the offline memory reader runs in the extraction sandbox (sandboxed-facts.ts)', () => {
  afterAll(() => closeExtractionSandbox());

  it('reads the same facts on a worker thread as in process', async () => {
    const text = 'I live in Porto with my partner Rui. I work as a pharmacist at Farmácia Central. My dog is called Bolacha.';
    const { facts } = await sandboxedFacts(createOfflineExtractor(), limits).extract(doc(text));
    expect(facts.length).toBeGreaterThan(1);
    expect(facts).toEqual(extractFacts(doc(text)).facts);
  }, 60_000);

  it('a read past the time limit leaves the document without memories and says why, instead of failing it', async () => {
    const result = await sandboxedFacts(createOfflineExtractor(), limits, ENDLESS).extract(doc('I live in Porto.'));
    expect(result.facts).toEqual([]);
    expect(result.note).toMatch(/^no memories: .*took longer than 1\.5 s/);
    // The worker that was ended is replaced: the next document is read.
    expect((await sandboxedFacts(createOfflineExtractor(), limits).extract(doc('I live in Porto.'))).facts.length).toBeGreaterThan(0);
  }, 60_000);

  it('a stream of short documents keeps its worker: 250 reads of 1 KB do not restart it (issue 28), a long one still counts whole', async () => {
    const reader = sandboxedFacts(createOfflineExtractor(), limits, THREAD);
    const threads = new Set<string>();
    for (let i = 0; i < 250; i++) threads.add((await reader.extract(doc(`Note ${i}: ${'word '.repeat(200)}`))).note!);
    expect(threads.size).toBe(1);
    expect(readWeight({ content: 'x'.repeat(1_000) })).toBe(0.01);
    expect(readWeight({ content: 'x'.repeat(2 * FACT_CHARS_PER_JOB) })).toBe(1);
    expect(readWeight({ content: 'x'.repeat(500), previous: 'y'.repeat(500) })).toBe(0.01);
  }, 60_000);

  it('leaves the LLM extractor as it is (it waits on the network, not the CPU)', () => {
    const llm: FactExtractor = { kind: 'llm', extract: async () => ({ facts: [] }) };
    expect(sandboxedFacts(llm, limits)).toBe(llm);
  });
});
