/**
 * Profile reads at 10,000 memories in one tag, old vs new in one process (issue 26 speed): MemoryProfiles.profile on
 * one SQLite store, rotating between the per-pair loop of before (one statement per subject + attribute pair,
 * whole rows; kept here as the baseline), findMemoryDatesBySubjects (one statement, ids and dates: what a profile
 * computes with now), and the profile cache (MemoryProfileCache: a repeated profile of an unchanged tag reads the
 * tag's stamp only). All answer the same profile (checked before timing); only ratios mean something on a busy
 * machine. `stampMs` is the stamp read alone (what a changed tag adds to a computed profile).
 *
 *   npx tsx bench/memory-profile-reads.ts [--memories 10000] [--rounds 100] [--keyed-every 10] [--write]
 *
 * `--keyed-every n`: one memory in n has a subject and attribute (bench:memories' speed part: its 1,000 API writes
 * do, its 9,000 seeded ones do not); `--keyed-every 1` gives every pair dozens of rows.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type Database from 'better-sqlite3';
import type { Actor } from '../src/core/actor.js';
import type { MemoryRecord } from '../src/core/types.js';
import { MemoryProfiles } from '../src/services/memory-profile.js';
import { MemoryProfileCache } from '../src/services/memory-profile-cache.js';
import type { SubjectAttribute } from '../src/storage/memories.js';
import { rowToMemory, SELECT_M, type Row } from '../src/storage/sqlite/memory-rows.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { environment, intArg, loadAverage, log, round, summarize, writeResults } from './lib.js';

const TAG = 'profile_bench_user';
const SUBJECTS = ['user', 'Alex', 'Maya', 'Jonas', 'Priya', 'Tomas', 'Lena', 'Omar', 'Chloe', 'Rafael', 'Ines', 'Kenji', 'Sofia', 'Marek', 'Aisha', 'Hugo', 'Nadia'];
/** Single-valued and keyed catalogue attributes (memory/attributes.ts), and "other" (never supersedes). */
const ATTRIBUTES = [
  'residence',
  'employer',
  'role',
  'diet',
  'partner',
  'vehicle',
  'manager',
  'education',
  'timezone',
  'pet:dog',
  'allergy:peanut',
  'opinion:running',
  'favorite:food',
  'language:spanish',
  'other',
  'other',
];

const { values: a } = parseArgs({ options: { memories: { type: 'string' }, rounds: { type: 'string' }, 'keyed-every': { type: 'string' }, write: { type: 'boolean', default: false } } });
const KEYED_EVERY = Math.max(1, intArg(a['keyed-every'], 10, 'keyed-every'));
const MEMORIES = intArg(a.memories, 10_000, 'memories');
const ROUNDS = intArg(a.rounds, 100, 'rounds');

function record(orgId: string, i: number, base: number): MemoryRecord {
  const id = randomUUID();
  const at = new Date(base + i * 60_000).toISOString();
  // One memory in KEYED_EVERY has a subject and attribute (the bench's API writes); the rest none (its seeded ones).
  const subject = i % KEYED_EVERY === 0 ? SUBJECTS[(i / KEYED_EVERY) % SUBJECTS.length]! : null;
  const attribute = subject ? ATTRIBUTES[((i / KEYED_EVERY) * 7) % ATTRIBUTES.length]! : null;
  return {
    id,
    orgId,
    containerTags: [TAG],
    memory: `${subject ?? 'Someone'} fact ${i} (${attribute ?? 'none'}).`,
    isStatic: i % 3 !== 0,
    isLatest: true,
    isForgotten: false,
    isInference: false,
    version: 1,
    parentMemoryId: null,
    rootMemoryId: id,
    relation: null,
    subject,
    attribute,
    eventDate: null,
    forgetAfter: null,
    forgetReason: null,
    forgottenAt: null,
    documentIds: [],
    sourceCount: 1 + ((Math.imul(i, 2654435761) >>> 0) % 5),
    metadata: {},
    createdAt: at,
    updatedAt: at,
  };
}

