import { describe, expect, it } from 'vitest';
import { attributesAskedBy } from '../../../src/memory/attributes.js';
import { judgeRelation } from '../../../src/memory/heuristic-judge.js';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact } from '../../../src/memory/types.js';

/** Pay and rent: numbers that change and supersede (sentences written for this test). */
const extractor = createOfflineExtractor();
const first = async (content: string, attribute: string): Promise<ExtractedFact> => {
  const out = (await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts;
  const f = out.find((x) => x.attribute === attribute);
  expect(f, `${content} -> ${JSON.stringify(out)}`).toBeDefined();
  return f!;
};
const as = (id: string, f: ExtractedFact) => ({ id, text: f.text, subject: f.subject, attribute: f.attribute, isStatic: f.isStatic, similarity: 0.6 });

describe('pay and rent', () => {
  it('a new salary updates the old one, however each is phrased', async () => {
    const before = await first('Base salary is €48k, not great.', 'income');
    const after = await first('Promotion came through, I earn €55k now.', 'income');
    expect(before.subject).toBe('the user');
    expect(judgeRelation(after, [as('m-48', before)])).toEqual({ relation: 'updates', targetId: 'm-48' });
  });

  it('a rent raised by the landlord updates the rent', async () => {
    const before = await first('Rent for our place in Leith is £1,200.', 'rent');
    const after = await first('The landlord raised the rent to £1,320 in March.', 'rent');
    expect(judgeRelation(after, [as('m-rent', before)])).toEqual({ relation: 'updates', targetId: 'm-rent' });
  });

  it('questions about pay and rent ask for those attributes', () => {
    expect(attributesAskedBy('how much do I make?')).toContain('income');
    expect(attributesAskedBy("what's my salary")).toContain('income');
    expect(attributesAskedBy('how much is the rent?')).toContain('rent');
  });
});
