/**
 * Issue 26 (speed): the SQLite memory store's reads cost what they return, not what the organisation or the tag
 * holds. Every statement a call runs is recorded and explained (EXPLAIN QUERY PLAN with its own parameters): none may
 * walk a table, or every memory of the organisation through an index on org_id alone (a version-history read of one
 * search result did: ~12.7 ms at 10,000 memories), and a page of a tag's memories is read in index order.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgScopeToken, tagScopeToken } from '../../src/storage/scope-tokens.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { encode } from '../../src/storage/sqlite/memory-rows.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { indexTerms, queryTerms } from '../../src/text/tokenize.js';
import type { Actor } from '../../src/core/actor.js';
import { MemoryProfiles } from '../../src/services/memory-profile.js';
import { makeMemory } from './memory-contract.js';
import { axis, makeOrg, MODEL } from './store-fixtures.js';
import { ASKED_PAIRS } from './subject-pairs.js';

type Statement = { source: string; run: Method; get: Method; all: Method; iterate: Method };
type Method = (...params: unknown[]) => unknown;

const org = makeOrg('plans');
let store: SqliteStore;
let db: Database.Database;

beforeAll(async () => {
  store = new SqliteStore(':memory:');
  await store.migrate();
  await store.accounts.upsertOrganization(org);
  db = (store as unknown as { db: Database.Database }).db;
  const names = ['Dana', 'Eli', 'Noor'];
  for (let i = 0; i < 240; i++) {
    const root = makeMemory(org.id, {
      memory: `${names[i % 3]} fact ${i} about greyhounds and lanterns`,
      containerTags: [i % 2 === 0 ? 'user-a' : 'user-b'],
      subject: names[i % 3]!,
      attribute: i % 4 === 0 ? 'residence' : 'other',
      isStatic: i % 3 === 0,
      documentIds: [`doc-${i % 10}`],
    });
    await store.memories.insertMemory(root, { model: MODEL, vector: axis(i % 8) });
    if (i % 5 === 0) {
      const next = makeMemory(org.id, { ...root, id: `${root.id}-v2`, version: 2, parentMemoryId: root.id, rootMemoryId: root.id, relation: 'updates' });
      await store.memories.insertMemory(next, { model: MODEL, vector: axis(i % 8) });
      await store.memories.updateMemory(org.id, root.id, { isLatest: false });
    }
  }
});
afterAll(() => store.close());

/** Runs `call` and returns the query plan of every statement it ran, with the statement. */
async function plansOf(call: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Statement;
  const ran: { sql: string; params: unknown[] }[] = [];
  const originals = { run: proto.run, get: proto.get, all: proto.all, iterate: proto.iterate };
  for (const name of ['run', 'get', 'all', 'iterate'] as const) {
    proto[name] = function recorded(this: Statement, ...params: unknown[]) {
      ran.push({ sql: this.source, params });
      return originals[name].apply(this, params);
    };
  }
  try {
    await call();
  } finally {
    Object.assign(proto, originals);
  }
  return ran
    .filter((s) => /^\s*SELECT/i.test(s.sql))
    .map((s) => ({ sql: s.sql.replace(/\s+/g, ' ').trim(), plan: (db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params) as { detail: string }[]).map((r) => r.detail) }));
}

/** Plan steps that read more than the call returns. */
function broadSteps(plans: { sql: string; plan: string[] }[], { ordered }: { ordered: boolean }): string[] {
  return plans.flatMap(({ sql, plan }) =>
    plan
      .filter(
        (d) =>
          /^SCAN (m|t|memories|memory_tags|memory_sources)\b/.test(d) || /^SEARCH (m|t|memories|memory_tags) USING (COVERING )?INDEX \w+ \(org_id=\?\)$/.test(d) || (ordered && /USE TEMP B-TREE FOR ORDER BY/.test(d)),
      )
      .map((d) => `${d}   <- ${sql.slice(0, 160)}`),
  );
}

