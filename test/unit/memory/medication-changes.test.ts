import { describe, expect, it } from 'vitest';
import { judgeRelation } from '../../../src/memory/heuristic-judge.js';
import { createOfflineExtractor } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact } from '../../../src/memory/types.js';

/** Prescriptions, dose changes and stopping a medication, told the way patients tell them (sentences written for this test). */
const extractor = createOfflineExtractor();
const facts = async (content: string) =>
  (await extractor.extract({ content: JSON.stringify([{ role: 'user', content }]), title: null, type: 'text', documentDate: '2026-04-20T10:00:00.000Z', metadata: {}, entityContext: null })).facts;
const only = async (content: string): Promise<ExtractedFact> => {
  const out = (await facts(content)).filter((f) => f.attribute?.startsWith('medication'));
  expect(out, content).toHaveLength(1);
  return out[0]!;
};
const as = (id: string, f: ExtractedFact) => ({ id, text: f.text, subject: f.subject, attribute: f.attribute, isStatic: f.isStatic, similarity: 0.7 });

describe('medication and dose changes', () => {
  it('"the doctor put me on X" is a medication the author takes', async () => {
    const f = await only('My cardiologist put me on atenolol 25 mg after the scare.');
    expect(f).toMatchObject({ subject: 'the user', attribute: 'medication:atenolol' });
  });

  it('"she bumped my X up to N mg" is the new dose, and it updates the old one', async () => {
    const before = await only('My doctor put me on losartan 25 mg.');
    const after = await only('My numbers were bad, so she bumped my losartan up to 50 mg.');
    expect(after.text).toContain('50 mg');
    expect(judgeRelation(after, [as('m-25', before)])).toEqual({ relation: 'updates', targetId: 'm-25' });
  });

  it('tapering off a drug ends it; drugs named by common endings are recognised', async () => {
    const before = await only('I take escitalopram 10mg at night.');
    const after = await only('Weaned off the escitalopram over the winter.');
    expect(after.attribute).toBe(before.attribute);
    expect(judgeRelation(after, [as('m-esc', before)])).toEqual({ relation: 'updates', targetId: 'm-esc' });
  });
});
