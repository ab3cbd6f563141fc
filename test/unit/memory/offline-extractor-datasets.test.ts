import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineExtractor, MAX_FACT_CHARS } from '../../../src/memory/offline-extractor.js';
import type { ExtractedFact, SourceDocument } from '../../../src/memory/types.js';

// Real conversations from ../shared/data (see ../shared/README.md), read in place; skipped where that folder is absent.
const SHARED = path.resolve(process.env.MNEMO_SHARED_DATA ?? path.join(import.meta.dirname, '../../../../shared/data'));
const LOCOMO = path.join(SHARED, 'locomo/locomo-dev.json');
const LONGMEMEVAL = path.join(SHARED, 'longmemeval/longmemeval-s-dev.json');

interface LocomoTurn {
  speaker: string;
  text: string;
  blip_caption?: string;
}

const extractor = createOfflineExtractor();
const doc = (content: string): SourceDocument => ({ content, title: null, type: 'text', documentDate: '2024-06-01T00:00:00.000Z', metadata: {}, entityContext: null });

/** What every fact must look like, whatever its source. */
function expectSane(facts: readonly ExtractedFact[], speakers: readonly string[]) {
  const bad = facts.filter(
    (f) =>
      !/^\p{Lu}.*[^.]\.$/u.test(f.text) ||
      /(?:^|[\s,;(])(?:I|I'm|I've|I'd|I'll|[Mm]y|[Mm]e|myself|[Ww]e|[Oo]ur|us)(?=[\s,.;!?)]|$)/.test(f.text) ||
      /\?\s*\.?$/.test(f.text) ||
      f.text.length >= MAX_FACT_CHARS ||
      !speakers.includes(f.speaker ?? '') ||
      (f.eventDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(f.eventDate)),
  );
  expect(bad.map((f) => f.text)).toEqual([]);
}

describe.skipIf(!existsSync(LOCOMO))('offline extractor on LoCoMo sessions (../shared/data)', () => {
  const conversations = existsSync(LOCOMO) ? (JSON.parse(readFileSync(LOCOMO, 'utf8')) as { conversation: Record<string, unknown> }[]) : [];
  const picked = [
    [0, 1],
    [0, 2],
    [2, 3],
    [4, 5],
  ] as const;

  it.each(picked)('conversation %i, session %i: one document per turn, as the LoCoMo benchmark adds them', async (c, s) => {
    const conv = conversations[c]!.conversation;
    const speakers = [String(conv.speaker_a), String(conv.speaker_b)];
    const date = String(conv[`session_${s}_date_time`]);
    const facts: ExtractedFact[] = [];
    for (const turn of conv[`session_${s}`] as LocomoTurn[]) {
      const photo = turn.blip_caption ? ` (shares a photo: ${turn.blip_caption})` : '';
      facts.push(...(await extractor.extract(doc(`[${date}] ${turn.speaker}: ${turn.text}${photo}`))).facts);
    }
    expectSane(facts, speakers);
    expect(facts.length).toBeGreaterThanOrEqual(5);
    // Both speakers say something worth keeping, and dates resolve against the session date, not the document's.
    expect(new Set(facts.map((f) => f.speaker)).size).toBe(2);
    expect(facts.every((f) => f.eventDate === null || f.eventDate < '2024-06-01')).toBe(true);
  });

  it('a whole session as one "Speaker: text" document gives the same kind of facts, "you" resolved to the other speaker', async () => {
    const conv = conversations[0]!.conversation;
    const speakers = [String(conv.speaker_a), String(conv.speaker_b)];
    const lines = (conv.session_1 as LocomoTurn[]).map((t) => `${t.speaker}: ${t.text}`);
    const { facts } = await extractor.extract({ ...doc(lines.join('\n')), documentDate: '2023-05-08' });
    expectSane(facts, speakers);
    expect(facts.length).toBeGreaterThanOrEqual(5);
    expect(facts.map((f) => f.text)).toContain('Caroline went to a LGBTQ support group on 2023-05-07.');
  });
});

describe.skipIf(!existsSync(LONGMEMEVAL))('offline extractor on LongMemEval sessions (../shared/data)', () => {
  it("keeps the user's statements, not the assistant's advice", async () => {
    const questions = JSON.parse(readFileSync(LONGMEMEVAL, 'utf8')) as { haystack_dates: string[]; haystack_sessions: { role: string; content: string }[][] }[];
    const q = questions[0]!;
    for (let i = 0; i < 5; i++) {
      const content = [`Chat session on ${q.haystack_dates[i]}`, ...q.haystack_sessions[i]!.map((t) => `${t.role}: ${t.content.trim()}`)].join('\n\n');
      const { facts } = await extractor.extract({ ...doc(content), entityContext: 'Alex' });
      expectSane(facts, ['Alex']);
      expect(facts.every((f) => f.eventDate === null || f.eventDate.startsWith('2023'))).toBe(true);
    }
  });
});