describe('SQLite memory store: query plans', () => {
  const tags = ['user-a'];
  it('reads memories by id, by chain, by subject and by document without walking the organisation', async () => {
    const { memories } = await store.memories.listMemories(org.id, { containerTags: tags, limit: 20, offset: 0 });
    const ids = memories.map((m) => m.id);
    const plans = await plansOf(async () => {
      await store.memories.getMemoriesByIds(org.id, ids);
      await store.memories.getMemory(org.id, ids[0]!);
      await store.memories.getMemory(org.id, ids[0]!, tags);
      await store.memories.memoryHistory(org.id, memories[0]!.rootMemoryId!);
      await store.memories.memoryHistories(
        org.id,
        memories.map((m) => m.rootMemoryId!),
      );
      await store.memories.findMemoriesBySubject(org.id, tags, 'dana', 'residence');
      await store.memories.findMemoryDatesBySubjects(org.id, tags, [
        { subject: 'ELI', attribute: 'other' },
        { subject: 'noor', attribute: 'residence' },
      ]);
      await store.memories.memoriesOfDocument(org.id, 'doc-3');
      await store.memories.memoryCounts(org.id, tags);
    });
    expect(plans.length).toBeGreaterThan(8);
    expect(broadSteps(plans, { ordered: false })).toEqual([]);
  });

  it("reads a tag's change stamp from the tag's own counter and expiry index range", async () => {
    const plans = await plansOf(async () => {
      await store.memories.memoryTagStamp(org.id, 'user-a');
    });
    expect(plans).toHaveLength(1);
    const plan = plans[0]!.plan.join(' | ');
    expect(plan).toMatch(/SEARCH memory_tag_seq USING PRIMARY KEY \(org_id=\? AND tag=\?\)/);
    expect(plan).toMatch(/SEARCH memory_tags USING COVERING INDEX memory_tags_expiring \(org_id=\? AND tag=\? AND forget_after>\?\)/);
    expect(broadSteps(plans, { ordered: true })).toEqual([]);
  });

  it('reads the memories of many subject + attribute pairs in one statement, each pair from its own index range', async () => {
    const plans = await plansOf(async () => {
      await store.memories.findMemoryDatesBySubjects(org.id, tags, ASKED_PAIRS);
    });
    expect(plans).toHaveLength(1);
    for (const p of plans) expect(p.plan.join(' | ')).toMatch(/SEARCH s USING INDEX memories_subject \(org_id=\? AND <expr>=\? AND attribute=\?\)/);
    expect(broadSteps(plans, { ordered: false })).toEqual([]);
  });

  it('pages a tag in index order, for every order lists and profiles use', async () => {
    const plans = await plansOf(async () => {
      for (const sort of ['createdAt', 'updatedAt'] as const) await store.memories.listMemories(org.id, { containerTags: tags, sort, order: 'desc', limit: 10, offset: 0 });
      await store.memories.listMemories(org.id, { containerTags: tags, isStatic: true, sort: 'support', order: 'desc', limit: 10, offset: 0, count: false });
      await store.memories.listMemories(org.id, { containerTags: tags, isStatic: false, sort: 'recency', order: 'desc', recentSince: '2020-01-01', limit: 10, offset: 0 });
    });
    const pages = plans.filter((p) => /LIMIT/.test(p.sql));
    expect(pages).toHaveLength(4);
    expect(broadSteps(pages, { ordered: true })).toEqual([]);
    expect(broadSteps(plans, { ordered: false })).toEqual([]);
  });

  it('builds a profile from pages read in index order (its latest-activity read sorted the whole tag)', async () => {
    const actor: Actor = { orgId: org.id, keyId: 'k', keyKind: 'root', containerTags: null, permission: 'write', rateLimit: null, expiresAt: null };
    const plans = await plansOf(() => new MemoryProfiles(store, 30).profile(actor, 'user-a'));
    // The subject + attribute read of each page sorts its own few rows per pair (its index ranges: test above).
    const bySubjects = (p: { sql: string }) => /FROM json_each\(\?\) p CROSS JOIN memories m/.test(p.sql);
    const pages = plans.filter((p) => /LIMIT/.test(p.sql) && !bySubjects(p));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(broadSteps(pages, { ordered: true })).toEqual([]);
    expect(plans.filter(bySubjects).length).toBeGreaterThan(0);
    expect(broadSteps(plans, { ordered: false })).toEqual([]);
  });

  it('searches by words and by vector reading only the candidates', async () => {
    const plans = await plansOf(async () => {
      await store.memories.memoryKeywordSearch(org.id, { containerTags: tags, terms: queryTerms('greyhounds fact 12'), limit: 8 });
      await store.memories.memoryVectorSearch(org.id, { containerTags: tags, vector: axis(2), model: MODEL, limit: 8 });
    });
    expect(plans.length).toBeGreaterThan(1);
    expect(
      broadSteps(
        plans.filter((p) => !/FROM memories WHERE org_id = \? AND is_latest = 1 AND is_forgotten = 0 AND embedding_model/.test(p.sql)),
        { ordered: false },
      ),
    ).toEqual([]);
  });
});

