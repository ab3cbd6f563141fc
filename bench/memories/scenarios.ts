/**
 * The memory scenario fixture format (test/fixtures/memory-scenarios/*.json), as zod schemas: what an app sends, in
 * order, and what a user would then expect to get back (the current answer of each question before the stale one,
 * and the profile). Answers are short key phrases matched case-insensitively in memory text, each with alternatives,
 * so the labels survive wording changes of the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Phrasing families of issue 26; every scenario belongs to one, and the report breaks results down by family. */
export const FAMILIES = [
  'move',
  'employer-change',
  'title-change',
  'correction',
  'reversal',
  'negation',
  'replacement',
  'left',
  'third-party',
  'named-speakers',
  'locomo-lines',
  'json-messages',
  'user-assistant',
  'markdown-notes',
  'compound',
  'temporary',
  'small-talk',
  'two-people',
  'direct-write',
  'conversation',
] as const;
export type Family = (typeof FAMILIES)[number];

/** One key phrase, or alternatives of which any may match (case-insensitive substring of the memory text). */
export const Phrase = z.union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)]);
export type Phrase = z.infer<typeof Phrase>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'an ISO date (YYYY-MM-DD or a full timestamp)');
const Metadata = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** POST /v3/documents (`client.add`): text, a chat transcript, notes, or a JSON message array as text. */
const DocumentStep = z.strictObject({
  kind: z.literal('document'),
  content: z.string().min(1),
  /** The document's own date: sent as `metadata.date`, so "this week" and "last month" have a reference. */
  date: IsoDate.optional(),
  metadata: Metadata.optional(),
  entityContext: z.string().min(1).optional(),
});

/** POST /v4/memories: direct writes, no document pipeline. */
const MemoriesStep = z.strictObject({
  kind: z.literal('memories'),
  memories: z.array(z.strictObject({ content: z.string().min(1), isStatic: z.boolean().optional() })).min(1),
  date: IsoDate.optional(),
});

/** PATCH /v4/memories (`client.memories.updateMemory`) of the latest memory whose text contains `find`. */
const UpdateStep = z.strictObject({
  kind: z.literal('update'),
  find: z.string().min(1),
  newContent: z.string().min(1),
});

/** POST /v4/conversations: the same conversationId may be sent again with appended turns. */
const ConversationStep = z.strictObject({
  kind: z.literal('conversation'),
  conversationId: z.string().min(1),
  messages: z.array(z.strictObject({ role: z.enum(['user', 'assistant', 'system', 'tool']), content: z.string().min(1), name: z.string().min(1).optional() })).min(1),
  date: IsoDate.optional(),
  metadata: Metadata.optional(),
  entityContext: z.string().min(1).optional(),
});

export const Step = z.discriminatedUnion('kind', [DocumentStep, MemoriesStep, UpdateStep, ConversationStep]);
export type Step = z.infer<typeof Step>;

export const Question = z.strictObject({
  q: z.string().min(1),
  /** The answer that holds now: the first memories-mode result must contain it (and no stale phrase). */
  current: Phrase,
  /** What used to hold (or another person's fact): it must not rank above the current answer. */
  stale: Phrase.optional(),
});
export type Question = z.infer<typeof Question>;

const Checks = z.strictObject({
  /** Each phrase must appear in at least one entry. */
  mustContain: z.array(Phrase).default([]),
  /** No entry may contain any of these phrases. */
  mustNotContain: z.array(Phrase).default([]),
});
export type Checks = z.infer<typeof Checks>;

export const ExpectedProfile = z.strictObject({
  static: Checks.default({ mustContain: [], mustNotContain: [] }),
  dynamic: Checks.default({ mustContain: [], mustNotContain: [] }),
  /** Small talk: both lists must be empty. */
  empty: z.boolean().default(false),
});
export type ExpectedProfile = z.infer<typeof ExpectedProfile>;

