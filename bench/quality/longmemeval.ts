/**
 * LongMemEval_S: each question has its own haystack of ~50 chat sessions, added as one document per session in
 * the question's container tag; a question is scored by its answer sessions among the top distinct sessions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { METRICS } from './metrics.js';
import { type BenchDocument, type BenchQuery, type QualityDataset, safeId, sample } from './types.js';

interface ChatTurn {
  role: string;
  content: string;
}

interface Question {
  question_id: string;
  question_type: string;
  question: string;
  answer: string | number;
  answer_session_ids: string[];
  haystack_dates: string[];
  haystack_session_ids: string[];
  haystack_sessions: ChatTurn[][];
}

/** A session as a user's app would store it: the date on top, then the turns. */
export function sessionContent(date: string, turns: readonly ChatTurn[]): string {
  return [`Chat session on ${date}`, ...turns.map((t) => `${t.role}: ${t.content.trim()}`)].join('\n\n');
}

/**
 * `questionIds` (non-empty) keeps only those questions and their haystacks, for quick ranking trials on a few
 * questions (keyword IDF is then computed over fewer sessions, so figures compare only with runs of the same ids).
 */
export function loadLongMemEval(dataDir: string, limitQuestions: number, questionIds: readonly string[] = []): QualityDataset {
  const file = path.join(dataDir, 'longmemeval', 'longmemeval-s-dev.json');
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Question[];
  // Abstention questions have no answer session: retrieval metrics skip them.
  const scored = all.filter((q) => !q.question_id.endsWith('_abs') && (questionIds.length === 0 || questionIds.includes(q.question_id)));
  const picked = sample(scored, limitQuestions);
  const stats = { questions: all.length, skippedAbstention: all.length - scored.length, sessions: 0, duplicateSessionIds: 0 };
  const documents: BenchDocument[] = [];
  const queries: BenchQuery[] = [];

  for (const q of picked) {
    const tag = safeId(`lme_${q.question_id}`);
    const seen = new Set<string>();
    q.haystack_sessions.forEach((turns, i) => {
      const sessionId = q.haystack_session_ids[i]!;
      if (seen.has(sessionId)) {
        stats.duplicateSessionIds++;
        return;
      }
      seen.add(sessionId);
      const date = q.haystack_dates[i] ?? '';
      documents.push({
        content: sessionContent(date, turns),
        containerTag: tag,
        customId: safeId(`${q.question_id}-${sessionId}`),
        metadata: { sessionId, date, questionId: q.question_id },
      });
    });
    stats.sessions += seen.size;
    queries.push({
      id: q.question_id,
      q: q.question,
      containerTag: tag,
      category: q.question_type,
      relevant: new Map(q.answer_session_ids.map((id) => [id, 1])),
      answer: String(q.answer),
    });
  }

  return {
    name: 'longmemeval',
    title: 'LongMemEval_S (18 questions, session-level retrieval)',
    unitKey: 'sessionId',
    // Long sessions become ~10 chunks each: ask for the most the API returns to see at least 15 distinct sessions.
    requestLimit: 100,
    documents,
    queries,
    metrics: [METRICS.recallAny(1), METRICS.recall(1), METRICS.recall(5), METRICS.recall(10), METRICS.recall(15), METRICS.recallAny(5), METRICS.recallAll(5), METRICS.recallAny(10), METRICS.recallAll(10)],
    headline: { metric: 'recall@5', target: 0.95 },
    references: [{ metric: 'recall@15', value: 0.95, source: 'reference named in the issue' }],
    loadStats: stats,
    memoryModes: true,
    notes: [
      'one document per haystack session ("Chat session on <date>" then "user: ..." / "assistant: ..." turns), one container tag per question',
      'recall@k = share of answer sessions among the top k distinct sessions; recall_any / recall_all = at least one / every answer session; recall_any@1 = the first session is an answer session (the issue\'s "recall@1")',
    ],
  };
}