describe('SQLite memory store: migration memory-lookups', () => {
  it('fills the tag rows and term counts of memories written before it, so listing and keyword search find them', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const lookups = MIGRATIONS.find((x) => x.name === 'memory-lookups')!.version;
    for (const m of MIGRATIONS.filter((x) => x.version < lookups)) {
      db.exec(m.sql);
      m.run?.(db);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    }
    const old = makeMemory(org.id, { memory: 'Dana keeps a brass lantern.', isStatic: true, sourceCount: 4, eventDate: '2026-01-05', updatedAt: '2026-02-01T00:00:00.000Z', subject: 'Dana', attribute: 'other' });
    const gone = makeMemory(org.id, { memory: 'Dana kept a paper lantern.', isForgotten: true });
    for (const m of [old, gone]) {
      const cols = [
        'id',
        'org_id',
        'created_at',
        'container_tags',
        'memory',
        'is_static',
        'is_latest',
        'is_forgotten',
        'is_inference',
        'version',
        'parent_memory_id',
        'root_memory_id',
        'relation',
        'subject',
        'attribute',
        'event_date',
        'forget_after',
        'forget_reason',
        'forgotten_at',
        'document_ids',
        'source_count',
        'metadata',
        'updated_at',
      ];
      const fields = [
        'id',
        'orgId',
        'createdAt',
        'containerTags',
        'memory',
        'isStatic',
        'isLatest',
        'isForgotten',
        'isInference',
        'version',
        'parentMemoryId',
        'rootMemoryId',
        'relation',
        'subject',
        'attribute',
        'eventDate',
        'forgetAfter',
        'forgetReason',
        'forgottenAt',
        'documentIds',
        'sourceCount',
        'metadata',
        'updatedAt',
      ] as const;
      const info = db.prepare(`INSERT INTO memories (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...fields.map((f) => encode(f, m[f])));
      db.prepare('INSERT INTO memory_tags (org_id, tag, memory_id) VALUES (?, ?, ?)').run(org.id, 'user-a', m.id);
      db.prepare('INSERT INTO memory_fts (rowid, terms, scope) VALUES (?, ?, ?)').run(info.lastInsertRowid, indexTerms(m.memory).join(' '), `${orgScopeToken(org.id)} ${tagScopeToken(org.id, 'user-a')}`);
    }
    const file = db.serialize();
    db.close();
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-mem-migrate-'));
    fs.writeFileSync(path.join(dir, 'before.db'), file);
    const migrated = new SqliteStore(path.join(dir, 'before.db'));
    try {
      await migrated.migrate();
      const statics = await migrated.memories.listMemories(org.id, { containerTags: ['user-a'], isStatic: true, sort: 'support', order: 'desc', limit: 10, offset: 0 });
      expect(statics.memories).toEqual([old]);
      const recent = await migrated.memories.listMemories(org.id, { containerTags: ['user-a'], sort: 'recency', recentSince: '2026-01-05', limit: 10, offset: 0 });
      expect(recent.memories.map((m) => m.id)).toEqual([old.id]);
      const withForgotten = await migrated.memories.listMemories(org.id, { containerTags: ['user-a'], includeForgotten: true, limit: 10, offset: 0 });
      expect(withForgotten.total).toBe(2);
      // Both keyword rows count for "lantern"; the forgotten memory is still left out of the results.
      const found = await migrated.memories.memoryKeywordSearch(org.id, { containerTags: ['user-a'], terms: queryTerms('lantern'), limit: 5 });
      expect(found.map((c) => c.memoryId)).toEqual([old.id]);
      expect(await migrated.memories.findMemoriesBySubject(org.id, ['user-a'], 'DANA', 'other')).toEqual([old]);
    } finally {
      await migrated.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
