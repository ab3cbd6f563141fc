import { describe, expect, it } from 'vitest';
import { evaluatePerturbations, passes } from '../../../bench/memories/perturb-run.js';
import { NAME_POOLS, parsePerturbKinds, perturbScenario, typedChat } from '../../../bench/memories/perturb-scenarios.js';
import { shiftScenario, splitMerge } from '../../../bench/memories/perturb-time.js';
import { parseDoc, renderTurns } from '../../../bench/memories/perturb-turns.js';
import type { Scenario, Step } from '../../../bench/memories/scenarios.js';

const scenario = (steps: Step[], q: string, current: string, stale: string): Scenario => ({
  id: 'perturb-test',
  family: 'move',
  description: 'a test scenario',
  steps,
  questions: [{ q, current, stale }],
  profile: { static: { mustContain: [current], mustNotContain: [stale] }, dynamic: { mustContain: [], mustNotContain: [stale] }, empty: false },
  expectNoMemories: false,
});
const doc = (content: string, date?: string): Step => ({ kind: 'document', content, ...(date ? { date } : {}) });
const contents = (s: Scenario) => s.steps.map((st) => (st.kind === 'document' ? st.content : st.kind === 'conversation' ? st.messages.map((m) => m.content).join('\n') : '')).join('\n');

const move = scenario(
  [doc('Tom lives in Boston and works at Figma.', '2026-02-10'), doc("user: I'm moving... no, Tom moved to Seattle in September.\nassistant: Nice!", '2026-09-28')],
  'Where does Tom live?',
  'Seattle',
  'Boston',
);

