/**
 * LoCoMo: every turn of a conversation is one document in the conversation's container tag; every question of
 * categories 1-4 is scored by the evidence turns (dia_id) found among the top distinct turns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { METRICS } from './metrics.js';
import { type BenchDocument, type BenchQuery, type QualityDataset, safeId, sample } from './types.js';

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface Qa {
  question: string;
  answer?: string | number;
  evidence: string[];
  category: number;
}

interface Conversation {
  sample_id: string;
  conversation: Record<string, unknown>;
  qa: Qa[];
}

/** Category numbers of the released data, named as in ../shared/README.md (5, adversarial, is not scored). */
export const LOCOMO_CATEGORIES: Readonly<Record<number, string>> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

/** The text a user's app would store for one turn: date and speaker make it findable by both. */
export function turnContent(date: string, turn: Turn): string {
  const photo = turn.blip_caption ? ` (shares a photo: ${turn.blip_caption})` : '';
  return `[${date}] ${turn.speaker}: ${turn.text}${photo}`;
}

/** Evidence ids of a question: "D8:6; D9:17" holds two; ids that name no turn are dropped. */
export function evidenceTurns(evidence: readonly string[], turnIds: ReadonlySet<string>): { valid: string[]; dropped: string[] } {
  const ids = [
    ...new Set(
      evidence
        .flatMap((e) => e.split(';'))
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  return { valid: ids.filter((id) => turnIds.has(id)), dropped: ids.filter((id) => !turnIds.has(id)) };
}

export function loadLocomo(dataDir: string, limitQuestions: number): QualityDataset {
  const file = path.join(dataDir, 'locomo', 'locomo-dev.json');
  const conversations = JSON.parse(fs.readFileSync(file, 'utf8')) as Conversation[];
  const stats = { conversations: 0, sessions: 0, turns: 0, photos: 0, questionsCategory1to4: 0, droppedEvidenceIds: 0, skippedNoEvidence: 0 };
  const documentsByTag = new Map<string, BenchDocument[]>();
  let queries: BenchQuery[] = [];

  for (const conv of conversations) {
    const tag = safeId(`locomo_${conv.sample_id}`);
    const docs: BenchDocument[] = [];
    // Some session_N_date_time keys have no session_N list: iterate over the sessions that exist.
    for (const [key, value] of Object.entries(conv.conversation)) {
      const m = /^session_(\d+)$/.exec(key);
      if (!m || !Array.isArray(value)) continue;
      const session = Number(m[1]);
      const date = String(conv.conversation[`session_${session}_date_time`] ?? '');
      stats.sessions++;
      for (const turn of value as Turn[]) {
        if (turn.blip_caption) stats.photos++;
        docs.push({
          content: turnContent(date, turn),
          containerTag: tag,
          customId: safeId(`${conv.sample_id}-${turn.dia_id}`),
          metadata: { date, speaker: turn.speaker, turnId: turn.dia_id, session, conversation: conv.sample_id },
        });
      }
    }
    stats.conversations++;
    stats.turns += docs.length;
    documentsByTag.set(tag, docs);
    const turnIds = new Set(docs.map((d) => String(d.metadata.turnId)));
    conv.qa.forEach((qa, i) => {
      const category = LOCOMO_CATEGORIES[qa.category];
      if (!category) return;
      stats.questionsCategory1to4++;
      const { valid, dropped } = evidenceTurns(qa.evidence, turnIds);
      stats.droppedEvidenceIds += dropped.length;
      if (valid.length === 0) {
        stats.skippedNoEvidence++;
        return;
      }
      queries.push({
        id: `${conv.sample_id}#${i}`,
        q: qa.question,
        containerTag: tag,
        category,
        relevant: new Map(valid.map((id) => [id, 1])),
        ...(qa.answer !== undefined ? { answer: String(qa.answer) } : {}),
      });
    });
  }

  queries = sample(queries, limitQuestions);
  // A quick run adds only the conversations its questions need.
  const tags = new Set(queries.map((q) => q.containerTag));
  const documents = [...documentsByTag].filter(([tag]) => tags.has(tag)).flatMap(([, docs]) => docs);
  return {
    name: 'locomo',
    title: 'LoCoMo (6 conversations, turn-level retrieval)',
    unitKey: 'turnId',
    requestLimit: 20,
    documents,
    queries,
    metrics: [METRICS.recall(1), METRICS.recall(5), METRICS.recall(10)],
    headline: { metric: 'recall@10', target: 0.85 },
    references: [
      { metric: 'recall@5', value: 0.567, source: 'LoCoMo paper, best dialog-level retrieval' },
      { metric: 'recall@10', value: 0.662, source: 'LoCoMo paper, best dialog-level retrieval' },
    ],
    loadStats: stats,
    memoryModes: true,
    notes: [
      'one document per turn: "[<session date>] <speaker>: <text>" (+ " (shares a photo: <caption>)"), one container tag per conversation',
      "recall@k = share of a question's evidence turns among the top k distinct turns, averaged over questions of categories 1-4",
    ],
  };
}
