import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/pipeline/extract-step.js';
import type { PipelineDeps } from '../../../src/pipeline/deps.js';
import { getStep } from '../../../src/pipeline/steps.js';
import type { DocumentRecord } from '../../../src/core/types.js';

// Text, markdown and HTML need no fetching, so no dependency is used.
const deps = { config: { limits: { maxDocumentChars: 5_000_000, maxDocumentChunks: 20_000 } } } as unknown as PipelineDeps;
const doc = (raw: string, extra: Partial<DocumentRecord> = {}) => ({ raw, title: null, summary: null, ...extra }) as DocumentRecord;

const BODY = 'Otters hunt at dawn in cold rivers. They eat fish, crabs and the occasional frog.';

describe('extractDocument: summary', () => {
  it.each([
    ['plain text', `Otter field notes\n\n${BODY}\n\nMore notes.`, 'text'],
    ['markdown', `# Otter field notes\n\n${BODY.replace('cold', '**cold**')}\n\n## More\n\nMore notes.`, 'text'],
    ['HTML', `<html><head><title>Otter field notes</title></head><body><h1>Otter field notes</h1><p>${BODY.replace('cold', '<em>cold</em>')}</p><p>More notes.</p></body></html>`, 'webpage'],
  ])('summarises %s as its first paragraph of prose', async (_kind, raw, type) => {
    const x = await extractDocument(deps, doc(raw));
    expect(x).toMatchObject({ type, title: 'Otter field notes', summary: BODY });
  });

  it('bounds the summary to whole sentences for every kind', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `Otters dive ${i} times a day in the cold river.`).join(' ');
    for (const raw of [long, `# Dives\n\n${long}`, `<html><body><h1>Dives</h1><p>${long}</p></body></html>`]) {
      const { summary } = await extractDocument(deps, doc(raw));
      expect(summary!.length).toBeLessThanOrEqual(300);
      expect(long.startsWith(summary!)).toBe(true);
      expect(summary).toMatch(/river\.$/);
    }
  });
});

describe('extract step', () => {
  it('replaces the summary of an earlier run instead of keeping it', async () => {
    const outcome = await getStep('extract').run(deps, doc(`Notes\n\n${BODY}`, { summary: 'Summary of the old content.' }), {
      orgId: 'o',
      documentId: 'd',
      generation: 2,
    });
    expect(outcome.patch).toMatchObject({ summary: BODY, type: 'text' });
  });
});
