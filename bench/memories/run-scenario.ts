/**
 * Runs memory scenarios through the HTTP API with the official `supermemory` client, as an app would: each scenario
 * in its own container tag, steps in order (each settled before the next), then memories-mode search for every
 * question, the profile, and the tag's memories. Calls the client has are made through it (add, documents.list,
 * search, profile, memories.updateMemory); the others (POST /v4/memories, /v4/memories/list, /v4/conversations)
 * through its generic `post`, so they share its auth, retries and error classes.
 */
import type Supermemory from 'supermemory';
import { APIError } from 'supermemory';
import type { LabelledDocument, Scenario, Step } from './scenarios.js';
import { type ExtractionScore, type ScenarioScore, scoreExtraction, scoreProfile, scoreQuestion } from './score.js';

export interface RunOptions {
  /** Prefix of every container tag ("memeval_"). */
  tagPrefix: string;
  /** `limit` of each memories-mode search. */
  searchLimit: number;
  /** How long one step may take to settle. */
  settleTimeoutMs: number;
  pollMs: number;
}

export const DEFAULT_RUN: RunOptions = { tagPrefix: 'memeval_', searchLimit: 10, settleTimeoutMs: 180_000, pollMs: 100 };

/** What a scenario run saw through the API (raw, before scoring). */
export interface ScenarioObservation {
  id: string;
  tag: string;
  unsupported?: string;
  error?: string;
  /** Memory texts in rank order for each question (memories mode, threshold 0). */
  answers: { q: string; ranked: string[] }[];
  profile: { static: string[]; dynamic: string[] };
  /** Latest, not forgotten memories of the tag. */
  memories: string[];
  seconds: number;
}

interface MemoryEntry {
  id: string;
  memory: string;
  isLatest?: boolean;
  isForgotten?: boolean;
}

/** Thrown by a step the service does not offer (404 on the route itself): the scenario is reported apart. */
class Unsupported extends Error {}

export async function runScenario(client: Supermemory, s: Scenario, options: RunOptions = DEFAULT_RUN): Promise<ScenarioObservation> {
  const t0 = performance.now();
  const tag = `${options.tagPrefix}${s.id}`.slice(0, 100);
  const obs: ScenarioObservation = { id: s.id, tag, answers: [], profile: { static: [], dynamic: [] }, memories: [], seconds: 0 };
  try {
    for (const step of s.steps) {
      await runStep(client, tag, step, options);
      await settle(client, tag, options);
    }
    for (const question of s.questions) {
      const res = await client.search({ q: question.q, containerTag: tag, searchMode: 'memories', limit: options.searchLimit, threshold: 0 });
      obs.answers.push({ q: question.q, ranked: res.results.map((r) => r.memory ?? r.chunk ?? '') });
    }
    const profile = await client.profile({ containerTag: tag });
    obs.profile = { static: profile.profile.static, dynamic: profile.profile.dynamic };
    obs.memories = (await listMemories(client, tag)).map((m) => m.memory);
  } catch (err) {
    if (err instanceof Unsupported) obs.unsupported = err.message;
    else obs.error = describe(err);
  }
  obs.seconds = Math.round(performance.now() - t0) / 1000;
  return obs;
}

async function runStep(client: Supermemory, tag: string, step: Step, options: RunOptions): Promise<void> {
  switch (step.kind) {
    case 'document': {
      const metadata = { ...step.metadata, ...(step.date ? { date: step.date } : {}) };
      await client.add({
        content: step.content,
        containerTag: tag,
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        ...(step.entityContext ? { entityContext: step.entityContext } : {}),
      });
      return;
    }
    case 'memories':
      await client.post('/v4/memories', {
        body: { containerTag: tag, memories: step.memories.map((m) => ({ ...m, ...(step.date ? { metadata: { date: step.date } } : {}) })) },
      });
      return;
    case 'update': {
      const target = (await listMemories(client, tag)).find((m) => m.memory.toLowerCase().includes(step.find.toLowerCase()));
      if (!target) throw new Error(`update: no memory of the tag contains "${step.find}"`);
      await client.memories.updateMemory({ containerTag: tag, id: target.id, newContent: step.newContent });
      return;
    }
    case 'conversation':
      try {
        await client.post('/v4/conversations', {
          body: {
            conversationId: `${tag}-${step.conversationId}`.slice(0, 255),
            messages: step.messages,
            containerTags: [tag],
            ...(step.date || step.metadata ? { metadata: { ...step.metadata, ...(step.date ? { date: step.date } : {}) } } : {}),
            ...(step.entityContext ? { entityContext: step.entityContext } : {}),
          },
        });
      } catch (err) {
        // The route itself missing (404/405): the endpoint is not built yet, not a failure of the scenario.
        if (err instanceof APIError && (err.status === 404 || err.status === 405)) {
          throw new Unsupported(`POST /v4/conversations answered ${err.status}`);
        }
        throw err;
      }
      return;
  }
}