describe('perturb-scenarios', () => {
  it('names: rewrites the expected answers and profile with the documents, from the new pools', () => {
    const out = perturbScenario('names', move, '42')!;
    const [current, stale] = [out.questions[0]!.current as string, out.questions[0]!.stale as string];
    expect(out.id).toBe('p-names-perturb-test');
    expect(NAME_POOLS.city).toContain(current);
    expect(NAME_POOLS.city).toContain(stale);
    expect(contents(out)).toContain(`moved to ${current} in September`);
    expect(contents(out)).toContain(`lives in ${stale}`);
    expect(out.questions[0]!.q).not.toContain('Tom');
    expect(out.profile.static).toEqual({ mustContain: [current], mustNotContain: [stale] });
    expect(contents(out)).not.toMatch(/\b(Tom|Boston|Seattle|Figma)\b/);
  });

  it('is deterministic by seed', () => {
    for (const kind of parsePerturbKinds('all')) expect(perturbScenario(kind, move, '42')).toEqual(perturbScenario(kind, move, '42'));
    const seeds = ['1', '2', '3', '4', '5', '6'].map((seed) => perturbScenario('names', move, seed)!.questions[0]!.current);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('shape: renders the same turns in another shape and keeps the answers', () => {
    const shapes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const out = perturbScenario('shape', move, String(i))!;
      expect(out.questions).toEqual(move.questions);
      const second = out.steps[1]!;
      if (second.kind === 'conversation') {
        shapes.add('conversation');
        expect(second.messages).toEqual([
          { role: 'user', content: "I'm moving... no, Tom moved to Seattle in September." },
          { role: 'assistant', content: 'Nice!' },
        ]);
        expect(second.date).toBe('2026-09-28');
      } else if (second.kind === 'document') {
        const parsed = parseDoc(second.content);
        shapes.add(parsed ? parsed.shape : second.content.split(':')[0]!);
      }
    }
    expect(shapes.size).toBeGreaterThanOrEqual(3);
  });

  it('noise: keeps every fact turn and adds small talk around them', () => {
    const out = perturbScenario('noise', move, '42')!;
    expect(out.steps.length).toBe(3);
    expect(contents(out)).toContain('Tom lives in Boston and works at Figma.');
    const chat = parseDoc((out.steps[2] as { content: string }).content)!;
    expect(chat.turns.length).toBe(6);
    expect(chat.turns.map((t) => t.content)).toContain("I'm moving... no, Tom moved to Seattle in September.");
  });

  it('case: typed-chat style keeps speaker labels', () => {
    expect(typedChat("user: I'm a nurse in Leeds, I don't drive.\nassistant: Noted.")).toBe('user: im a nurse in  leeds,  i dont drive\nassistant: noted');
  });

  it('dates: moves step dates, month names, years and ISO dates in every text together', () => {
    const s = scenario([doc('I joined Acme in March 2026, on 2026-03-02.', '2026-03-05'), doc('Started at Bolt in June.', '2026-06-20')], 'Where did I work in 2026?', 'Bolt', 'Acme');
    const out = shiftScenario(s, -12 * 3 + 2);
    expect(out.steps.map((st) => (st as { date: string }).date)).toEqual(['2023-05-05', '2023-08-20']);
    expect(contents(out)).toBe('I joined Acme in May 2023, on 2023-05-02.\nStarted at Bolt in August.');
    expect(out.questions[0]!.q).toBe('Where did I work in 2023?');
    // "May" the verb stays.
    expect(contents(shiftScenario(scenario([doc('I May have moved.', '2026-01-01')], 'q', 'a', 'b'), 1))).toBe('I May have moved.');
  });

  it('split-merge: splits at user turns that answer no question, merges same-date documents of one shape', () => {
    const chat = scenario([doc('user: I live in Oslo.\nassistant: Are you still at Equinor?\nuser: nope, left in March\nuser: I work at Aker now', '2026-05-01')], 'q', 'Aker', 'Equinor');
    const split = splitMerge(chat)!;
    expect(split.steps.map((st) => (st as { content: string }).content)).toEqual(['user: I live in Oslo.\nassistant: Are you still at Equinor?\nuser: nope, left in March', 'user: I work at Aker now']);
    const two = scenario([doc('I live in Oslo.', '2026-05-01'), doc('I work at Aker.', '2026-05-01'), doc('I moved to Bergen.', '2026-07-01')], 'q', 'Bergen', 'Oslo');
    expect(splitMerge(two)!.steps.map((st) => (st as { content: string }).content)).toEqual(['I live in Oslo.\n\nI work at Aker.', 'I moved to Bergen.']);
    expect(splitMerge(scenario([doc('I live in Oslo.', '2026-05-01'), doc('I moved.', '2026-06-01')], 'q', 'a', 'b'))).toBeNull();
  });

  it('renders turns as named speakers and JSON, and reads them back', () => {
    const turns = parseDoc('user: hi\nassistant: hello')!.turns;
    expect(renderTurns(turns, 'named', 'Zoë')).toBe('Zoë: hi\nAssistant: hello');
    expect(parseDoc(renderTurns(turns, 'json'))!.turns).toEqual(turns);
    expect(parseDoc('Maya: I work at Figma.\nAssistant: Nice!')).toBeNull();
  });

  it('rejects unknown kinds with the known ones', () => {
    expect(() => parsePerturbKinds('names,colour')).toThrow(/unknown kind "colour".*names, shape/);
    expect(parsePerturbKinds('')).toEqual([]);
  });

  it('never perturbs or runs a held-out scenario', async () => {
    const held = { ...move, id: 'secret', split: 'holdout', file: 'holdout.json' };
    const base = { scenarios: [{ id: 'secret', family: 'move', split: 'holdout', questions: [], profile: { correct: true, failures: [] }, memories: 1, expectNoMemories: false, seconds: 0 }] };
    const out = await evaluatePerturbations({ files: [], split: {}, scenarios: [held] }, base as never, ['names'], '42', { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', concurrency: 1 }, () => undefined);
    expect(out[0]!.scenarios).toBe(0);
    expect(passes(base.scenarios[0] as never)).toBe(true);
  });
});