async function main() {
  const env = environment();
  const store = new SqliteStore(':memory:');
  await store.migrate();
  const orgId = `org-${randomUUID()}`;
  await store.accounts.upsertOrganization({ id: orgId, name: 'Profile bench', slug: 'profile-bench', createdAt: new Date().toISOString() });
  const base = Date.now() - MEMORIES * 60_000 - 86_400_000;
  for (let i = 0; i < MEMORIES; i++) await store.memories.insertMemory(record(orgId, i, base));
  log(`${MEMORIES} memories in ${TAG}`);

  // The per-pair loop profiles ran before (one statement per distinct pair, 100 rows each at most).
  const db = (store as unknown as { db: Database.Database }).db;
  const perPairStatement = db.prepare(
    `SELECT ${SELECT_M} FROM memories m INDEXED BY memories_subject
     WHERE m.org_id = ? AND lower(m.subject) = lower(?) AND m.attribute = ? AND m.subject IS NOT NULL
     AND m.is_latest = 1 AND m.is_forgotten = 0 AND (m.forget_after IS NULL OR m.forget_after > ?)
     AND EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.org_id = ? AND t.tag IN (SELECT value FROM json_each(?)))
     ORDER BY m.updated_at DESC LIMIT 100`,
  );
  const batchedDates = store.memories.findMemoryDatesBySubjects.bind(store.memories);
  let pairsSeen = 0;
  let calls = 0;
  const oldImpl = (org: string, tags: readonly string[], pairs: readonly SubjectAttribute[]): Promise<MemoryRecord[]> => {
    const seen = new Set<string>();
    const out: MemoryRecord[] = [];
    for (const p of pairs) {
      const key = `${p.subject.toLowerCase()}\u0000${p.attribute}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const r of perPairStatement.all(org, p.subject, p.attribute, new Date().toISOString(), org, JSON.stringify([...new Set(tags)])) as Row[]) out.push(rowToMemory(r));
    }
    return Promise.resolve(out);
  };
  const counting = (impl: typeof batchedDates) => async (org: string, tags: readonly string[], pairs: readonly SubjectAttribute[]) => {
    calls++;
    pairsSeen += new Set(pairs.map((p) => `${p.subject.toLowerCase()}\u0000${p.attribute}`)).size;
    return impl(org, tags, pairs);
  };
  const impls = { perPair: counting(oldImpl), batchedDates: counting(batchedDates), cached: counting(batchedDates) };
  const use = (name: keyof typeof impls) => {
    store.memories.findMemoryDatesBySubjects = impls[name];
  };

  const profiles = new MemoryProfiles(store, 30);
  const cache = new MemoryProfileCache(store.memories, profiles, 30);
  const profileOf = (name: keyof typeof impls) => (name === 'cached' ? cache.profile(actor, TAG) : profiles.profile(actor, TAG));
  const actor: Actor = { orgId, keyId: 'bench', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };
  use('perPair');
  const expected = JSON.stringify(await profiles.profile(actor, TAG));
  for (const name of ['batchedDates', 'cached'] as const) {
    use(name);
    if (JSON.stringify(await profileOf(name)) !== expected) throw new Error(`${name} changes the profile`);
  }
  calls = 0;
  pairsSeen = 0;
  await profiles.profile(actor, TAG);
  const pairsPerProfile = { calls, distinctPairs: pairsSeen };

  const ms: Record<keyof typeof impls | 'stamp', number[]> = { perPair: [], batchedDates: [], cached: [], stamp: [] };
  const order: (keyof typeof impls)[] = ['perPair', 'batchedDates', 'cached'];
  for (let r = 0; r < ROUNDS + 10; r++) {
    for (const name of r % 2 === 0 ? order : [...order].reverse()) {
      use(name);
      const t0 = performance.now();
      await profileOf(name);
      if (r >= 10) ms[name].push(performance.now() - t0);
    }
    const t0 = performance.now();
    await store.memories.memoryTagStamp(orgId, TAG);
    if (r >= 10) ms.stamp.push(performance.now() - t0);
  }
  const profileMs = { perPair: summarize(ms.perPair), batchedDates: summarize(ms.batchedDates), cached: summarize(ms.cached) };
  const ratio = (name: 'batchedDates' | 'cached') => ({ p50: round(profileMs.perPair.p50 / profileMs[name].p50), p95: round(profileMs.perPair.p95 / profileMs[name].p95) });
  const result = {
    benchmark: 'memory-profile-reads',
    environment: env,
    memories: MEMORIES,
    rounds: ROUNDS,
    keyedEvery: KEYED_EVERY,
    subjectReadsPerProfile: pairsPerProfile,
    profileMs,
    stampMs: summarize(ms.stamp),
    speedupOverPerPair: { batchedDates: ratio('batchedDates'), cached: ratio('cached') },
    loadAverageAtEnd: loadAverage(),
  };
  console.log(JSON.stringify(result, null, 2));
  if (a.write) log(`wrote ${writeResults('memory-profile-reads', result)}`);
  await store.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