/** Waits until every document of the tag is done; a failed document fails the scenario. */
async function settle(client: Supermemory, tag: string, options: RunOptions): Promise<void> {
  const deadline = performance.now() + options.settleTimeoutMs;
  for (;;) {
    const list = await client.documents.list({ containerTags: [tag], limit: 100 });
    const docs = list.memories as unknown as { id: string; status: string }[];
    const failed = docs.find((d) => d.status === 'failed');
    if (failed) throw new Error(`document ${failed.id} failed`);
    if (docs.every((d) => d.status === 'done')) return;
    if (performance.now() > deadline) throw new Error(`documents of ${tag} not done after ${options.settleTimeoutMs} ms: ${docs.map((d) => d.status).join(', ')}`);
    await new Promise((r) => setTimeout(r, options.pollMs));
  }
}

async function listMemories(client: Supermemory, tag: string): Promise<MemoryEntry[]> {
  const out: MemoryEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await client.post<{ memoryEntries: MemoryEntry[]; pagination?: { totalPages?: number } }>('/v4/memories/list', {
      body: { containerTags: [tag], limit: 1000, page },
    });
    out.push(...res.memoryEntries.filter((m) => m.isLatest !== false && m.isForgotten !== true));
    if (page >= (res.pagination?.totalPages ?? 1)) return out;
  }
}

function describe(err: unknown): string {
  if (err instanceof APIError) return `${err.status ?? 'network'} ${err.message}`.slice(0, 300);
  return String((err as Error).message ?? err).slice(0, 300);
}

/** Scores an observation against its scenario (pure). */
export function scoreScenario(s: Scenario & { split?: string }, obs: ScenarioObservation): ScenarioScore {
  const answered = new Map(obs.answers.map((a) => [a.q, a.ranked]));
  return {
    id: s.id,
    family: s.family,
    split: s.split ?? 'dev',
    ...(obs.unsupported ? { unsupported: obs.unsupported } : {}),
    ...(obs.error ? { error: obs.error } : {}),
    questions: s.questions.map((q) => scoreQuestion(q, answered.get(q.q) ?? [])),
    profile: obs.error ? { correct: false, failures: [`not run: ${obs.error}`] } : scoreProfile(s.profile, obs.profile),
    memories: obs.memories.length,
    expectNoMemories: s.expectNoMemories,
  };
}

/** Runs `items` through `fn` with at most `concurrency` at once, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return out;
}

/** One labelled document into its own tag; its memories scored against the gold facts. */
export async function runLabelled(client: Supermemory, d: LabelledDocument, options: RunOptions = DEFAULT_RUN): Promise<ExtractionScore & { id: string; error?: string }> {
  const tag = `${options.tagPrefix}p_${d.id}`.slice(0, 100);
  try {
    await runStep(client, tag, { kind: 'document', content: d.content, ...(d.date ? { date: d.date } : {}), ...(d.entityContext ? { entityContext: d.entityContext } : {}) }, options);
    await settle(client, tag, options);
    const memories = (await listMemories(client, tag)).map((m) => m.memory);
    return { id: d.id, ...scoreExtraction(memories, d.gold) };
  } catch (err) {
    return { id: d.id, error: describe(err), ...scoreExtraction([], d.gold) };
  }
}