export const Scenario = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    family: z.enum(FAMILIES),
    description: z.string().min(1),
    steps: z.array(Step).min(1),
    questions: z.array(Question).default([]),
    profile: ExpectedProfile,
    /** Small talk: the tag must hold no memory at all afterwards. */
    expectNoMemories: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    if (s.questions.length === 0 && !s.expectNoMemories) ctx.addIssue({ code: 'custom', message: 'a scenario without questions must expect no memories', path: ['questions'] });
    if (s.family === 'small-talk' && !s.expectNoMemories) ctx.addIssue({ code: 'custom', message: 'small talk must expect no memories', path: ['expectNoMemories'] });
    if (s.steps[0]!.kind === 'update') ctx.addIssue({ code: 'custom', message: 'an update needs an earlier write to find', path: ['steps', 0] });
  });
export type Scenario = z.infer<typeof Scenario>;

export const ScenarioFile = z
  .strictObject({
    /** "dev" may be tuned on; "holdout" (and any other name, e.g. data kept outside the repository) must not be. */
    split: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    note: z.string().optional(),
    scenarios: z.array(Scenario).min(1),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.scenarios.forEach((s, i) => {
      if (seen.has(s.id)) ctx.addIssue({ code: 'custom', message: `duplicate scenario id ${s.id}`, path: ['scenarios', i, 'id'] });
      seen.add(s.id);
    });
  });
export type ScenarioFile = z.infer<typeof ScenarioFile>;

/** Which endpoint a scenario needs beyond documents: conversations are reported apart while the route is missing. */
export function usesConversations(s: Scenario): boolean {
  return s.steps.some((st) => st.kind === 'conversation');
}

// ---------------------------------------------------------------------------------------------------------------
// Extraction precision sample
// ---------------------------------------------------------------------------------------------------------------

/** A gold fact: who it is about (any alternative) and the key words its memory must hold (each group: any). */
export const GoldFact = z.strictObject({
  subject: Phrase,
  keywords: z.array(Phrase).min(1),
});
export type GoldFact = z.infer<typeof GoldFact>;

export const LabelledDocument = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  content: z.string().min(1),
  date: IsoDate.optional(),
  entityContext: z.string().min(1).optional(),
  /** Every fact worth remembering in the document; empty for small talk. */
  gold: z.array(GoldFact),
});
export type LabelledDocument = z.infer<typeof LabelledDocument>;

export const PrecisionFile = z.strictObject({
  note: z.string().optional(),
  documents: z.array(LabelledDocument).min(1),
});
export type PrecisionFile = z.infer<typeof PrecisionFile>;

// ---------------------------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------------------------

export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../test/fixtures/memory-scenarios');

export interface LoadedScenarios {
  files: string[];
  split: Record<string, string>;
  scenarios: (Scenario & { split: string; file: string })[];
}

/**
 * Reads scenario files (each path a file, or every *.json of a directory holding a `scenarios` list); errors name
 * the file; an id may appear once over all files.
 */
export function loadScenarios(fileOrDirs: string | readonly string[]): LoadedScenarios {
  const files = (typeof fileOrDirs === 'string' ? [fileOrDirs] : fileOrDirs).flatMap(scenarioFiles);
  const out: LoadedScenarios = { files, split: {}, scenarios: [] };
  const ids = new Set<string>();
  for (const file of files) {
    const parsed = parseJsonFile(file, ScenarioFile);
    out.split[file] = parsed.split;
    for (const s of parsed.scenarios) {
      if (ids.has(s.id)) throw new Error(`${file}: scenario id ${s.id} appears in two files`);
      ids.add(s.id);
      out.scenarios.push({ ...s, split: parsed.split, file: path.basename(file) });
    }
  }
  return out;
}

function scenarioFiles(fileOrDir: string): string[] {
  if (!fs.existsSync(fileOrDir)) throw new Error(`--scenarios: ${fileOrDir} does not exist`);
  if (fs.statSync(fileOrDir).isFile()) return [fileOrDir];
  const files = fs
    .readdirSync(fileOrDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(fileOrDir, f))
    .filter((f) => {
      const raw = JSON.parse(fs.readFileSync(f, 'utf8')) as unknown;
      return typeof raw === 'object' && raw !== null && 'scenarios' in raw;
    })
    .sort();
  if (files.length === 0) throw new Error(`--scenarios: no scenario file (*.json with a "scenarios" list) in ${fileOrDir}`);
  return files;
}

export function loadPrecision(file: string): PrecisionFile {
  return parseJsonFile(file, PrecisionFile);
}

export function parseJsonFile<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new Error(
      `${file}: ${r.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return r.data;
}
